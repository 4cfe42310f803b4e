package io.isobench.compare;

import io.isobench.result.LatencySummary;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/** Each measured repetition's value of a percentile: the observations a comparison tests (repetitions are the unit). */
public final class RepetitionValues {

    private RepetitionValues() {}

    /** One of {@link DecisionRule#PERCENTILES}, read from a repetition's latency summary. */
    static ToLongFunction<LatencySummary> percentile(String name) {
        return switch (name) {
            case "p50" -> LatencySummary::p50;
            case "p99" -> LatencySummary::p99;
            case "p99.9" -> LatencySummary::p99_9;
            default ->
                throw new IllegalArgumentException("percentile '" + name + "' is none of " + DecisionRule.PERCENTILES);
        };
    }

    /** The repetitions that measured something (a repetition with no samples has no percentile), in order. */
    public static List<Double> of(StepResult step, String percentile) {
        return of(step.repetitions(), percentile);
    }

    /** The same for repetitions not yet made a step (a step still running). */
    public static List<Double> of(List<RepetitionResult> repetitions, String percentile) {
        ToLongFunction<LatencySummary> read = percentile(percentile);
        return repetitions.stream()
                .filter(r -> r.latency().count() > 0)
                .map(r -> (double) read.applyAsLong(r.latency()))
                .toList();
    }

    /** Every compared percentile of each step id given, A's repetitions against B's: one family for Holm. */
    public static List<PercentileSample> samples(RunResult a, RunResult b, List<String> stepIds) {
        List<PercentileSample> out = new ArrayList<>();
        for (String id : stepIds) {
            StepResult sa = step(a, id);
            StepResult sb = step(b, id);
            for (String p : DecisionRule.PERCENTILES) {
                out.add(new PercentileSample(id, p, of(sa, p), of(sb, p)));
            }
        }
        return out;
    }

    static StepResult step(RunResult run, String id) {
        return run.steps().stream()
                .filter(s -> s.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("run " + run.runId() + " has no step '" + id + "'"));
    }
}
