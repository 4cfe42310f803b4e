package io.isobench.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * The decision rule, written down once in docs/compare.md and implemented twice: here (isobench-runner compare, the
 * operator) and in the site (reports-site/src/stats/decision.ts); both are checked against the same golden cases.
 *
 * <ol>
 *   <li>Below {@link #MIN_REPETITIONS} repetitions in A or B: too few repetitions to tell.</li>
 *   <li>Else Welch's t-test on the logs of the repetitions' values ({@link WelchLogTest}): a ratio, its interval, a
 *       p-value.</li>
 *   <li>Holm over every comparison made between the two runs (each percentile of each step): adjusted p.</li>
 *   <li>Slower when the adjusted p is at most {@link #ALPHA} and the ratio at least 1 + threshold; faster when at most
 *       1 / (1 + threshold); else no change.</li>
 * </ol>
 */
public final class DecisionRule {

    /** The chance of any false alarm over all comparisons of two runs of the same build. */
    public static final double ALPHA = 0.05;
    /** Of each comparison's interval. */
    public static final double CONFIDENCE = 0.95;
    /** Fewer repetitions than this in either run: too few to tell (with 2, Welch's test has about 1 degree of freedom). */
    public static final int MIN_REPETITIONS = 3;
    /** Smaller changes than this are no change: 5 %. */
    public static final double DEFAULT_THRESHOLD = 0.05;
    /** The percentiles compared, as result.json names them. */
    public static final List<String> PERCENTILES = List.of("p50", "p99", "p99.9");

    private DecisionRule() {}

    /**
     * Every sample's verdict, in the order given; the samples together are one family for Holm.
     *
     * @param threshold the smallest change reported, as a fraction (0.05 = 5 %), at least 0
     */
    public static List<PercentileVerdict> decide(List<PercentileSample> samples, double threshold) {
        if (!(threshold >= 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("threshold " + threshold + " is not a fraction of at least 0");
        }
        List<WelchLogTest.Result> tests = new ArrayList<>();
        List<Double> pTested = new ArrayList<>();
        for (PercentileSample s : samples) {
            WelchLogTest.Result r = enough(s)
                    ? WelchLogTest.test(PercentileSample.values(s.a()), PercentileSample.values(s.b()), CONFIDENCE)
                    : null;
            tests.add(r);
            if (r != null) {
                pTested.add(r.p());
            }
        }
        double[] adjusted =
                Holm.adjust(pTested.stream().mapToDouble(Double::doubleValue).toArray());
        List<PercentileVerdict> out = new ArrayList<>();
        int next = 0;
        for (int i = 0; i < samples.size(); i++) {
            PercentileSample s = samples.get(i);
            WelchLogTest.Result r = tests.get(i);
            if (r == null) {
                out.add(new PercentileVerdict(
                        s.step(),
                        s.percentile(),
                        s.a().size(),
                        s.b().size(),
                        geometricRatio(s),
                        null,
                        null,
                        null,
                        null,
                        Change.TOO_FEW_REPETITIONS));
                continue;
            }
            double pHolm = adjusted[next++];
            out.add(new PercentileVerdict(
                    s.step(),
                    s.percentile(),
                    s.a().size(),
                    s.b().size(),
                    r.ratio(),
                    r.low(),
                    r.high(),
                    r.p(),
                    pHolm,
                    change(r.ratio(), pHolm, threshold)));
        }
        return out;
    }

    private static boolean enough(PercentileSample s) {
        return s.a().size() >= MIN_REPETITIONS && s.b().size() >= MIN_REPETITIONS;
    }

    static Change change(double ratio, double pHolm, double threshold) {
        if (pHolm > ALPHA) {
            return Change.NO_CHANGE;
        }
        // symmetric on the log scale: 5 % slower is ×1.05, 5 % faster is ÷1.05
        if (ratio >= 1 + threshold) {
            return Change.SLOWER;
        }
        return ratio <= 1 / (1 + threshold) ? Change.FASTER : Change.NO_CHANGE;
    }

    /** With too few repetitions for a test, the ratio is still shown (no interval): null when a run has none. */
    private static Double geometricRatio(PercentileSample s) {
        if (s.a().isEmpty() || s.b().isEmpty()) {
            return null;
        }
        return Math.exp(meanLog(s.b()) - meanLog(s.a()));
    }

    private static double meanLog(List<Double> values) {
        return values.stream().mapToDouble(Math::log).average().orElseThrow();
    }
}
