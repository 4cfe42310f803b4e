package io.isobench.runner.harness;

import io.isobench.target.spi.Clock;

/** A clock that moves only when read (by a fixed step) or when a test advances it: spin loops still progress. */
public final class FakeClock implements Clock {

    private long now;
    private final long stepPerRead;

    public FakeClock(long start, long stepPerRead) {
        this.now = start;
        this.stepPerRead = stepPerRead;
    }

    @Override
    public long nanoTime() {
        long t = now;
        now += stepPerRead;
        return t;
    }

    public void advance(long nanos) {
        now += nanos;
    }

    public long peek() {
        return now;
    }
}
