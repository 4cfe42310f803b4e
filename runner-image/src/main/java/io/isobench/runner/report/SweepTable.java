package io.isobench.runner.report;

import io.isobench.result.LatencySummary;
import io.isobench.result.LoadMode;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.target.spi.StepLabels;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints a run as the seeds' tables: per variant, "Latency across the rate sweep" (Rate | p50 | p90 | p99 |
 * p99.9 | p99.99 | p99.999 | max | sample count) from the merged histograms, plus what the seeds could
 * not show: the achieved rate, the verdict, and the spread of p50 across repetitions.
 */
public final class SweepTable {

    /** Targets whose closed-loop sweep is a parallel-clients table (the MockServer page's). */
    private static final java.util.Set<String> CLIENT_SWEEP_TARGETS = java.util.Set.of("http-mock", "http");

    private SweepTable() {}

    public static void print(RunResult result, PrintWriter out) {
        Map<String, List<StepResult>> byVariant = new LinkedHashMap<>();
        for (StepResult step : result.steps()) {
            byVariant
                    .computeIfAbsent(step.variant() == null ? "" : step.variant(), k -> new ArrayList<>())
                    .add(step);
        }
        List<String> footnotes = new ArrayList<>();
        for (Map.Entry<String, List<StepResult>> entry : byVariant.entrySet()) {
            List<StepResult> steps = entry.getValue();
            StepResult first = steps.getFirst();
            out.println();
            out.printf(
                    Locale.ROOT,
                    "%s%s · %s, %s · %d repetition(s) merged%n",
                    result.target(),
                    entry.getKey().isEmpty() ? "" : " · " + entry.getKey(),
                    first.load().mode().json(),
                    first.measure() == null ? "latency" : first.measure().json() + " latency",
                    first.repetitions().size());
            boolean open = first.load().mode() == LoadMode.OPEN_LOOP;
            if (!open && CLIENT_SWEEP_TARGETS.contains(result.target())) {
                printClientSweep(steps, footnotes, out);
                continue;
            }
            if (steps.stream().allMatch(SweepTable::isStreams)) {
                printStreams(steps, footnotes, out);
                continue;
            }
            out.println(
                    "| " + (open ? "Rate" : "In flight")
                            + " | p50 | p90 | p99 | p99.9 | p99.99 | p99.999 | max | sample count | achieved | p50 range (reps) | verdict |");
            out.println("|---|---|---|---|---|---|---|---|---|---|---|---|");
            for (StepResult step : steps) {
                LatencySummary l = step.merged().latency();
                String verdict = verdict(step, footnotes);
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                        open
                                ? StepLabels.rate(step.load().targetRate()) + " mps"
                                : String.valueOf(step.load().concurrency()),
                        HumanUnits.latency(l.p50()),
                        HumanUnits.latency(l.p90()),
                        HumanUnits.latency(l.p99()),
                        HumanUnits.latency(l.p99_9()),
                        HumanUnits.latency(l.p99_99()),
                        HumanUnits.latency(l.p99_999()),
                        HumanUnits.latency(l.max()),
                        HumanUnits.count(l.count()),
                        achieved(step),
                        p50Range(step),
                        verdict);
            }
        }
        printTippingPoints(result, out);
        VariantComparisonTable.print(result, out);
        RepetitionTable.print(result, footnotes, out);
        if (!footnotes.isEmpty()) {
            out.println();
            for (int i = 0; i < footnotes.size(); i++) {
                out.printf(Locale.ROOT, "[%d] %s%n", i + 1, footnotes.get(i));
            }
        }
    }

    /**
     * The MockServer page's layout for a parallel-clients sweep: 50/66/75/80/90/95/98/99/99.9/99.99%, requests/s
     * and mean, plus the max and the verdict the seed did not give.
     */
    private static void printClientSweep(List<StepResult> steps, List<String> footnotes, PrintWriter out) {
        out.println(
                "| parallel clients | 50% | 66% | 75% | 80% | 90% | 95% | 98% | 99% | 99.9% | 99.99% | max | requests/s | mean | verdict |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (StepResult step : steps) {
            LatencySummary l = step.merged().latency();
            out.printf(
                    Locale.ROOT,
                    "| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    step.load().concurrency(),
                    HumanUnits.latency(l.p50()),
                    HumanUnits.latency(l.p66()),
                    HumanUnits.latency(l.p75()),
                    HumanUnits.latency(l.p80()),
                    HumanUnits.latency(l.p90()),
                    HumanUnits.latency(l.p95()),
                    HumanUnits.latency(l.p98()),
                    HumanUnits.latency(l.p99()),
                    HumanUnits.latency(l.p99_9()),
                    HumanUnits.latency(l.p99_99()),
                    HumanUnits.latency(l.max()),
                    achieved(step),
                    HumanUnits.latency(Math.round(l.mean())),
                    verdict(step, footnotes));
        }
    }

    /** A streams step (rsocket): the rig opened streams, the server paced the messages. */
    private static boolean isStreams(StepResult step) {
        return !step.repetitions().isEmpty()
                && step.repetitions().stream()
                        .allMatch(r -> r.metrics() != null && r.metrics().containsKey("streamsTarget"));
    }

    /**
     * Streams and messages apart: how many streams, how fast they opened, the messages per second due in the window
     * against those delivered, and those due but never delivered.
     */
    private static void printStreams(List<StepResult> steps, List<String> footnotes, PrintWriter out) {
        out.println(
                "| Streams | opened per s | due msg/s | delivered msg/s | lost | p50 | p90 | p99 | p99.9 | max | verdict |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|");
        for (StepResult step : steps) {
            LatencySummary l = step.merged().latency();
            Object streams = step.repetitions().getFirst().metrics().get("streamsTarget");
            double due = step.repetitions().stream()
                    .mapToDouble(r -> r.targetRate() == null ? 0 : r.targetRate())
                    .average()
                    .orElse(0);
            long lost = step.repetitions().stream()
                    .mapToLong(r -> Math.max(0, r.sent() - r.received()))
                    .sum();
            out.printf(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    HumanUnits.count(((Number) streams).longValue()),
                    HumanUnits.rate(step.load().targetRate()),
                    HumanUnits.rate(due),
                    achieved(step),
                    HumanUnits.count(lost),
                    HumanUnits.latency(l.p50()),
                    HumanUnits.latency(l.p90()),
                    HumanUnits.latency(l.p99()),
                    HumanUnits.latency(l.p99_9()),
                    HumanUnits.latency(l.max()),
                    verdict(step, footnotes));
        }
    }

    /** Streams targets (rsocket) report how far the server got: the tipping point or the streams it held. */
    private static void printTippingPoints(RunResult result, PrintWriter out) {
        for (StepResult step : result.steps()) {
            for (RepetitionResult rep : step.repetitions()) {
                Map<String, Object> m = rep.metrics();
                if (m == null || !m.containsKey("streamsOpened")) {
                    continue;
                }
                Object tipping = m.get("tippingPoint");
                out.printf(
                        Locale.ROOT,
                        "%s repetition %d: %s of %s streams opened; %s%n",
                        step.id(),
                        rep.index(),
                        m.get("streamsOpened"),
                        m.get("streamsTarget"),
                        tipping instanceof Map<?, ?> t
                                ? "tipping point at second " + t.get("second") + " with " + t.get("activeStreams")
                                        + " streams (" + t.get("reason") + ")"
                                : "no tipping point");
            }
        }
    }

    private static String verdict(StepResult step, List<String> footnotes) {
        if (step.verdict() == Verdict.OK) {
            return "OK";
        }
        footnotes.add(step.id() + ": " + step.reason());
        return step.verdict() + " [" + footnotes.size() + "]";
    }

    private static String achieved(StepResult step) {
        double sum = 0;
        for (RepetitionResult r : step.repetitions()) {
            sum += r.achievedRate();
        }
        return step.repetitions().isEmpty()
                ? "-"
                : HumanUnits.rate(sum / step.repetitions().size());
    }

    private static String p50Range(StepResult step) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (RepetitionResult r : step.repetitions()) {
            min = Math.min(min, r.latency().p50());
            max = Math.max(max, r.latency().p50());
        }
        if (step.repetitions().isEmpty()) {
            return "-";
        }
        return min == max ? HumanUnits.latency(min) : HumanUnits.latency(min) + " – " + HumanUnits.latency(max);
    }
}
