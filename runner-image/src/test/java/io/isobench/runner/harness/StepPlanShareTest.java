package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.result.Load;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StepPlanShareTest {

    private static StepPlan step(Load load) {
        return new StepPlan("udp-echo", "remote", load, "label");
    }

    @Test
    void openLoopSharesAddUpToTheStepsRateAndInterleaveTheirSchedules() {
        StepPlan step = step(Load.openLoop(10_000, 200, 1_000));

        long[] rates = IntStream.range(0, 3)
                .mapToLong(k -> step.forPart(k, 3).share().load().targetRate())
                .toArray();
        long[] phases = IntStream.range(0, 3)
                .mapToLong(k -> step.forPart(k, 3).share().phaseNanos())
                .toArray();

        assertThat(rates).containsExactly(3_334, 3_333, 3_333);
        // one message every 100 µs at 10k/s: the parts' schedules start 0, 100 and 200 µs apart
        assertThat(phases).containsExactly(0, 100_000, 200_000);
        assertThat(step.forPart(2, 3).id()).as("a share keeps the step's id").isEqualTo(step.id());
        assertThat(step.forPart(2, 3).load()).isEqualTo(step.load());
    }

    @Test
    void closedLoopSharesAddUpToTheStepsClients() {
        StepPlan step = step(Load.closedLoop(10, 200, 1_000));

        assertThat(IntStream.range(0, 4)
                        .map(k -> step.forPart(k, 4).share().load().concurrency()))
                .containsExactly(3, 3, 2, 2);
        assertThat(step.forPart(3, 4).share().phaseNanos()).isZero();
    }

    @Test
    void aPartThatWouldSendNothingIsRefused() {
        StepPlan step = step(Load.openLoop(2, 200, 1_000));

        assertThatThrownBy(() -> step.forPart(2, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("leaves part 2 nothing to send");
    }

    @Test
    void aProcessAloneSendsTheWholeStep() {
        StepPlan step = step(Load.openLoop(1_000, 200, 1_000));

        assertThat(step.forPart(0, 1)).isSameAs(step);
        assertThat(step.share().load()).isEqualTo(step.load());
        assertThat(step.share().phaseNanos()).isZero();
    }
}
