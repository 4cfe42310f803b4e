package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.isobench.result.MergedResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesPointTest {

    @Test
    void aRunsValueIsTheGeometricMeanOfItsMeasuredRepetitions() {
        // p50s 10, 0 (no samples: not a repetition that measured), 40: sqrt(10 × 40) = 20; p99 twice, p99.9 three times
        SeriesPoint point = SeriesPoint.of("ns/run/uid", RepetitionValuesTest.run("r", Steps.step("s", 10, 0, 40)));
        assertThat(point.run()).isEqualTo("ns/run/uid");
        assertThat(point.values()).containsOnlyKeys("s");
        assertThat(point.value("s", "p50")).isCloseTo(20.0, within(1e-9));
        assertThat(point.value("s", "p99")).isCloseTo(40.0, within(1e-9));
        assertThat(point.value("s", "p99.9")).isCloseTo(60.0, within(1e-9));
        assertThat(SeriesPoint.geometricMean(List.of(2.0, 8.0))).isCloseTo(4.0, within(1e-12));
    }

    @Test
    void onlyStepsMeasuredOkWithEveryPercentileAreKept() {
        StepResult failed = Steps.step("failed", Verdict.FAIL, 10, 20, 30);
        StepResult ok = Steps.step("ok", 10, 20, 30);
        // a step that never ran its repetitions (refused before it started) says OK with none
        StepResult noRepetitions = new StepResult(
                "none",
                "none label",
                "isobench",
                ok.load(),
                ok.measure(),
                null,
                new MergedResult(null, null, null),
                Verdict.OK,
                null);
        StepResult noSamples = Steps.step("empty", 0, 0);
        SeriesPoint point =
                SeriesPoint.of("ns/run/uid", RepetitionValuesTest.run("r", failed, noRepetitions, noSamples, ok));
        assertThat(point.values()).containsOnlyKeys("ok");
        assertThat(point.value("failed", "p50")).isNull();
        assertThat(point.value("none", "p50")).isNull();
        assertThat(point.value("empty", "p50")).isNull();
    }
}
