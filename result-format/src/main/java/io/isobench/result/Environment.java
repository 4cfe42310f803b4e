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
            String cpuManagerPolicyHint) {}

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
            List<String> gc) {}

    /** Set from the pod's environment (downward API) when the operator runs the runner. */
    public record Container(String image, String namespace, String pod, String node) {}
}
