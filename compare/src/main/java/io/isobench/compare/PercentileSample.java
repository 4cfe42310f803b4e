package io.isobench.compare;

import java.util.List;

/**
 * One percentile of one step in both runs: each repetition's value of that percentile, in nanoseconds (repetitions are
 * the unit; the merged histogram is for display).
 *
 * @param step       the step's id
 * @param percentile p50, p99 or p99.9
 * @param a          A's (the baseline's) repetitions
 * @param b          B's (the candidate's)
 */
public record PercentileSample(String step, String percentile, List<Double> a, List<Double> b) {

    public PercentileSample {
        a = List.copyOf(a);
        b = List.copyOf(b);
    }

    static double[] values(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
