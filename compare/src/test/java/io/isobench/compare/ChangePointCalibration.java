package io.isobench.compare;

import io.isobench.result.StepResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The change-point rule's error rate on real repetitions of one build (docs/compare.md § Change points). A series is
 * {@code runs} runs, each made of {@code repetitions} repetitions drawn at random (with replacement, the same draw for
 * every step, as one run measures its steps together) from the recorded run; from run {@code shiftAt} on every
 * latency is multiplied by {@code factor} (1: an A/A series, no change anywhere).
 * <ul>
 *   <li>False alarms: the share of A/A series in which any change point is found.</li>
 *   <li>Power: the share of shifted series in which a slower change point is found within one window of the shift, and
 *       the share in which one is marked at the very runs either side of it.</li>
 * </ul>
 */
final class ChangePointCalibration {

    record Figures(double anyChangePoint, double shiftFound, double exact) {}

    private ChangePointCalibration() {}

    static Figures run(
            Calibration.RecordedRun recorded,
            int series,
            int runs,
            int repetitions,
            double factor,
            int shiftAt,
            int window,
            double alpha,
            long seed) {
        Random random = new Random(seed);
        int any = 0;
        int found = 0;
        int exact = 0;
        for (int s = 0; s < series; s++) {
            List<SeriesPoint> points = new ArrayList<>();
            for (int r = 0; r < runs; r++) {
                points.add(draw(recorded, "run-" + r, repetitions, r >= shiftAt ? factor : 1, random));
            }
            List<ChangePoint> cps = ChangePointRule.scan(points, window, alpha, DecisionRule.DEFAULT_THRESHOLD);
            if (!cps.isEmpty()) {
                any++;
            }
            if (cps.stream()
                    .anyMatch(cp -> Math.abs(index(cp.after()) - shiftAt) < window
                            && cp.shifts().stream().anyMatch(v -> v.change() == Change.SLOWER))) {
                found++;
            }
            if (cps.stream().anyMatch(cp -> index(cp.after()) == shiftAt)) {
                exact++;
            }
        }
        return new Figures((double) any / series, (double) found / series, (double) exact / series);
    }

    private static SeriesPoint draw(
            Calibration.RecordedRun recorded, String run, int repetitions, double factor, Random random) {
        int pool = recorded.smallestStep();
        int[] picks = random.ints(repetitions, 0, pool).toArray();
        Map<String, Map<String, Double>> values = new LinkedHashMap<>();
        for (StepResult step : recorded.steps()) {
            Map<String, Double> byPercentile = new LinkedHashMap<>();
            for (String p : DecisionRule.PERCENTILES) {
                List<Double> all = RepetitionValues.of(step, p);
                List<Double> drawn = new ArrayList<>();
                for (int i : picks) {
                    drawn.add(all.get(i) * factor);
                }
                byPercentile.put(p, SeriesPoint.geometricMean(drawn));
            }
            values.put(step.id(), byPercentile);
        }
        return new SeriesPoint(run, values);
    }

    private static int index(String run) {
        return Integer.parseInt(run.substring("run-".length()));
    }
}
