package io.isobench.runner.harness;

/** A clock that moves only when read (by a fixed step) or when a test advances it: spin loops still progress. */
final class FakeClock implements Clock {

    private long now;
    private final long stepPerRead;

    FakeClock(long start, long stepPerRead) {
        this.now = start;
        this.stepPerRead = stepPerRead;
    }

    @Override
    public long nanoTime() {
        long t = now;
        now += stepPerRead;
        return t;
    }

    void advance(long nanos) {
        now += nanos;
    }

    long peek() {
        return now;
    }
}
