package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The closed-loop sender reads the completion counters only when its cached count says the limit is reached. */
class InFlightLimitTest {

    @Test
    void readsTheCompletionsOnlyWhenTheLimitIsReached() {
        AtomicLong completed = new AtomicLong();
        int[] reads = {0};
        InFlightLimit limit = new InFlightLimit(4, () -> {
            reads[0]++;
            return completed.get();
        });

        for (long sent = 0; sent < 4; sent++) {
            assertThat(limit.hasRoom(sent)).isTrue();
        }
        assertThat(reads[0]).as("reads while there was room").isZero();

        assertThat(limit.hasRoom(4)).as("4 in flight").isFalse();
        assertThat(reads[0]).isEqualTo(1);

        completed.set(3);
        assertThat(limit.hasRoom(4)).as("1 in flight").isTrue();
        assertThat(reads[0]).isEqualTo(2);
        for (long sent = 4; sent < 7; sent++) {
            assertThat(limit.hasRoom(sent)).isTrue();
        }
        assertThat(reads[0])
                .as("reads after the refill, while the cached count had room")
                .isEqualTo(2);
        assertThat(limit.hasRoom(7))
                .as("4 in flight again (3 completed, 7 sent)")
                .isFalse();
        assertThat(reads[0]).isEqualTo(3);
    }
}
