package io.isobench.runner.harness;

import io.isobench.target.spi.Session;

/**
 * A session whose target answers every message {@code replyAfterNanos} after the send began, and whose replies the
 * sender reads in {@link #idle()}, as the echo and HTTP clients do. Each send can cost the sender time
 * ({@code sendCostNanos}): a sender busy sending leaves the replies that arrived meanwhile waiting unread.
 */
final class ReplySession implements Session {

    private static final int CAPACITY = 1 << 16;

    final WindowedLatencyRecorder recorder;
    private final FakeClock clock;
    private final long[] stamps = new long[CAPACITY];
    private final long[] arrivals = new long[CAPACITY];
    private long head;
    private long tail;
    long replyAfterNanos = 20_000;
    long sendCostNanos;

    ReplySession(FakeClock clock, RepetitionRecording recording) {
        this.clock = clock;
        this.recorder = recording.newRecorder("client");
    }

    @Override
    public boolean send(long intendedNanos) {
        int slot = (int) (tail++ & (CAPACITY - 1));
        stamps[slot] = intendedNanos;
        arrivals[slot] = clock.peek() + replyAfterNanos;
        clock.advance(sendCostNanos);
        return true;
    }

    @Override
    public void idle() {
        long now = clock.peek();
        while (head < tail && arrivals[(int) (head & (CAPACITY - 1))] <= now) {
            recorder.record(stamps[(int) (head++ & (CAPACITY - 1))]);
        }
    }

    @Override
    public void close() {}
}
