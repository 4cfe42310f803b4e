package io.isobench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Change points in a series of runs (docs/compare.md § Change points): a sequential two-window test, run once per run
 * when it is published. The newest run closes a window of {@code 2 × window} runs since the last change point; the
 * first half is "before", the second "after", and the boundary between them is tested exactly once, as the compare rule
 * tests two runs: Welch's t-test on the logs of the runs' values per step and percentile, Holm over them all, a change
 * when the adjusted p is at most {@link #ALPHA_PER_BOUNDARY} and the shift at least the threshold. Every boundary is
 * tested once, so over a series of {@link #STATED_RUNS} runs with no change the chance of any false change point is at
 * most {@code STATED_RUNS × ALPHA_PER_BOUNDARY} = 5 % (the union bound, whatever the dependence between windows).
 */
public final class ChangePointRule {

    /** Runs on each side of a tested boundary. */
    public static final int WINDOW = 10;
    /** The chance of a false change point at one tested boundary: 5 % over 100 runs. */
    public static final double ALPHA_PER_BOUNDARY = 0.0005;
    /** The length of series over which the false-alarm rate is stated. */
    public static final int STATED_RUNS = 100;

    private ChangePointRule() {}

    /**
     * The verdict of the window that the last point closes, or empty: no change, or fewer than {@code 2 × window} points.
     *
     * @param sinceLastChange the runs used for detection since the last change point (from its "after" run on), oldest
     *                        first, ending with the run being published
     * @param window          runs on each side, at least {@link DecisionRule#MIN_REPETITIONS}
     * @param alpha           the false-alarm chance of this one boundary
     * @param threshold       the smallest shift reported, as a fraction (0.05 = 5 %)
     */
    public static Optional<ChangePoint> closeWindow(
            List<SeriesPoint> sinceLastChange, int window, double alpha, double threshold) {
        if (window < DecisionRule.MIN_REPETITIONS) {
            throw new IllegalArgumentException("window " + window + " is under " + DecisionRule.MIN_REPETITIONS
                    + " runs: Welch's test on fewer has too few degrees of freedom");
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha " + alpha + " is not a probability between 0 and 1");
        }
        int n = sinceLastChange.size();
        if (n < 2 * window) {
            return Optional.empty();
        }
        List<SeriesPoint> before = sinceLastChange.subList(n - 2 * window, n - window);
        List<SeriesPoint> after = sinceLastChange.subList(n - window, n);
        List<PercentileSample> samples = samples(before, after);
        if (samples.isEmpty()) {
            return Optional.empty();
        }
        double[] p = new double[samples.size()];
        List<WelchLogTest.Result> tests = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            PercentileSample s = samples.get(i);
            tests.add(WelchLogTest.test(
                    PercentileSample.values(s.a()), PercentileSample.values(s.b()), DecisionRule.CONFIDENCE));
            p[i] = tests.get(i).p();
        }
        double[] adjusted = Holm.adjust(p);
        List<Integer> moved = new ArrayList<>();
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            // significance is judged against this boundary's alpha here; DecisionRule.change then applies only the
            // threshold
            Change change = adjusted[i] > alpha
                    ? Change.NO_CHANGE
                    : DecisionRule.change(tests.get(i).ratio(), 0, threshold);
            if (change == Change.SLOWER || change == Change.FASTER) {
                moved.add(i);
                changes.add(change);
            }
        }
        if (moved.isEmpty()) {
            return Optional.empty();
        }
        List<List<Double>> movedValues =
                moved.stream().map(i -> joined(samples.get(i))).toList();
        int at = location(movedValues, window);
        List<PercentileVerdict> shifts = new ArrayList<>();
        for (int j = 0; j < moved.size(); j++) {
            int i = moved.get(j);
            List<Double> all = movedValues.get(j);
            // the size of the shift is measured either side of where it lies; its interval does not allow for that
            // search
            WelchLogTest.Result located = WelchLogTest.test(
                    PercentileSample.values(all.subList(0, at)),
                    PercentileSample.values(all.subList(at, all.size())),
                    DecisionRule.CONFIDENCE);
            shifts.add(new PercentileVerdict(
                    samples.get(i).step(),
                    samples.get(i).percentile(),
                    at,
                    all.size() - at,
                    located.ratio(),
                    located.low(),
                    located.high(),
                    p[i],
                    adjusted[i],
                    changes.get(j)));
        }
        List<SeriesPoint> closed = sinceLastChange.subList(n - 2 * window, n);
        return Optional.of(new ChangePoint(
                closed.get(at - 1).run(), closed.get(at).run(), closed.getLast().run(), shifts));
    }

    /** A sample's values in series order: the window before, then the window after. */
    private static List<Double> joined(PercentileSample s) {
        List<Double> all = new ArrayList<>(s.a());
        all.addAll(s.b());
        return all;
    }

    /**
     * Where in the closed window the change lies: the split (at least {@link DecisionRule#MIN_REPETITIONS} runs each side)
     * with the least squared deviation of the logs from each side's mean, summed over the percentiles that moved — the
     * least-squares estimate of one change. The test only says the window changed; a large shift already shows when the
     * window's boundary is a run or two before it, and the runs marked before and after should be the real ones.
     */
    static int location(List<List<Double>> moved, int window) {
        int best = window;
        double bestCost = Double.POSITIVE_INFINITY;
        for (int k = DecisionRule.MIN_REPETITIONS; k <= 2 * window - DecisionRule.MIN_REPETITIONS; k++) {
            double cost = 0;
            for (List<Double> all : moved) {
                cost += squaredDeviation(all.subList(0, k)) + squaredDeviation(all.subList(k, all.size()));
            }
            // ties go to the split nearest the tested boundary
            if (cost < bestCost || cost == bestCost && Math.abs(k - window) < Math.abs(best - window)) {
                bestCost = cost;
                best = k;
            }
        }
        return best;
    }

    private static double squaredDeviation(List<Double> values) {
        double mean = values.stream().mapToDouble(Math::log).average().orElseThrow();
        return values.stream()
                .mapToDouble(v -> (Math.log(v) - mean) * (Math.log(v) - mean))
                .sum();
    }

    /** The rule's defaults: {@link #WINDOW}, {@link #ALPHA_PER_BOUNDARY} and the compare's 5 % threshold. */
    public static Optional<ChangePoint> closeWindow(List<SeriesPoint> sinceLastChange) {
        return closeWindow(sinceLastChange, WINDOW, ALPHA_PER_BOUNDARY, DecisionRule.DEFAULT_THRESHOLD);
    }

    /**
     * A whole series judged run by run, as publishing its runs one after the other does: the change points in order.
     * After each, the next window starts at its "after" run.
     */
    public static List<ChangePoint> scan(List<SeriesPoint> series, int window, double alpha, double threshold) {
        List<ChangePoint> found = new ArrayList<>();
        int start = 0;
        for (int end = 1; end <= series.size(); end++) {
            Optional<ChangePoint> cp = closeWindow(series.subList(start, end), window, alpha, threshold);
            if (cp.isPresent()) {
                found.add(cp.get());
                start += series.subList(start, end).stream()
                        .map(SeriesPoint::run)
                        .toList()
                        .indexOf(cp.get().after());
            }
        }
        return found;
    }

    /** Each step and percentile every run of both windows measured OK, one family for Holm. */
    private static List<PercentileSample> samples(List<SeriesPoint> before, List<SeriesPoint> after) {
        List<PercentileSample> out = new ArrayList<>();
        for (String step : before.getFirst().values().keySet()) {
            for (String p : DecisionRule.PERCENTILES) {
                List<Double> a = values(before, step, p);
                List<Double> b = values(after, step, p);
                if (a.size() == before.size() && b.size() == after.size()) {
                    out.add(new PercentileSample(step, p, a, b));
                }
            }
        }
        return out;
    }

    private static List<Double> values(List<SeriesPoint> points, String step, String percentile) {
        return points.stream()
                .map(pt -> pt.value(step, percentile))
                .filter(v -> v != null)
                .toList();
    }
}
