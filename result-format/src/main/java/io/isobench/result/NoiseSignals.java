package io.isobench.result;

import java.util.List;
import java.util.Map;

/**
 * What the host did to the measured CPUs and threads during a repetition's window: read just before the window
 * opens and just after it closes (never inside it), and given here as the difference. A figure the runner could not
 * read is null, and {@code unavailable} says which and why.
 *
 * @param spanNanos   time between the two readings (the window plus its drain)
 * @param throttling  the runner's cgroup CPU throttling (CFS quota), or null when unavailable
 * @param cpus        per measured CPU: time stolen by the hypervisor, interrupts other than the local timer
 * @param threads     per measured thread: context switches and the time it waited for its CPU
 * @param otherThreadsCpuNanos CPU time the runner's threads other than the measured ones used over the span (the JIT
 *                    compiler, the collector, the target's own helpers), wherever they ran; null when unknown
 * @param unavailable figures that could not be read, each with the file and the reason
 */
public record NoiseSignals(
        long spanNanos,
        Throttling throttling,
        List<CpuNoise> cpus,
        List<ThreadNoise> threads,
        Long otherThreadsCpuNanos,
        List<String> unavailable) {

    public NoiseSignals {
        cpus = cpus == null ? List.of() : List.copyOf(cpus);
        threads = threads == null ? List.of() : List.copyOf(threads);
        unavailable = unavailable == null ? List.of() : List.copyOf(unavailable);
    }

    /**
     * {@code cpu.stat} of the cgroup the runner runs in (cgroup v2 {@code nr_throttled}/{@code throttled_usec},
     * v1 {@code nr_throttled}/{@code throttled_time}).
     *
     * @param source           the file read
     * @param periods          CFS periods that elapsed (0 when no quota is set)
     * @param throttledPeriods periods in which the cgroup ran out of quota and was stopped
     * @param throttledNanos   total time the cgroup was stopped
     */
    public record Throttling(String source, long periods, long throttledPeriods, long throttledNanos) {}

    /**
     * @param cpu           the CPU
     * @param stealNanos    time the hypervisor ran something else on this vCPU ({@code /proc/stat}, 10 ms resolution)
     * @param interrupts    interrupts on this CPU other than the local timer ({@code /proc/interrupts})
     * @param topInterrupts the largest sources of {@code interrupts}, by their {@code /proc/interrupts} name
     */
    public record CpuNoise(int cpu, Long stealNanos, Long interrupts, Map<String, Long> topInterrupts) {}

    /**
     * @param role                 the measured thread's role
     * @param cpu                  the CPU it was pinned to, or null
     * @param pinned               whether its pinning took effect
     * @param involuntarySwitches  times the kernel took its CPU away ({@code nonvoluntary_ctxt_switches})
     * @param voluntarySwitches    times it blocked or slept ({@code voluntary_ctxt_switches})
     * @param waitedForCpuNanos    how long it was ready to run but waited while other threads ran on its CPU (the
     *                             scheduler's {@code run_delay}, {@code /proc/self/task/<tid>/schedstat}), or null
     */
    public record ThreadNoise(
            String role,
            Integer cpu,
            boolean pinned,
            Long involuntarySwitches,
            Long voluntarySwitches,
            Long waitedForCpuNanos) {}
}
