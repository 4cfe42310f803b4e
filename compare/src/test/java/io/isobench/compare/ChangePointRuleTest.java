package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangePointRuleTest {

    /** A run with one step whose percentiles are p50 × (1, 3, 5), p50 varying by about {@code noise} around {@code level}. */
    static SeriesPoint point(int index, double level, double noise, Random random) {
        double p50 = level * Math.exp(noise * random.nextGaussian());
        return new SeriesPoint("ns/run/" + index, Map.of("s1", Map.of("p50", p50, "p99", 3 * p50, "p99.9", 5 * p50)));
    }

    static List<SeriesPoint> series(int runs, int shiftAt, double factor, long seed) {
        Random random = new Random(seed);
        List<SeriesPoint> out = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            out.add(point(i, i >= shiftAt ? 1000 * factor : 1000, 0.01, random));
        }
        return out;
    }

    @Test
    void aTwentyPercentSlowdownIsFoundWhenTheWindowAfterItsBoundaryIsFullAndMarkedAtTheRealRuns() {
        List<SeriesPoint> s = series(40, 15, 1.20, 1);
        ChangePoint cp = ChangePointRule.closeWindow(s.subList(5, 15 + ChangePointRule.WINDOW))
                .orElseThrow();
        assertThat(cp.before()).isEqualTo("ns/run/14");
        assertThat(cp.after()).isEqualTo("ns/run/15");
        assertThat(cp.closedBy()).isEqualTo("ns/run/24");
        assertThat(cp.shifts()).extracting(PercentileVerdict::percentile).containsExactly("p50", "p99", "p99.9");
        assertThat(cp.shifts()).allSatisfy(v -> {
            assertThat(v.change()).isEqualTo(Change.SLOWER);
            assertThat(v.ratio()).isBetween(1.18, 1.22);
            assertThat(v.low()).isLessThan(v.ratio());
            assertThat(v.high()).isGreaterThan(v.ratio());
            assertThat(v.pHolm()).isLessThanOrEqualTo(ChangePointRule.ALPHA_PER_BOUNDARY);
        });
    }

    @Test
    void aWindowClosedBeforeTheShiftIsFullStillMarksTheRunsEitherSideOfIt() {
        List<SeriesPoint> s = series(40, 15, 1.20, 1);
        // the tested boundary is run 13|14: run 14 is not slower yet, runs 15 to 23 are
        ChangePoint cp = ChangePointRule.closeWindow(s.subList(4, 24)).orElseThrow();
        assertThat(cp.before()).isEqualTo("ns/run/14");
        assertThat(cp.after()).isEqualTo("ns/run/15");
        assertThat(cp.closedBy()).isEqualTo("ns/run/23");
        assertThat(cp.shifts().getFirst().ratio()).isBetween(1.18, 1.22);
    }

    @Test
    void aScanFindsOneChangePointPerShiftAndStartsAfreshAfterIt() {
        List<SeriesPoint> s = new ArrayList<>(series(40, 12, 1.20, 2));
        assertThat(ChangePointRule.scan(s, ChangePointRule.WINDOW, ChangePointRule.ALPHA_PER_BOUNDARY, 0.05))
                .extracting(ChangePoint::after)
                .containsExactly("ns/run/12");
    }

    @Test
    void aSignificantShiftUnderTheThresholdIsNoChange() {
        List<SeriesPoint> s = series(20, 10, 1.03, 3);
        assertThat(ChangePointRule.closeWindow(s, ChangePointRule.WINDOW, ChangePointRule.ALPHA_PER_BOUNDARY, 0.05))
                .isEmpty();
        assertThat(ChangePointRule.closeWindow(s, ChangePointRule.WINDOW, ChangePointRule.ALPHA_PER_BOUNDARY, 0.0))
                .isPresent();
    }

    @Test
    void aStepSomeRunDidNotMeasureIsNotTested() {
        List<SeriesPoint> s = new ArrayList<>(series(20, 10, 1.20, 4));
        s.set(12, new SeriesPoint("ns/run/12", Map.of()));
        assertThat(ChangePointRule.closeWindow(s)).isEmpty();
    }

    @Test
    void aWindowTooSmallOrAnAlphaOutOfRangeIsRefusedNamingTheValue() {
        List<SeriesPoint> s = series(20, 10, 1.2, 5);
        assertThatThrownBy(() -> ChangePointRule.closeWindow(s, 2, 0.01, 0.05)).hasMessageContaining("window 2");
        assertThatThrownBy(() -> ChangePointRule.closeWindow(s, 5, 1.5, 0.05)).hasMessageContaining("alpha 1.5");
        // the edges: a probability strictly between 0 and 1, a window of the minimum repetitions is enough
        assertThatThrownBy(() -> ChangePointRule.closeWindow(s, 5, 0.0, 0.05)).hasMessageContaining("alpha 0.0");
        assertThatThrownBy(() -> ChangePointRule.closeWindow(s, 5, 1.0, 0.05)).hasMessageContaining("alpha 1.0");
        assertThat(ChangePointRule.closeWindow(s.subList(0, 5), DecisionRule.MIN_REPETITIONS, 0.01, 0.05))
                .isEmpty();
    }

    @Test
    void anAdjustedPExactlyAtAlphaIsAChange() {
        List<SeriesPoint> s = series(20, 10, 1.20, 6);
        double pHolm = ChangePointRule.closeWindow(s, ChangePointRule.WINDOW, 0.5, 0.05)
                .orElseThrow()
                .shifts()
                .getFirst()
                .pHolm();
        assertThat(ChangePointRule.closeWindow(s, ChangePointRule.WINDOW, pHolm, 0.05))
                .isPresent();
    }

    @Test
    void aShiftsRunsEitherSideAreCountedFromWhereItLies() {
        // the window is runs 4 to 23, the shift at run 15: 11 runs before it, 9 after
        ChangePoint cp = ChangePointRule.closeWindow(series(40, 15, 1.20, 1).subList(4, 24))
                .orElseThrow();
        assertThat(cp.shifts()).allSatisfy(v -> {
            assertThat(v.repetitionsA()).isEqualTo(11);
            assertThat(v.repetitionsB()).isEqualTo(9);
        });
    }

    /** One moved percentile per list: 1 before the shift, {@code factor} from run {@code at} on. */
    private static List<Double> stepAt(int runs, int at, double factor) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            out.add(i >= at ? factor : 1.0);
        }
        return out;
    }

    @Test
    void aShiftIsPlacedExactlyAtItsRunAsFarAsTheLastSplit() {
        int w = ChangePointRule.WINDOW;
        for (int at = DecisionRule.MIN_REPETITIONS; at <= 2 * w - DecisionRule.MIN_REPETITIONS; at++) {
            assertThat(ChangePointRule.location(List.of(stepAt(2 * w, at, 1.2)), w))
                    .as("shift at %d", at)
                    .isEqualTo(at);
        }
    }

    @Test
    void evenAShiftOfTenNanosecondsInASecondIsPlacedAtItsRun() {
        // the squared deviation is summed about each side's mean: the same sum written as Σ log² − n × mean² loses the
        // difference to rounding (log² ≈ 429 here, the shift's share ≈ 1e-16)
        int w = ChangePointRule.WINDOW;
        for (int at = DecisionRule.MIN_REPETITIONS; at <= 2 * w - DecisionRule.MIN_REPETITIONS; at++) {
            List<Double> values =
                    stepAt(2 * w, at, 1.0 + 10e-9).stream().map(v -> v * 1e9).toList();
            assertThat(ChangePointRule.location(List.of(values), w))
                    .as("shift at %d", at)
                    .isEqualTo(at);
        }
    }

    @Test
    void equalCostsGoToTheSplitNearestTheWindowsMiddleTheEarlierOneOnATie() {
        // no change at all: every split costs 0, the tested boundary itself is taken
        assertThat(ChangePointRule.location(List.of(stepAt(20, 20, 1.0)), 10)).isEqualTo(10);
        // 1 1 1 e e 1 1 1: splits 3 and 5 cost the same (two e's among five runs), less than 4 (one in four, twice);
        // both lie one run from the middle, and the earlier is kept
        List<Double> mirrored = List.of(1.0, 1.0, 1.0, Math.E, Math.E, 1.0, 1.0, 1.0);
        assertThat(ChangePointRule.location(List.of(mirrored), 4)).isEqualTo(3);
    }

    @Test
    void aScanJudgesTheWindowItsLastRunCloses() {
        List<SeriesPoint> s = series(2 * ChangePointRule.WINDOW, ChangePointRule.WINDOW, 1.20, 7);
        assertThat(ChangePointRule.scan(s, ChangePointRule.WINDOW, ChangePointRule.ALPHA_PER_BOUNDARY, 0.05))
                .extracting(ChangePoint::closedBy)
                .containsExactly("ns/run/19");
    }
}
