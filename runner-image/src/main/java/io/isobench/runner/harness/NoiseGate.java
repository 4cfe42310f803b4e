package io.isobench.runner.harness;

import io.isobench.result.MachineProbe;
import io.isobench.result.NoiseSignals;
import io.isobench.runner.report.HumanUnits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Names the host noise around one repetition (docs/noise.md): each finding is one sign that the window measured the
 * host rather than the code. With a noise budget the repetition is INCONCLUSIVE when there is any finding; without
 * one the findings are only notes. What counts:
 * <ul>
 *   <li>a jitter probe, before or after, saw a stall longer than the budget (only with a budget);</li>
 *   <li>the core-to-core latency changed between the two probes: the larger one-way p50 is over
 *       {@value #CORE_TO_CORE_RATIO}× the smaller and more than {@value #CORE_TO_CORE_MIN_NANOS} ns above it (on VMs the
 *       two states are ≈ 70 ns and ≈ 275 ns when the host moves the vCPUs; run to run variation of one state stays well
 *       within 1.5×, and the absolute floor keeps bare-metal figures of 20 vs 35 ns from counting);</li>
 *   <li>the cgroup was throttled at all (a throttled cgroup stops until the next CFS period, up to 100 ms);</li>
 *   <li>the hypervisor stole any time from a measured CPU;</li>
 *   <li>a measured CPU took more than {@value #INTERRUPTS_PER_SECOND} interrupts a second besides its local timer;</li>
 *   <li>a measured thread, pinned alone on its CPU, was switched out involuntarily more than
 *       {@value #SWITCHES_PER_SECOND} times a second (kernel housekeeping on a dedicated CPU stays below that; threads that
 *       share a CPU with another measured thread take turns by design and are not counted).</li>
 * </ul>
 */
final class NoiseGate {

    static final double CORE_TO_CORE_RATIO = 1.5;
    static final long CORE_TO_CORE_MIN_NANOS = 20;
    static final long INTERRUPTS_PER_SECOND = 2_000;
    static final long SWITCHES_PER_SECOND = 2;
    /** From this share of stalled time up, the stalls reach the highest percentile the reports show, p99.9. */
    static final double STALLED_SHARE_NOTED = 0.001;

    private NoiseGate() {}

    /**
     * @param budget  the longest stall allowed, zero without a budget (stalls are then not judged)
     * @param signals the counters' rise over the window, or null when they were not read
     */
    static List<String> findings(Duration budget, MachineProbe before, MachineProbe after, NoiseSignals signals) {
        List<String> found = new ArrayList<>();
        if (budget.isPositive()) {
            stalls("before", before, budget, found);
            stalls("after", after, budget, found);
        }
        if (before != null && after != null && before.coreToCore() != null && after.coreToCore() != null) {
            long a = before.coreToCore().p50();
            long b = after.coreToCore().p50();
            if (Math.max(a, b) > CORE_TO_CORE_RATIO * Math.min(a, b) && Math.abs(a - b) > CORE_TO_CORE_MIN_NANOS) {
                found.add(String.format(
                        Locale.ROOT,
                        "core-to-core latency CPU %d↔%d changed from %s before to %s after "
                                + "(the host moved the vCPUs)",
                        before.coreToCore().cpuA(),
                        before.coreToCore().cpuB(),
                        HumanUnits.latency(a),
                        HumanUnits.latency(b)));
            }
        }
        if (signals != null) {
            signals(signals, found);
        }
        return found;
    }

    private static void stalls(String when, MachineProbe probe, Duration budget, List<String> found) {
        if (probe == null) {
            return;
        }
        for (MachineProbe.Jitter j : probe.jitter()) {
            if (j.maxStallNanos() > budget.toNanos()) {
                found.add("the jitter probe " + when + " saw a " + HumanUnits.latency(j.maxStallNanos())
                        + " stall on CPU " + j.cpu() + " (budget " + DurationText.of(budget) + ")");
            }
        }
    }

    private static void signals(NoiseSignals s, List<String> found) {
        double seconds = Math.max(1e-3, s.spanNanos() / 1e9);
        String over = String.format(Locale.ROOT, " in %.1f s", seconds);
        NoiseSignals.Throttling t = s.throttling();
        if (t != null && t.throttledPeriods() > 0) {
            found.add(String.format(
                    Locale.ROOT,
                    "the cgroup was CPU-throttled in %,d of %,d CFS periods, %s in all (%s)",
                    t.throttledPeriods(),
                    t.periods(),
                    HumanUnits.latency(t.throttledNanos()),
                    t.source()));
        }
        for (NoiseSignals.CpuNoise cpu : s.cpus()) {
            if (cpu.stealNanos() != null && cpu.stealNanos() > 0) {
                found.add("the hypervisor stole " + HumanUnits.latency(cpu.stealNanos()) + " from CPU " + cpu.cpu()
                        + over);
            }
            if (cpu.interrupts() != null && cpu.interrupts() > INTERRUPTS_PER_SECOND * seconds) {
                found.add(String.format(
                        Locale.ROOT,
                        "CPU %d took %,d interrupts besides its timer%s (%s; allowance %,d/s)",
                        cpu.cpu(),
                        cpu.interrupts(),
                        over,
                        top(cpu.topInterrupts()),
                        INTERRUPTS_PER_SECOND));
            }
        }
        for (NoiseSignals.ThreadNoise thread : s.threads()) {
            boolean alone = aloneOnItsCpu(thread, s);
            boolean overAllowance = thread.involuntarySwitches() != null
                    && thread.involuntarySwitches() > SWITCHES_PER_SECOND * seconds;
            if (alone && overAllowance) {
                found.add(String.format(
                        Locale.ROOT,
                        "thread %s (pinned to CPU %d) was switched out involuntarily %,d times%s " + "(allowance %d/s)",
                        thread.role(),
                        thread.cpu(),
                        thread.involuntarySwitches(),
                        over,
                        SWITCHES_PER_SECOND));
            }
        }
    }

    /**
     * A measured thread pinned to a CPU no other measured thread shares: whatever else ran there was not the
     * measurement (threads that share a CPU take turns by design).
     */
    private static boolean aloneOnItsCpu(NoiseSignals.ThreadNoise thread, NoiseSignals s) {
        return thread.pinned()
                && thread.cpu() != null
                && s.threads().stream()
                                .filter(o -> thread.cpu().equals(o.cpu()))
                                .count()
                        == 1;
    }

    /**
     * The longest the host kept one measured thread from running during the window, or null when nothing is known:
     * for each thread pinned alone on its CPU, the time it waited while other threads ran there, less all the CPU time
     * the runner's own other threads used (the JIT compiler, the collector and the target's helpers are this run's,
     * not the host's; they may have run anywhere, so this is the least the host's processes can have taken), plus the
     * time the hypervisor stole from that CPU. Either way the rig's thread stood still while its schedule ran on.
     */
    static Verdicts.HostHold hostHold(NoiseSignals s) {
        if (s == null) {
            return null;
        }
        Verdicts.HostHold longest = null;
        for (NoiseSignals.ThreadNoise thread : s.threads()) {
            if (!aloneOnItsCpu(thread, s)) {
                continue;
            }
            // whose the wait was cannot be told without the runner's own threads' time: none of it is counted then
            long waited = thread.waitedForCpuNanos() == null || s.otherThreadsCpuNanos() == null
                    ? 0
                    : Math.max(0, thread.waitedForCpuNanos() - s.otherThreadsCpuNanos());
            long stolen = s.cpus().stream()
                    .filter(c -> c.cpu() == thread.cpu() && c.stealNanos() != null)
                    .mapToLong(NoiseSignals.CpuNoise::stealNanos)
                    .sum();
            if (waited + stolen > 0 && (longest == null || waited + stolen > longest.nanos())) {
                List<String> what = new ArrayList<>();
                if (waited > 0) {
                    what.add("waited " + HumanUnits.latency(thread.waitedForCpuNanos())
                            + " for its CPU while other threads ran there, of which the runner's own other threads ran "
                            + HumanUnits.latency(s.otherThreadsCpuNanos()) + " at most");
                }
                if (stolen > 0) {
                    what.add("lost " + HumanUnits.latency(stolen) + " its CPU's hypervisor stole");
                }
                longest = new Verdicts.HostHold(
                        waited + stolen,
                        "thread " + thread.role() + " (pinned to CPU " + thread.cpu() + ") "
                                + String.join(" and ", what));
            }
        }
        return longest;
    }

    /**
     * Which of the window's percentiles are the host's, as a note: the jitter probes around it saw the measured CPUs
     * stalled for a share of their time, about that share of the messages met a stall, so from the percentile
     * {@code 100 × (1 − share)} up the latency is the stalls' length whatever the target did. Not a finding: a share
     * made of stalls shorter than the budget is what the budget allows, so it gates nothing; it says how far up the
     * percentiles still describe the target. Null below {@value #STALLED_SHARE_NOTED} of the time, or without probes.
     */
    static String hostsPercentiles(MachineProbe before, MachineProbe after) {
        double share = MachineProbe.stalledShareAround(before, after);
        if (Double.isNaN(share) || share < STALLED_SHARE_NOTED) {
            return null;
        }
        if (share >= 1) {
            return String.format(
                    Locale.ROOT,
                    "the jitter probes around the window saw the measured CPUs stalled %.1f%% of the time (summed over"
                            + " them): any of the latency percentiles may be the host's stalls, not the target's",
                    100 * share);
        }
        // rounded down to a tenth: the percentile named is never above the first one the stalls reach
        double from = Math.floor(1000 * (1 - share) + 1e-9) / 10;
        String percentile = from == Math.floor(from)
                ? String.format(Locale.ROOT, "%.0f", from)
                : String.format(Locale.ROOT, "%.1f", from);
        return String.format(
                Locale.ROOT,
                "the jitter probes around the window saw the measured CPUs stalled %.1f%% of the time: about as many"
                        + " of the messages met a stall, so from about p%s up the latency percentiles are the host's"
                        + " stalls, not the target's",
                100 * share,
                percentile);
    }

    /** How {@code role}'s thread was switched out involuntarily beyond the allowance during the window, or null. */
    static String preempted(NoiseSignals s, String role) {
        if (s == null) {
            return null;
        }
        double seconds = Math.max(1e-3, s.spanNanos() / 1e9);
        return s.threads().stream()
                .filter(t -> t.role().equals(role)
                        && t.involuntarySwitches() != null
                        && t.involuntarySwitches() > SWITCHES_PER_SECOND * seconds)
                .map(t -> String.format(
                        Locale.ROOT,
                        "its thread was switched out involuntarily %,d times in %.1f s",
                        t.involuntarySwitches(),
                        seconds))
                .findFirst()
                .orElse(null);
    }

    private static String top(Map<String, Long> sources) {
        return sources.entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
    }
}
