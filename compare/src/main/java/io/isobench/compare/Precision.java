package io.isobench.compare;

import io.isobench.result.RepetitionResult;
import io.isobench.result.Verdict;
import java.util.List;
import java.util.Locale;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;

/**
 * How precisely a step's repetitions pin down its p50 and p99: the {@link DecisionRule#CONFIDENCE} interval of the geometric
 * mean of the repetitions' values (Student's t on their logarithms, the same model as {@link WelchLogTest}), as a relative
 * half-width: ±5 % means the interval reaches 5 % above the estimate. What {@code --repetitions auto} keeps adding
 * repetitions for.
 */
public final class Precision {

    /** The percentiles whose precision decides, as result.json names them. */
    public static final List<String> PERCENTILES = List.of("p50", "p99");

    private Precision() {}

    /**
     * The relative half-width exp(t·s/√n) − 1 of the interval; infinite with fewer than {@link DecisionRule#MIN_REPETITIONS}
     * values (never "precise" on a guess). A value of 0 ns, below the histograms' resolution, counts as 1 ns.
     */
    public static double halfWidth(List<Double> values, double confidence) {
        if (values.size() < DecisionRule.MIN_REPETITIONS) {
            return Double.POSITIVE_INFINITY;
        }
        double[] logs =
                values.stream().mapToDouble(v -> Math.log(Math.max(v, 1))).toArray();
        double standardError = Math.sqrt(StatUtils.variance(logs) / logs.length);
        double t = new TDistribution(logs.length - 1).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        return Math.expm1(t * standardError);
    }

    /**
     * Whether the step needs another repetition for {@code precision}: its p50 or p99 is still wider, and every repetition so
     * far was OK (a FAIL or INCONCLUSIVE one already decides the step; more would not change that).
     */
    public static boolean wantsMore(List<RepetitionResult> repetitions, double precision) {
        return repetitions.stream().allMatch(r -> r.verdict() == Verdict.OK)
                && PERCENTILES.stream()
                        .anyMatch(p ->
                                halfWidth(RepetitionValues.of(repetitions, p), DecisionRule.CONFIDENCE) > precision);
    }

    /** "p50 ±2.1%, p99 ±7.4%": what a step's repetitions pin down. */
    public static String describe(List<RepetitionResult> repetitions) {
        return String.join(
                ", ",
                PERCENTILES.stream()
                        .map(p -> p + " ±"
                                + percent(halfWidth(RepetitionValues.of(repetitions, p), DecisionRule.CONFIDENCE)))
                        .toList());
    }

    static String percent(double fraction) {
        return Double.isInfinite(fraction) ? "∞" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }
}
