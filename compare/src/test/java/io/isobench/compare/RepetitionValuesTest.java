package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepetitionValuesTest {

    static RunResult run(String id, StepResult... steps) {
        return RunResult.builder()
                .runId(id)
                .target("dispatch")
                .configHash("h")
                .steps(List.of(steps))
                .verdict(Verdict.OK)
                .build();
    }

    @Test
    void oneValuePerRepetitionThatMeasuredSomething() {
        StepResult s = Steps.step("s", 10, 0, 30);
        assertThat(RepetitionValues.of(s, "p50")).containsExactly(10.0, 30.0);
        assertThat(RepetitionValues.of(s, "p99")).containsExactly(20.0, 60.0);
        assertThat(RepetitionValues.of(s, "p99.9")).containsExactly(30.0, 90.0);
    }

    @Test
    void onlyTheComparedPercentilesAreRead() {
        assertThatThrownBy(() -> RepetitionValues.of(Steps.step("s", 10), "p75"))
                .hasMessage("percentile 'p75' is none of [p50, p99, p99.9]");
    }

    @Test
    void everyComparedPercentileOfEachStepInTheOrderGiven() {
        RunResult a = run("a", Steps.step("s", 1, 2, 3), Steps.step("t", 4, 5, 6));
        RunResult b = run("b", Steps.step("t", 7, 8, 9), Steps.step("s", 10, 11, 12));
        assertThat(RepetitionValues.samples(a, b, List.of("t", "s")))
                .containsExactly(
                        new PercentileSample("t", "p50", List.of(4.0, 5.0, 6.0), List.of(7.0, 8.0, 9.0)),
                        new PercentileSample("t", "p99", List.of(8.0, 10.0, 12.0), List.of(14.0, 16.0, 18.0)),
                        new PercentileSample("t", "p99.9", List.of(12.0, 15.0, 18.0), List.of(21.0, 24.0, 27.0)),
                        new PercentileSample("s", "p50", List.of(1.0, 2.0, 3.0), List.of(10.0, 11.0, 12.0)),
                        new PercentileSample("s", "p99", List.of(2.0, 4.0, 6.0), List.of(20.0, 22.0, 24.0)),
                        new PercentileSample("s", "p99.9", List.of(3.0, 6.0, 9.0), List.of(30.0, 33.0, 36.0)));
        assertThatThrownBy(() -> RepetitionValues.samples(a, b, List.of("u"))).hasMessage("run a has no step 'u'");
    }
}
