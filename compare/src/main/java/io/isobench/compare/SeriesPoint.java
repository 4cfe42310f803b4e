package io.isobench.compare;

import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run of a series as change-point detection sees it (docs/compare.md § Change points): per step id and percentile
 * (p50, p99, p99.9), the geometric mean of the run's measured repetitions, in nanoseconds. A step that was not measured
 * OK has no values: it is shown on the site with its verdict, never used for detection.
 *
 * @param run    the run's key (namespace/name/uid)
 * @param values step id → percentile → value
 */
public record SeriesPoint(String run, Map<String, Map<String, Double>> values) {

    public SeriesPoint {
        // steps in the order of their ids: a point read back from JSON (keys sorted) and one made from a result agree
        var copy = new TreeMap<String, Map<String, Double>>();
        values.forEach((step, byPercentile) -> copy.put(step, Map.copyOf(byPercentile)));
        values = Collections.unmodifiableMap(copy);
    }

    /** The run's value of every percentile of each step it measured OK (a repetition with no samples is none). */
    public static SeriesPoint of(String run, RunResult result) {
        var values = new LinkedHashMap<String, Map<String, Double>>();
        for (StepResult step : result.steps()) {
            if (step.verdict() != Verdict.OK || step.repetitions() == null) {
                continue;
            }
            var byPercentile = new LinkedHashMap<String, Double>();
            for (String p : DecisionRule.PERCENTILES) {
                List<Double> measured = RepetitionValues.of(step, p);
                if (!measured.isEmpty()) {
                    byPercentile.put(p, geometricMean(measured));
                }
            }
            if (byPercentile.size() == DecisionRule.PERCENTILES.size()) {
                values.put(step.id(), byPercentile);
            }
        }
        return new SeriesPoint(run, values);
    }

    /** The mean of the logs, as the comparison's model has it: a run's value moves in proportion, like its repetitions. */
    static double geometricMean(List<Double> values) {
        return Math.exp(values.stream().mapToDouble(Math::log).average().orElseThrow());
    }

    /** This point's value, or null when the run did not measure the step OK. */
    Double value(String step, String percentile) {
        Map<String, Double> byPercentile = values.get(step);
        return byPercentile == null ? null : byPercentile.get(percentile);
    }
}
