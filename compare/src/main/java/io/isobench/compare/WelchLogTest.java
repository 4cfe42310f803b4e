package io.isobench.compare;

import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;
import org.hipparchus.stat.inference.TTest;

/**
 * Welch's t-test on the logarithms of one percentile, one value per repetition (docs/compare.md): the difference of
 * the log means is the log of B's geometric mean over A's, so the ratio, its interval and the p-value all speak of
 * "B is this many times A". Logs because latency percentiles spread in proportion to their size and are skewed; Welch
 * because the two runs need not be equally noisy. The test and the t distribution are Hipparchus's.
 */
public final class WelchLogTest {

    private WelchLogTest() {}

    /**
     * B against A.
     *
     * @param a A's repetitions' values (ns), at least 2, each positive and finite
     * @param b B's, likewise
     * @param confidence of the interval, e.g. 0.95
     */
    public static Result test(double[] a, double[] b, double confidence) {
        double[] la = logs(a, "A");
        double[] lb = logs(b, "B");
        double difference = StatUtils.mean(lb) - StatUtils.mean(la);
        double varianceA = StatUtils.variance(la) / la.length;
        double varianceB = StatUtils.variance(lb) / lb.length;
        double standardError = Math.sqrt(varianceA + varianceB);
        if (standardError == 0) {
            // every repetition of both runs gave the same value (histogram buckets are discrete): the difference is
            // exact
            return new Result(
                    Math.exp(difference),
                    Math.exp(difference),
                    Math.exp(difference),
                    difference == 0 ? 1 : 0,
                    Double.NaN);
        }
        double df = (varianceA + varianceB)
                * (varianceA + varianceB)
                / (varianceA * varianceA / (la.length - 1) + varianceB * varianceB / (lb.length - 1));
        double p = new TTest().tTest(lb, la);
        double half = new TDistribution(df).inverseCumulativeProbability(1 - (1 - confidence) / 2) * standardError;
        return new Result(Math.exp(difference), Math.exp(difference - half), Math.exp(difference + half), p, df);
    }

    private static double[] logs(double[] values, String run) {
        if (values.length < 2) {
            throw new IllegalArgumentException(
                    "run " + run + " has " + values.length + " repetition(s): the test needs at least 2");
        }
        double[] logs = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) {
                throw new IllegalArgumentException("run " + run + " repetition " + (i + 1) + ": value " + values[i]
                        + " is not a positive latency");
            }
            logs[i] = Math.log(values[i]);
        }
        return logs;
    }

    /**
     * @param ratio B's geometric mean over A's
     * @param low   the interval's lower end, as a ratio
     * @param high  its upper end
     * @param p     two-sided p-value of "no difference" (before any correction for the other comparisons)
     * @param df    Welch–Satterthwaite degrees of freedom (NaN when both runs' values are constant)
     */
    public record Result(double ratio, double low, double high, double p, double df) {}
}
