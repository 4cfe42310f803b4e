package io.isobench.runner.report;

import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The dispatch target's goals, checked against runs made in the same session on the same machine:
 * our p50 at least as good as the best peer at every rate, our max throughput at least the best peer's,
 * and our p50 at 1M msg/s within 1.5× of the core-to-core one-way latency probed in that step.
 */
public final class DispatchGoals {

    static final String OURS = "isobench";
    static final long ONE_MILLION = 1_000_000;
    static final double CORE_TO_CORE_FACTOR = 1.5;

    private DispatchGoals() {}

    public static void print(RunResult sweep, RunResult throughput, PrintWriter out) {
        out.println();
        out.println("| goal | measured | met |");
        out.println("|---|---|---|");
        for (StepResult ours : sweep.steps()) {
            if (!OURS.equals(ours.variant())) {
                continue;
            }
            Optional<StepResult> bestPeer = sweep.steps().stream()
                    .filter(s -> !OURS.equals(s.variant()) && s.load().equals(ours.load()) && s.verdict() == Verdict.OK)
                    .min(Comparator.comparingLong(s -> s.merged().latency().p50()));
            String rate = ours.label();
            if (bestPeer.isEmpty()) {
                out.printf(
                        Locale.ROOT,
                        "| p50 at %s ≤ best peer | ours %s; no peer met the rate | %s |%n",
                        rate,
                        HumanUnits.latency(ours.merged().latency().p50()),
                        ours.verdict() == Verdict.OK ? "yes" : "no (ours FAILed: " + ours.reason() + ")");
                continue;
            }
            long o = ours.merged().latency().p50();
            long p = bestPeer.get().merged().latency().p50();
            out.printf(
                    Locale.ROOT,
                    "| p50 at %s ≤ best peer | ours %s vs %s %s (%.2f×) | %s |%n",
                    rate,
                    HumanUnits.latency(o),
                    bestPeer.get().variant(),
                    HumanUnits.latency(p),
                    (double) o / p,
                    o <= p && ours.verdict() == Verdict.OK ? "yes" : "no");
        }
        if (throughput != null) {
            List<StepResult> steps = throughput.steps();
            Optional<StepResult> ours =
                    steps.stream().filter(s -> OURS.equals(s.variant())).findFirst();
            Optional<StepResult> bestPeer = steps.stream()
                    .filter(s -> !OURS.equals(s.variant()))
                    .max(Comparator.comparingDouble(MarkdownReport::meanAchieved));
            if (ours.isPresent() && bestPeer.isPresent()) {
                double o = MarkdownReport.meanAchieved(ours.get());
                double p = MarkdownReport.meanAchieved(bestPeer.get());
                out.printf(
                        Locale.ROOT,
                        "| max throughput ≥ best peer | ours %s vs %s %s (%.2f×) | %s |%n",
                        HumanUnits.rate(o),
                        bestPeer.get().variant(),
                        HumanUnits.rate(p),
                        o / p,
                        o >= p ? "yes" : "no");
            }
        }
        sweep.steps().stream()
                .filter(s -> OURS.equals(s.variant())
                        && s.load().targetRate() != null
                        && s.load().targetRate() == ONE_MILLION)
                .findFirst()
                .ifPresent(s -> {
                    long c2c = MarkdownReport.medianCoreToCore(s);
                    long p50 = s.merged().latency().p50();
                    if (c2c == 0) {
                        out.println(
                                "| p50 at 1M msg/s ≤ 1.5 × core-to-core one-way | no core-to-core probe in this run | - |");
                    } else {
                        out.printf(
                                Locale.ROOT,
                                "| p50 at 1M msg/s ≤ 1.5 × core-to-core one-way | ours %s vs probe %s (%.2f×) | %s |%n",
                                HumanUnits.latency(p50),
                                HumanUnits.latency(c2c),
                                (double) p50 / c2c,
                                p50 <= CORE_TO_CORE_FACTOR * c2c ? "yes" : "no");
                    }
                });
    }
}
