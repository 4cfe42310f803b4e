package io.isobench.runner.platform;

import io.isobench.result.NoiseSignals;
import io.isobench.result.Pinning;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's counters that explain a noisy window, read just before a measured window and just after it (never
 * inside it: reading allocates and makes system calls): the runner's cgroup CPU throttling ({@code cpu.stat}, cgroup
 * v1 or v2, found through {@code /proc/self/cgroup} and {@code /proc/self/mountinfo}), steal time and interrupts of the
 * measured CPUs ({@code /proc/stat}, {@code /proc/interrupts}), the context switches of each measured thread
 * ({@code /proc/self/task/<tid>/status}) and how long it waited for its CPU ({@code /proc/self/task/<tid>/schedstat}). A file that is absent or unreadable makes its figure null and is listed as
 * unavailable, with the reason; nothing here throws.
 */
public final class HostSignals {

    /** {@code /proc/stat} counts in USER_HZ ticks, 100 per second on every Linux build that matters. */
    static final long NANOS_PER_TICK = 10_000_000L;
    /** The local timer interrupt fires on every CPU whatever runs there: not a sign of noise. */
    static final String LOCAL_TIMER = "LOC";

    static final int TOP_INTERRUPTS = 3;

    private final Path root;

    /** @param root where {@code proc/} and {@code sys/} are found: {@code /} on a machine, a fixture tree in tests */
    public HostSignals(Path root) {
        this.root = root;
    }

    public static HostSignals system() {
        return new HostSignals(Path.of("/"));
    }

    /**
     * The counters at one instant.
     *
     * @param atNanos     {@link System#nanoTime()} when read
     * @param cpus        the measured CPUs read
     * @param throttling  the cgroup's cpu.stat (periods, throttled periods, throttled ns), or null
     * @param stealTicks  per measured CPU, steal in USER_HZ ticks (absent when unreadable)
     * @param interrupts  per measured CPU, per interrupt source other than the local timer, the count
     * @param switches    per measured thread role, {voluntary, involuntary} context switches
     * @param schedstat   per measured thread role, {ns it has run, ns it has waited for its CPU while runnable}
     * @param processCpu  the whole process's CPU time in USER_HZ ticks, its exited threads' included, or null
     * @param unavailable what could not be read, and why
     */
    public record Snapshot(
            long atNanos,
            List<Integer> cpus,
            NoiseSignals.Throttling throttling,
            Map<Integer, Long> stealTicks,
            Map<Integer, Map<String, Long>> interrupts,
            Map<String, long[]> switches,
            Map<String, long[]> schedstat,
            Long processCpu,
            List<String> unavailable) {}

    /** Reads every counter for {@code cpus} and the threads in {@code threadIds} (role → OS thread id, null when unknown). */
    public Snapshot read(List<Integer> cpus, Map<String, Integer> threadIds) {
        List<String> unavailable = new ArrayList<>();
        NoiseSignals.Throttling throttling = throttling(unavailable);
        Map<Integer, Long> steal = steal(cpus, unavailable);
        Map<Integer, Map<String, Long>> interrupts = interrupts(cpus, unavailable);
        Map<String, long[]> switches = new LinkedHashMap<>();
        Map<String, long[]> schedstat = new LinkedHashMap<>();
        threadIds.forEach((role, tid) -> {
            long[] times = tid == null ? null : schedstat(tid);
            if (times != null) {
                schedstat.put(role, times);
            } else if (tid != null) {
                unavailable.add("time " + role + " waited for its CPU: /proc/self/task/" + tid
                        + "/schedstat is unreadable (a kernel without CONFIG_SCHED_INFO)");
            }
            long[] counts = tid == null ? null : switches(tid);
            if (counts == null) {
                unavailable.add("context switches of " + role + ": "
                        + (tid == null
                                ? "its thread id is unknown"
                                : "/proc/self/task/" + tid + "/status is unreadable or has no ctxt_switches lines"));
            } else {
                switches.put(role, counts);
            }
        });
        return new Snapshot(
                System.nanoTime(),
                List.copyOf(cpus),
                throttling,
                steal,
                interrupts,
                switches,
                schedstat,
                processCpu(unavailable),
                unavailable);
    }

