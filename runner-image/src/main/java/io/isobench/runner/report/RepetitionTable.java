package io.isobench.runner.report;

import io.isobench.result.GeneratorLag;
import io.isobench.result.MachineProbe;
import io.isobench.result.NoiseSignals;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Every repetition beside the machine state around it: the probes before → after (core-to-core p50, the longest
 * stall), what the host did during the window (throttling, steal, interrupts, involuntary switches and how long each
 * measured thread waited for its CPU), the load
 * generator's own lag, and the reruns. What a reader needs to tell a slow target from a noisy host.
 */
public final class RepetitionTable {

    private RepetitionTable() {}

    /** Prints the table when any repetition carries such figures; its notes go to {@code footnotes}. */
    public static void print(RunResult result, List<String> footnotes, PrintWriter out) {
        boolean any = result.steps().stream()
                .flatMap(s -> s.repetitions().stream())
                .anyMatch(
                        r -> r.probe() != null || r.probeAfter() != null || r.noise() != null || r.generator() != null);
        if (!any) {
            return;
        }
        out.println();
        out.println("Repetitions and the machine around them (probes before → after; host counters over the window):");
        out.println(
                "| step | rep | verdict | p50 | p99 | core-to-core p50 | longest stall | throttled | steal | interrupts | "
                        + "involuntary switches (time waited for the CPU) | sender lag p99 | reply-read delay p99 | reruns |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (StepResult step : result.steps()) {
            for (RepetitionResult r : step.repetitions()) {
                String verdict = r.verdict().name();
                for (String note : r.notes()) {
                    footnotes.add(step.id() + " repetition " + r.index() + ": " + note);
                    verdict += " [" + footnotes.size() + "]";
                }
                NoiseSignals n = r.noise();
                GeneratorLag g = r.generator();
                out.printf(
                        Locale.ROOT,
                        "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d |%n",
                        step.id(),
                        r.index(),
                        verdict,
                        HumanUnits.latency(r.latency().p50()),
                        HumanUnits.latency(r.latency().p99()),
                        beforeAfter(coreToCore(r.probe()), coreToCore(r.probeAfter())),
                        beforeAfter(stall(r.probe()), stall(r.probeAfter())),
                        throttled(n),
                        steal(n),
                        interrupts(n),
                        switches(n),
                        g == null ? "-" : HumanUnits.latency(g.sendLagP99()),
                        g == null || g.replyReadDelayP99() == null ? "-" : HumanUnits.latency(g.replyReadDelayP99()),
                        r.reruns().size());
            }
        }
    }

    private static String beforeAfter(String before, String after) {
        return Objects.equals(before, "-") && Objects.equals(after, "-") ? "-" : before + " → " + after;
    }

    private static String coreToCore(MachineProbe p) {
        return p == null || p.coreToCore() == null
                ? "-"
                : HumanUnits.latency(p.coreToCore().p50());
    }

    private static String stall(MachineProbe p) {
        return p == null || p.jitter().isEmpty()
                ? "-"
                : HumanUnits.latency(p.jitter().stream()
                        .mapToLong(MachineProbe.Jitter::maxStallNanos)
                        .max()
                        .orElse(0));
    }

    private static String throttled(NoiseSignals n) {
        if (n == null || n.throttling() == null) {
            return n == null ? "-" : "unavailable";
        }
        NoiseSignals.Throttling t = n.throttling();
        return t.throttledPeriods() == 0
                ? "0"
                : t.throttledPeriods() + "× (" + HumanUnits.latency(t.throttledNanos()) + ")";
    }

    private static String steal(NoiseSignals n) {
        if (n == null) {
            return "-";
        }
        if (n.cpus().stream().allMatch(c -> c.stealNanos() == null)) {
            return "unavailable";
        }
        return HumanUnits.latency(n.cpus().stream()
                .filter(c -> c.stealNanos() != null)
                .mapToLong(NoiseSignals.CpuNoise::stealNanos)
                .sum());
    }

    /** The busiest measured CPU's interrupts besides the timer. */
    private static String interrupts(NoiseSignals n) {
        if (n == null) {
            return "-";
        }
        return n.cpus().stream()
                .filter(c -> c.interrupts() != null)
                .max(java.util.Comparator.comparingLong(NoiseSignals.CpuNoise::interrupts))
                .map(c -> HumanUnits.count(c.interrupts()) + " (CPU " + c.cpu() + ")")
                .orElse("unavailable");
    }

    private static String switches(NoiseSignals n) {
        if (n == null) {
            return "-";
        }
        List<String> parts = n.threads().stream()
                .filter(t -> t.involuntarySwitches() != null)
                .map(t -> t.role() + " " + HumanUnits.count(t.involuntarySwitches())
                        + (t.waitedForCpuNanos() == null || t.waitedForCpuNanos() == 0
                                ? ""
                                : " (" + HumanUnits.latency(t.waitedForCpuNanos()) + ")"))
                .toList();
        return parts.isEmpty() ? "unavailable" : String.join(", ", parts);
    }
}
