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
        InFlightLimit limit = new InFlightLimit(
                4,
                () -> {
                    reads[0]++;
                    return completed.get();
                },
                () -> true);

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

    @Test
    void aFullWindowAnotherThreadCompletesIsReadOncePerEighthOfItsSizeInCalls() {
        AtomicLong completed = new AtomicLong();
        int[] reads = {0};
        InFlightLimit limit = new InFlightLimit(
                64,
                () -> {
                    reads[0]++;
                    return completed.get();
                },
                () -> true);

        assertThat(limit.hasRoom(64)).as("64 in flight, first look").isFalse();
        assertThat(reads[0]).isEqualTo(1);
        completed.set(10);
        for (int call = 0; call < 8; call++) {
            assertThat(limit.hasRoom(64))
                    .as("call %d after a read that found the window full", call)
                    .isFalse();
        }
        assertThat(reads[0]).as("reads while the window was known full").isEqualTo(1);

        assertThat(limit.hasRoom(64)).as("the ninth call reads: 54 in flight").isTrue();
        assertThat(reads[0]).isEqualTo(2);
        for (long sent = 64; sent < 74; sent++) {
            assertThat(limit.hasRoom(sent)).isTrue();
        }
        assertThat(reads[0]).as("no reads while the cached count had room").isEqualTo(2);
    }

    @Test
    void aCountTheSenderWritesItselfIsReadOnEveryCall() {
        AtomicLong completed = new AtomicLong();
        int[] reads = {0};
        boolean[] another = {false};
        InFlightLimit limit = new InFlightLimit(
                64,
                () -> {
                    reads[0]++;
                    return completed.get();
                },
                () -> another[0]);

        for (int call = 1; call <= 5; call++) {
            assertThat(limit.hasRoom(64)).isFalse();
            assertThat(reads[0])
                    .as("reads after %d calls on a full window the sender completes", call)
                    .isEqualTo(call);
        }

        another[0] = true;
        assertThat(limit.hasRoom(64)).isFalse();
        assertThat(reads[0]).as("the read that learns another thread completes").isEqualTo(6);
        for (int call = 0; call < 8; call++) {
            assertThat(limit.hasRoom(64)).isFalse();
        }
        assertThat(reads[0]).as("spaced from then on").isEqualTo(6);
    }
}