    /** What happened between two snapshots, per CPU and per measured thread (with where each thread was pinned). */
    public static NoiseSignals delta(Snapshot before, Snapshot after, List<Pinning> pinnings) {
        List<String> unavailable = new ArrayList<>(after.unavailable());
        before.unavailable().stream().filter(u -> !unavailable.contains(u)).forEach(unavailable::add);
        NoiseSignals.Throttling throttling = null;
        if (before.throttling() != null && after.throttling() != null) {
            NoiseSignals.Throttling a = after.throttling();
            NoiseSignals.Throttling b = before.throttling();
            throttling = new NoiseSignals.Throttling(
                    a.source(),
                    a.periods() - b.periods(),
                    a.throttledPeriods() - b.throttledPeriods(),
                    a.throttledNanos() - b.throttledNanos());
        }
        List<NoiseSignals.CpuNoise> cpus = new ArrayList<>();
        for (int cpu : after.cpus()) {
            Long b = before.stealTicks().get(cpu);
            Long a = after.stealTicks().get(cpu);
            cpus.add(interruptsDelta(
                    cpu,
                    a == null || b == null ? null : (a - b) * NANOS_PER_TICK,
                    before.interrupts().get(cpu),
                    after.interrupts().get(cpu)));
        }
        List<NoiseSignals.ThreadNoise> threads = new ArrayList<>();
        for (Pinning p : pinnings) {
            long[] b = before.switches().get(p.role());
            long[] a = after.switches().get(p.role());
            boolean known = a != null && b != null;
            long[] timesBefore = before.schedstat().get(p.role());
            long[] timesAfter = after.schedstat().get(p.role());
            boolean timed = timesBefore != null && timesAfter != null;
            threads.add(new NoiseSignals.ThreadNoise(
                    p.role(),
                    p.cpu(),
                    p.applied(),
                    known ? a[1] - b[1] : null,
                    known ? a[0] - b[0] : null,
                    timed ? timesAfter[1] - timesBefore[1] : null));
        }
        return new NoiseSignals(
                after.atNanos() - before.atNanos(),
                throttling,
                cpus,
                threads,
                otherThreadsCpu(before, after, pinnings),
                unavailable);
    }

    /**
     * The CPU time this process's threads other than the measured ones used between the snapshots (the JIT compiler,
     * the collector, the target's own helpers), wherever they ran: the process's ticks less the measured threads' run
     * time, one tick added for the ticks' resolution; null when the process's ticks are missing. A measured thread
     * without a run time (one of another process, such as a server's, or an unreadable one) subtracts nothing: the
     * figure is then, if anything, too large, which credits the host with less.
     */
    private static Long otherThreadsCpu(Snapshot before, Snapshot after, List<Pinning> pinnings) {
        if (before.processCpu() == null || after.processCpu() == null) {
            return null;
        }
        long measured = 0;
        for (Pinning p : pinnings) {
            long[] b = before.schedstat().get(p.role());
            long[] a = after.schedstat().get(p.role());
            if (a != null && b != null) {
                measured += a[0] - b[0];
            }
        }
        long process = (after.processCpu() - before.processCpu() + 1) * NANOS_PER_TICK;
        return Math.max(0, process - measured);
    }

    private static NoiseSignals.CpuNoise interruptsDelta(
            int cpu, Long stealNanos, Map<String, Long> before, Map<String, Long> after) {
        if (before == null || after == null) {
            return new NoiseSignals.CpuNoise(cpu, stealNanos, null, Map.of());
        }
        Map<String, Long> rise = new LinkedHashMap<>();
        after.forEach((source, count) -> rise.put(source, count - before.getOrDefault(source, 0L)));
        Map<String, Long> top = new LinkedHashMap<>();
        rise.entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(TOP_INTERRUPTS)
                .forEach(e -> top.put(e.getKey(), e.getValue()));
        return new NoiseSignals.CpuNoise(
                cpu,
                stealNanos,
                rise.values().stream().mapToLong(Long::longValue).sum(),
                top);
    }

