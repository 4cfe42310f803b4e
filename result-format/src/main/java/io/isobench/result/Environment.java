package io.isobench.result;

import java.util.List;

/**
 * Where a run ran: enough for a reader to judge whether two runs are comparable and whether the
 * measured threads had their CPUs to themselves.
 *
 * @param hostname    host (or pod) name
 * @param os          operating system name and version
 * @param kernel      kernel release
 * @param arch        CPU architecture
 * @param cpuModel    CPU model name from /proc/cpuinfo
 * @param logicalCpus CPUs the OS shows (not the ones granted)
 * @param cpuset      the CPUs this process was actually granted
 * @param isolation   kernel and host facts that decide how quiet those CPUs are
 * @param jvm         the JVM and its flags
 * @param container   image and placement when run by the operator; null when run by hand
 * @param warnings    everything that weakens the result (pinning impossible, shared CPUs, …)
 */
public record Environment(
        String hostname,
        String os,
        String kernel,
        String arch,
        String cpuModel,
        int logicalCpus,
        CpuSet cpuset,
        Isolation isolation,
        Jvm jvm,
        Container container,
        List<String> warnings) {

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder()
                .hostname(hostname)
                .os(os)
                .kernel(kernel)
                .arch(arch)
                .cpuModel(cpuModel)
                .logicalCpus(logicalCpus)
                .cpuset(cpuset)
                .isolation(isolation)
                .jvm(jvm)
                .container(container)
                .warnings(warnings);
    }

    /** Builds an environment by name: which of five strings in a row is the kernel is not for a reader to count. */
    public static final class Builder {
        private String hostname;
        private String os;
        private String kernel;
        private String arch;
        private String cpuModel;
        private int logicalCpus;
        private CpuSet cpuset;
        private Isolation isolation;
        private Jvm jvm;
        private Container container;
        private List<String> warnings = List.of();

        private Builder() {}

        public Builder hostname(String v) {
            hostname = v;
            return this;
        }

        public Builder os(String v) {
            os = v;
            return this;
        }

        public Builder kernel(String v) {
            kernel = v;
            return this;
        }

        public Builder arch(String v) {
            arch = v;
            return this;
        }

        public Builder cpuModel(String v) {
            cpuModel = v;
            return this;
        }

        public Builder logicalCpus(int v) {
            logicalCpus = v;
            return this;
        }

        public Builder cpuset(CpuSet v) {
            cpuset = v;
            return this;
        }

        public Builder isolation(Isolation v) {
            isolation = v;
            return this;
        }

        public Builder jvm(Jvm v) {
            jvm = v;
            return this;
        }

        public Builder container(Container v) {
            container = v;
            return this;
        }

        public Builder warnings(List<String> v) {
            warnings = v;
            return this;
        }

        public Environment build() {
            return new Environment(
                    hostname, os, kernel, arch, cpuModel, logicalCpus, cpuset, isolation, jvm, container, warnings);
        }
    }

    /**
     * @param cpus     the granted CPUs, as a list
     * @param affinity the process affinity mask read with sched_getaffinity (list syntax, "2-3")
     * @param cgroup   the cgroup cpuset ("cpuset.cpus.effective" on v2, "cpuset.cpus" on v1), if readable
     */
    public record CpuSet(List<Integer> cpus, String affinity, String cgroup) {}

    /**
     * @param isolatedCpus  kernel isolcpus (/sys/devices/system/cpu/isolated)
     * @param nohzFull      tickless CPUs (/sys/devices/system/cpu/nohz_full)
     * @param smtSiblings   per granted CPU, its hyper-thread siblings ("0:0,4")
     * @param governor      cpufreq governor, or "n/a" where the VM hides it
     * @param clocksource   kernel clocksource (tsc is cheap to read; others add to every timestamp)
     * @param transparentHugePages THP mode
     * @param loadAverage   1-minute load average at start
     * @param cpuManagerPolicyHint how the CPUs were granted, when the operator says so (static / none)
     */
    public record Isolation(
            String isolatedCpus,
            String nohzFull,
            List<String> smtSiblings,
            String governor,
            String clocksource,
            String transparentHugePages,
            double loadAverage,
            String cpuManagerPolicyHint) {

        public static Builder builder() {
            return new Builder();
        }

        /** Builds the isolation facts by name: six kernel strings in a row are easy to swap unseen. */
        public static final class Builder {
            private String isolatedCpus;
            private String nohzFull;
            private List<String> smtSiblings = List.of();
            private String governor;
            private String clocksource;
            private String transparentHugePages;
            private double loadAverage;
            private String cpuManagerPolicyHint;

            private Builder() {}

            public Builder isolatedCpus(String v) {
                isolatedCpus = v;
                return this;
            }

            public Builder nohzFull(String v) {
                nohzFull = v;
                return this;
            }

            public Builder smtSiblings(List<String> v) {
                smtSiblings = v;
                return this;
            }

            public Builder governor(String v) {
                governor = v;
                return this;
            }

            public Builder clocksource(String v) {
                clocksource = v;
                return this;
            }

            public Builder transparentHugePages(String v) {
                transparentHugePages = v;
                return this;
            }

            public Builder loadAverage(double v) {
                loadAverage = v;
                return this;
            }

            public Builder cpuManagerPolicyHint(String v) {
                cpuManagerPolicyHint = v;
                return this;
            }

            public Isolation build() {
                return new Isolation(
                        isolatedCpus,
                        nohzFull,
                        smtSiblings,
                        governor,
                        clocksource,
                        transparentHugePages,
                        loadAverage,
                        cpuManagerPolicyHint);
            }
        }
    }

    /**
     * @param flags the JVM's input arguments, as given
     * @param gc    the garbage collectors in use
     */
    public record Jvm(
            String vendor,
            String version,
            String vm,
            List<String> flags,
            long heapInitBytes,
            long heapMaxBytes,
            List<String> gc) {

        public static Builder builder() {
            return new Builder();
        }

        /** Builds the JVM's facts by name: its two heap sizes side by side are easy to swap unseen. */
        public static final class Builder {
            private String vendor;
            private String version;
            private String vm;
            private List<String> flags = List.of();
            private long heapInitBytes;
            private long heapMaxBytes;
            private List<String> gc = List.of();

            private Builder() {}

            public Builder vendor(String v) {
                vendor = v;
                return this;
            }

            public Builder version(String v) {
                version = v;
                return this;
            }

            public Builder vm(String v) {
                vm = v;
                return this;
            }

            public Builder flags(List<String> v) {
                flags = v;
                return this;
            }

            public Builder heapInitBytes(long v) {
                heapInitBytes = v;
                return this;
            }

            public Builder heapMaxBytes(long v) {
                heapMaxBytes = v;
                return this;
            }

            public Builder gc(List<String> v) {
                gc = v;
                return this;
            }

            public Jvm build() {
                return new Jvm(vendor, version, vm, flags, heapInitBytes, heapMaxBytes, gc);
            }
        }
    }

    /** Set from the pod's environment (downward API) when the operator runs the runner. */
    public record Container(String image, String namespace, String pod, String node) {}
}
