package io.isobench.runner.platform;

import io.isobench.result.Environment;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.RuntimeMXBean;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the facts a reader needs to trust (or distrust) a result: CPU, kernel, the cpuset granted, the
 * kernel's isolation settings, the JVM and its flags. Files that do not exist (not Linux, hidden by the
 * VM) read as "n/a", never as an error.
 */
public final class EnvironmentProbe {

    static final String NA = "n/a";

    private final Path root;
    private final Map<String, String> env;

    /** @param root filesystem root to read /proc and /sys under (tests point it elsewhere) */
    public EnvironmentProbe(Path root, Map<String, String> env) {
        this.root = root;
        this.env = env;
    }

    public static EnvironmentProbe system() {
        return new EnvironmentProbe(Path.of("/"), System.getenv());
    }

    /** CPUs this process may use: its affinity mask (the cgroup's cpuset narrows it, never widens it). */
    public List<Integer> grantedCpus() {
        if (Affinity.unavailableReason().isEmpty()) {
            return Affinity.currentThreadCpus();
        }
        Optional<String> allowed = procStatus("Cpus_allowed_list");
        if (allowed.isPresent()) {
            return CpuList.parse(allowed.get());
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            all.add(i);
        }
        return all;
    }

    public Environment collect(List<Integer> granted, List<String> warnings) {
        RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        List<String> gcs = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName)
                .toList();
        Environment.Jvm jvm = Environment.Jvm.builder()
                .vendor(System.getProperty("java.vendor"))
                .version(System.getProperty("java.runtime.version", System.getProperty("java.version")))
                .vm(System.getProperty("java.vm.name"))
                .flags(recordedFlags(runtime.getInputArguments(), env))
                .heapInitBytes(Math.max(heap.getInit(), 0))
                .heapMaxBytes(Runtime.getRuntime().maxMemory())
                .gc(gcs)
                .build();
        List<String> siblings = smtSiblings(granted);
        List<String> allWarnings = new ArrayList<>(warnings);
        int authorOptions = authorJvmOptions(env).size();
        if (authorOptions > 0) {
            allWarnings.add(authorOptions
                    + " JVM option(s) from JDK_JAVA_OPTIONS (the run's spec.runner.jvmOptions) are not recorded: "
                    + "they are the run author's, may hold a secret, and this file is published");
        }
        siblingsOutside(granted, siblings).ifPresent(allWarnings::add);
        Environment.Isolation isolation = Environment.Isolation.builder()
                .isolatedCpus(read("sys/devices/system/cpu/isolated"))
                .nohzFull(read("sys/devices/system/cpu/nohz_full"))
                .smtSiblings(siblings)
                .governor(
                        granted.isEmpty()
                                ? NA
                                : read("sys/devices/system/cpu/cpu" + granted.getFirst() + "/cpufreq/scaling_governor"))
                .clocksource(read("sys/devices/system/clocksource/clocksource0/current_clocksource"))
                .transparentHugePages(selected(read("sys/kernel/mm/transparent_hugepage/enabled")))
                .loadAverage(loadAverage())
                .cpuManagerPolicyHint(env.get("ISOBENCH_CPU_MANAGER_POLICY"))
                .build();
        Environment.Container container = env.containsKey("ISOBENCH_POD_NAME") || env.containsKey("ISOBENCH_IMAGE")
                ? new Environment.Container(
                        env.get("ISOBENCH_IMAGE"),
                        env.get("ISOBENCH_POD_NAMESPACE"),
                        env.get("ISOBENCH_POD_NAME"),
                        env.get("ISOBENCH_NODE_NAME"))
                : null;
        return Environment.builder()
                .hostname(hostname())
                .os(System.getProperty("os.name") + " " + osRelease())
                .kernel(read("proc/sys/kernel/osrelease"))
                .arch(System.getProperty("os.arch"))
                .cpuModel(cpuModel())
                .logicalCpus(logicalCpus())
                .cpuset(cpuSet(granted))
                .isolation(isolation)
                .jvm(jvm)
                .container(container)
                .warnings(List.copyOf(allWarnings))
                .build();
    }

    /**
     * The JVM's input arguments without any given through JDK_JAVA_OPTIONS, where pods get their run author's
     * spec.runner.jvmOptions (one token each, admission sees to it): those are not ours to publish. Every equal argument goes,
     * because a forked JVM holds each twice (its parent's flags, and the variable it inherits).
     */
    static List<String> recordedFlags(List<String> inputArguments, Map<String, String> env) {
        List<String> author = authorJvmOptions(env);
        return inputArguments.stream().filter(a -> !author.contains(a)).toList();
    }

    private static List<String> authorJvmOptions(Map<String, String> env) {
        String options = env.getOrDefault("JDK_JAVA_OPTIONS", "").strip();
        return options.isEmpty() ? List.of() : List.of(options.split("\\s+"));
    }

    public Environment.CpuSet cpuSet(List<Integer> granted) {
        return new Environment.CpuSet(List.copyOf(granted), affinityText(), cgroupCpuset());
    }

    /**
     * Per granted CPU, the CPUs of its physical core: "2:2,6", or "2:n/a" when the kernel does not say. core_cpus_list is
     * the current name, thread_siblings_list the older one (same content).
     */
    public List<String> smtSiblings(List<Integer> granted) {
        List<String> entries = new ArrayList<>();
        for (int cpu : granted) {
            String topology = "sys/devices/system/cpu/cpu" + cpu + "/topology/";
            String core = read(topology + "core_cpus_list");
            entries.add(
                    cpu + ":" + canonicalCore(cpu, core.equals(NA) ? read(topology + "thread_siblings_list") : core));
        }
        return entries;
    }

    /** The list in the kernel's syntax when it is one that holds {@code cpu}, else "n/a". */
    private static String canonicalCore(int cpu, String list) {
        try {
            List<Integer> core = CpuList.parse(list);
            return core.contains(cpu) ? CpuList.format(core) : NA;
        } catch (IllegalArgumentException e) {
            return NA;
        }
    }

    /** A warning when a granted CPU shares its core with a CPU outside the grant (another workload may run there). */
    static Optional<String> siblingsOutside(List<Integer> granted, List<String> siblings) {
        List<String> outside = new ArrayList<>();
        for (String entry : siblings) {
            int colon = entry.indexOf(':');
            String list = entry.substring(colon + 1);
            if (!list.equals(NA)) {
                List<Integer> others = CpuList.parse(list).stream()
                        .filter(c -> !granted.contains(c))
                        .toList();
                if (!others.isEmpty()) {
                    outside.add("CPU " + entry.substring(0, colon) + " with " + CpuList.format(others));
                }
            }
        }
        return outside.isEmpty()
                ? Optional.empty()
                : Optional.of(
                        "SMT siblings outside the granted cpuset share a physical core: " + String.join("; ", outside)
                                + " (the kubelet's full-pcpus-only CPU manager option grants whole cores)");
    }

    private String affinityText() {
        return Affinity.unavailableReason().isEmpty()
                ? CpuList.format(Affinity.currentThreadCpus())
                : procStatus("Cpus_allowed_list").orElse(NA);
    }

    /** cgroup v2 (cpuset.cpus.effective of our cgroup) or v1 (cpuset.cpus of our cpuset cgroup). */
    String cgroupCpuset() {
        for (String line : lines("proc/self/cgroup")) {
            String[] parts = line.split(":", 3);
            if (parts.length < 3) {
                continue;
            }
            String relative = parts[2].startsWith("/") ? parts[2].substring(1) : parts[2];
            if (parts[0].equals("0") && parts[1].isEmpty()) {
                String v2 =
                        read("sys/fs/cgroup/" + relative + (relative.isEmpty() ? "" : "/") + "cpuset.cpus.effective");
                if (!v2.equals(NA)) {
                    return v2;
                }
            } else if (List.of(parts[1].split(",")).contains("cpuset")) {
                String v1 = read("sys/fs/cgroup/cpuset/" + relative + (relative.isEmpty() ? "" : "/") + "cpuset.cpus");
                if (!v1.equals(NA)) {
                    return v1;
                }
            }
        }
        return NA;
    }

    String cpuModel() {
        for (String line : lines("proc/cpuinfo")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).strip();
            }
        }
        return NA;
    }

    int logicalCpus() {
        int count = 0;
        for (String line : lines("proc/cpuinfo")) {
            if (line.startsWith("processor")) {
                count++;
            }
        }
        return count > 0 ? count : Runtime.getRuntime().availableProcessors();
    }

    double loadAverage() {
        String text = read("proc/loadavg");
        try {
            return text.equals(NA) ? -1 : Double.parseDouble(text.split("\\s+")[0]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private String osRelease() {
        for (String line : lines("etc/os-release")) {
            if (line.startsWith("PRETTY_NAME=")) {
                return "(" + line.substring("PRETTY_NAME=".length()).replace("\"", "") + ")";
            }
        }
        return "";
    }

    private Optional<String> procStatus(String key) {
        for (String line : lines("proc/self/status")) {
            if (line.startsWith(key + ":")) {
                return Optional.of(line.substring(key.length() + 1).strip());
            }
        }
        return Optional.empty();
    }

    private String hostname() {
        String fromEnv = env.get("HOSTNAME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return read("proc/sys/kernel/hostname");
        }
    }

    /** "always [madvise] never" → "madvise". */
    static String selected(String choices) {
        int open = choices.indexOf('[');
        int close = choices.indexOf(']');
        return open >= 0 && close > open ? choices.substring(open + 1, close) : choices;
    }

    String read(String relative) {
        try {
            String text = Files.readString(root.resolve(relative)).strip();
            return text;
        } catch (IOException | RuntimeException e) {
            return NA;
        }
    }

    private List<String> lines(String relative) {
        try {
            return Files.readAllLines(root.resolve(relative));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
