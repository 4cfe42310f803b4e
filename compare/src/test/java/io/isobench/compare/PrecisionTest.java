package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class PrecisionTest {

    @Test
    void theHalfWidthIsTheIntervalOfTheGeometricMeanAboveTheEstimate() {
        // logs of 1000, 1100, 1210: mean ln 1100, s = ln 1.1, n = 3, t(0.975, 2) = 4.302652729911275
        double expected = Math.expm1(4.302652729911275 * Math.log(1.1) / Math.sqrt(3));
        assertThat(Precision.halfWidth(List.of(1000.0, 1100.0, 1210.0), 0.95)).isCloseTo(expected, within(1e-9));
        assertThat(Precision.halfWidth(List.of(500.0, 500.0, 500.0), 0.95)).isZero();
        assertThat(Precision.halfWidth(List.of(0.0, 1.0, 1.0), 0.95))
                .as("0 ns counts as 1 ns")
                .isZero();
    }

    @Test
    void belowThreeRepetitionsNothingIsPrecise() {
        assertThat(Precision.halfWidth(List.of(500.0, 500.0), 0.95)).isInfinite();
        assertThat(Precision.halfWidth(List.of(), 0.95)).isInfinite();
    }

    @Test
    void aStepWantsMoreRepetitionsWhileItsP50OrP99IsWiderThanAsked() {
        StepResult steady = Steps.step("s", 1000, 1001, 999);
        assertThat(Precision.wantsMore(steady.repetitions(), 0.05)).isFalse();
        assertThat(Precision.wantsMore(Steps.step("s", 1000, 1001).repetitions(), 0.05))
                .as("two repetitions")
                .isTrue();
        StepResult noisy = Steps.step("s", 1000, 1500, 700);
        assertThat(Precision.wantsMore(noisy.repetitions(), 0.05)).isTrue();
        assertThat(Precision.wantsMore(noisy.repetitions(), 100)).isFalse();
        // exactly at the precision is precise enough: three identical repetitions meet even ±0
        assertThat(Precision.wantsMore(Steps.step("s", 500, 500, 500).repetitions(), 0))
                .isFalse();
        assertThat(Precision.describe(steady.repetitions())).matches("p50 ±0\\.\\d%, p99 ±0\\.\\d%");
        assertThat(Precision.describe(Steps.step("s", 1000).repetitions())).isEqualTo("p50 ±∞, p99 ±∞");
    }

    @Test
    void aFailedOrInconclusiveRepetitionEndsTheSearch() {
        assertThat(Precision.wantsMore(
                        Steps.step("s", Verdict.FAIL, 1000, 1500, 700).repetitions(), 0.05))
                .isFalse();
        assertThat(Precision.wantsMore(
                        Steps.step("s", Verdict.INCONCLUSIVE, 1000).repetitions(), 0.05))
                .isFalse();
    }
}
