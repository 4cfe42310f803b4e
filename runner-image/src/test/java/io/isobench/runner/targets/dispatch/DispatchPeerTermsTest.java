package io.isobench.runner.targets.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every queue under comparison holds the same number of events and recycles them at the same cost: the agent gives
 * drained events back once per drain call (one release store the publisher reads only when it runs out), never one
 * by one through a second queue. Publisher and agent are interleaved on the test's own thread.
 */
class DispatchPeerTermsTest {

    private static final int RING = 64;

    @ParameterizedTest
    @EnumSource(DispatchQueue.class)
    void everyQueueHoldsTheConfiguredNumberOfEvents(DispatchQueue queue) {
        DispatchChannel channel = queue.newChannel(RING, 1);

        int held = fill(channel, 0);

        // Agrona's OneToOneRingBuffer keeps one record header free to pre-zero the next record: a ring of N
        // one-line records holds N - 1 (stated in BENCHMARKS.md's peer table)
        assertThat(held)
                .as(queue + " events held by a ring of " + RING)
                .isEqualTo(queue == DispatchQueue.AGRONA ? RING - 1 : RING);
        assertThat(queue.capacityInEvents(RING))
                .as(queue + " capacity the peer table states")
                .isEqualTo(held);
    }

    @ParameterizedTest
    @EnumSource(DispatchQueue.class)
    void drainedEventsComeBackOncePerDrainNotOneByOne(DispatchQueue queue) {
        DispatchChannel channel = queue.newChannel(RING, 1);
        int held = fill(channel, 0);
        int[] offeredWhileDraining = {0};
        long[] next = {held};

        int drained = channel.drain(
                (intended, sequence, payload) -> {
                    if (channel.offer(next[0], next[0], next[0] * DispatchSession.PAYLOAD_FACTOR)) {
                        offeredWhileDraining[0]++;
                        next[0]++;
                    }
                },
                RING);

        assertThat(drained).isEqualTo(held);
        assertThat(offeredWhileDraining[0])
                .as(queue + ": events the publisher got back before the drain call returned")
                .isZero();
        assertThat(fill(channel, held))
                .as(queue + ": events the publisher got back after the drain")
                .isEqualTo(held);
    }

    /** Offers events numbered from {@code first} until the channel refuses one; returns how many it took. */
    static int fill(DispatchChannel channel, long first) {
        int held = 0;
        while (held < 4 * RING
                && channel.offer(first + held, first + held, (first + held) * DispatchSession.PAYLOAD_FACTOR)) {
            held++;
        }
        channel.flush();
        return held;
    }
}