    /** The runner's own cgroup's CPU throttling: the v1 cpu controller's hierarchy if mounted, else the v2 one. */
    NoiseSignals.Throttling throttling(List<String> unavailable) {
        List<String> cgroups = lines("proc/self/cgroup");
        List<String> mounts = lines("proc/self/mountinfo");
        if (cgroups == null || mounts == null) {
            unavailable.add("cgroup throttling: " + (cgroups == null ? "/proc/self/cgroup" : "/proc/self/mountinfo")
                    + " is unreadable");
            return null;
        }
        Path file = null;
        boolean v2 = false;
        for (String line : cgroups) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && List.of(f[1].split(",")).contains("cpu")) {
                file = cgroupDir(mounts, "cgroup", "cpu", f[2]);
            }
        }
        if (file == null) {
            for (String line : cgroups) {
                String[] f = line.split(":", 3);
                if (f.length == 3 && f[0].equals("0") && f[1].isEmpty()) {
                    file = cgroupDir(mounts, "cgroup2", null, f[2]);
                    v2 = true;
                }
            }
        }
        if (file == null) {
            unavailable.add(
                    "cgroup throttling: no cgroup v1 cpu controller or cgroup v2 hierarchy of this process is mounted");
            return null;
        }
        Path statFile = file.resolve("cpu.stat");
        String shown = "/" + root.relativize(statFile);
        List<String> stat = lines(root.relativize(statFile).toString());
        if (stat == null) {
            unavailable.add("cgroup throttling: " + shown + " is unreadable");
            return null;
        }
        Map<String, Long> values = new LinkedHashMap<>();
        for (String line : stat) {
            String[] kv = line.trim().split("\\s+");
            Long value = kv.length == 2 ? number(kv[1]) : null;
            if (value != null) {
                values.put(kv[0], value);
            }
        }
        Long throttledNanos = v2
                ? (values.containsKey("throttled_usec") ? values.get("throttled_usec") * 1_000 : null)
                : values.get("throttled_time");
        if (!values.containsKey("nr_throttled") || throttledNanos == null) {
            unavailable.add(
                    "cgroup throttling: " + shown + " has no nr_throttled/" + (v2 ? "throttled_usec" : "throttled_time")
                            + (v2 ? " (the cpu controller is not enabled for this cgroup)" : ""));
            return null;
        }
        return new NoiseSignals.Throttling(
                shown, values.getOrDefault("nr_periods", 0L), values.get("nr_throttled"), throttledNanos);
    }

    /**
     * The directory of cgroup {@code path} under the mount of type {@code fsType} ({@code cgroup} with {@code controller}
     * among its super options, or {@code cgroup2}); the mount's root (a container sees its own cgroup as {@code /}) is
     * taken off the path.
     */
    private Path cgroupDir(List<String> mountinfo, String fsType, String controller, String path) {
        for (String line : mountinfo) {
            int dash = line.indexOf(" - ");
            if (dash < 0) {
                continue;
            }
            String[] before = line.substring(0, dash).split(" ");
            String[] after = line.substring(dash + 3).split(" ");
            if (before.length < 5
                    || after.length < 3
                    || !after[0].equals(fsType)
                    || controller != null && !List.of(after[2].split(",")).contains(controller)) {
                continue;
            }
            String mountRoot = before[3];
            String relative = path;
            if (!mountRoot.equals("/") && (path.equals(mountRoot) || path.startsWith(mountRoot + "/"))) {
                relative = path.substring(mountRoot.length());
            }
            return root.resolve(before[4].substring(1))
                    .resolve(relative.startsWith("/") ? relative.substring(1) : relative);
        }
        return null;
    }

    /** Steal ticks per CPU from the per-CPU lines of /proc/stat, one per CPU number (the 8th value). */
    Map<Integer, Long> steal(List<Integer> cpus, List<String> unavailable) {
        Map<Integer, Long> steal = new LinkedHashMap<>();
        List<String> stat = lines("proc/stat");
        if (stat == null) {
            unavailable.add("steal time: /proc/stat is unreadable");
            return steal;
        }
        for (String line : stat) {
            String[] f = line.trim().split("\\s+");
            Long cpu = f.length > 8 && f[0].startsWith("cpu") ? number(f[0].substring(3)) : null;
            Long ticks = cpu == null ? null : number(f[8]);
            if (ticks != null && cpus.contains(cpu.intValue())) {
                steal.put(cpu.intValue(), ticks);
            }
        }
        cpus.stream()
                .filter(c -> !steal.containsKey(c))
                .forEach(c -> unavailable.add(
                        "steal time of CPU " + c + ": /proc/stat has no cpu" + c + " line with a steal column"));
        return steal;
    }

    /**
     * Per measured CPU, each interrupt source's count from /proc/interrupts, the local timer left out. Columns are
     * matched to CPUs by the header ({@code CPU0 CPU2 …}: offline CPUs have none); numbered IRQs are named by their
     * number and device.
     */
    Map<Integer, Map<String, Long>> interrupts(List<Integer> cpus, List<String> unavailable) {
        Map<Integer, Map<String, Long>> byCpu = new LinkedHashMap<>();
        List<String> table = lines("proc/interrupts");
        if (table == null || table.isEmpty()) {
            unavailable.add("interrupts: /proc/interrupts is unreadable");
            return byCpu;
        }
        String[] header = table.getFirst().trim().split("\\s+");
        Map<Integer, Integer> column = new LinkedHashMap<>();
        for (int i = 0; i < header.length; i++) {
            Long cpu = header[i].startsWith("CPU") ? number(header[i].substring(3)) : null;
            if (cpu != null && cpus.contains(cpu.intValue())) {
                column.put(cpu.intValue(), i);
            }
        }
        cpus.stream()
                .filter(c -> !column.containsKey(c))
                .forEach(c ->
                        unavailable.add("interrupts of CPU " + c + ": /proc/interrupts has no CPU" + c + " column"));
        column.keySet().forEach(c -> byCpu.put(c, new LinkedHashMap<>()));
        for (String line : table.subList(1, table.size())) {
            String[] f = line.trim().split("\\s+");
            if (f.length < header.length + 1 || !f[0].endsWith(":")) {
                continue; // ERR:, MIS: and the like are not per CPU
            }
            String source = f[0].substring(0, f[0].length() - 1);
            if (source.equals(LOCAL_TIMER)) {
                continue;
            }
            if (source.matches("\\d+") && f.length > header.length + 1) {
                source = source + " " + f[f.length - 1];
            }
            for (Map.Entry<Integer, Integer> e : column.entrySet()) {
                Long count = number(f[e.getValue() + 1]);
                if (count != null) {
                    byCpu.get(e.getKey()).merge(source, count, Long::sum);
                }
            }
        }
        return byCpu;
    }

    /** {voluntary, involuntary} context switches of thread {@code tid} of this process, or null. */
    long[] switches(int tid) {
        List<String> status = lines("proc/self/task/" + tid + "/status");
        if (status == null) {
            return null;
        }
        Long voluntary = null;
        Long involuntary = null;
        for (String line : status) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                voluntary = number(line.substring(line.indexOf(':') + 1).trim());
            } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                involuntary = number(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return voluntary == null || involuntary == null ? null : new long[] {voluntary, involuntary};
    }

    /**
     * {ns run, ns waited} of thread {@code tid} of this process: the first two figures of its {@code schedstat}, the
     * time it has spent on a CPU and the time it has spent runnable but waiting while other threads had its CPU
     * ("time spent waiting on a runqueue"); null when unreadable.
     */
    long[] schedstat(int tid) {
        List<String> schedstat = lines("proc/self/task/" + tid + "/schedstat");
        if (schedstat == null || schedstat.isEmpty()) {
            return null;
        }
        String[] f = schedstat.getFirst().trim().split("\\s+");
        Long ran = f.length < 3 ? null : number(f[0]);
        Long waited = f.length < 3 ? null : number(f[1]);
        return ran == null || waited == null ? null : new long[] {ran, waited};
    }

    /**
     * The process's user and system time in USER_HZ ticks, its exited threads' included: fields 14 and 15 of
     * {@code /proc/self/stat}, counted after the command name's closing parenthesis (the name may hold spaces).
     */
    Long processCpu(List<String> unavailable) {
        List<String> stat = lines("proc/self/stat");
        String line = stat == null || stat.isEmpty() ? "" : stat.getFirst();
        String[] f = line.substring(line.lastIndexOf(')') + 1).trim().split("\\s+");
        Long user = f.length > 12 ? number(f[11]) : null;
        Long system = f.length > 12 ? number(f[12]) : null;
        if (user == null || system == null) {
            unavailable.add("CPU time of the process: /proc/self/stat is unreadable or has no utime/stime");
            return null;
        }
        return user + system;
    }

    /** The calling thread's OS thread id, from the {@code /proc/thread-self} link; null where there is none. */
    public static Integer currentThreadId() {
        try {
            Path link = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            return Integer.parseInt(link.getFileName().toString());
        } catch (IOException | UnsupportedOperationException | NumberFormatException | SecurityException e) {
            return null;
        }
    }

    /** The file's lines, or null when it is absent or unreadable (the caller says which figure is unavailable). */
    private List<String> lines(String relative) {
        try {
            return Files.readAllLines(root.resolve(relative), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Long number(String text) {
        if (text.isEmpty() || text.length() > 18 || !text.chars().allMatch(Character::isDigit)) {
            return null;
        }
        return Long.parseLong(text);
    }
}
