package io.isobench.runner.harness;

/**
 * The open-loop send schedule of one repetition: message {@code i} is intended at
 * {@code start + i / rate} seconds, exactly (integer arithmetic, no drift), whatever the sender manages.
 * Warm-up is {@code [start, windowStart)}, the measured window {@code [windowStart, end)}.
 */
public final class Schedule {

    static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long start;
    private final long windowStart;
    private final long end;
    private final long rate;

    // cursor: intended(i) = start + seconds * 1e9 + remainder * 1e9 / rate, remainder < rate
    private long seconds;
    private long remainder;

    public Schedule(long start, long warmupNanos, long durationNanos, long rate) {
        if (rate <= 0) {
            throw new IllegalArgumentException("rate must be > 0, was " + rate);
        }
        this.start = start;
        this.windowStart = start + warmupNanos;
        this.end = windowStart + durationNanos;
        this.rate = rate;
    }

    public long start() {
        return start;
    }

    public long windowStart() {
        return windowStart;
    }

    public long end() {
        return end;
    }

    public long rate() {
        return rate;
    }

    /** The intended time of the message at the cursor. */
    public long current() {
        return start + seconds * NANOS_PER_SECOND + remainder * NANOS_PER_SECOND / rate;
    }

    /** Advances the cursor and returns the next intended time. */
    public long advance() {
        if (++remainder == rate) {
            remainder = 0;
            seconds++;
        }
        return current();
    }

    /** Intended time of message {@code i}, for tests and reports. */
    public long intendedAt(long i) {
        return start + (i / rate) * NANOS_PER_SECOND + (i % rate) * NANOS_PER_SECOND / rate;
    }

    /** Messages the schedule asks for in the measured window. */
    public long expectedInWindow() {
        return countBefore(end) - countBefore(windowStart);
    }

    /** Number of messages intended strictly before {@code t}. */
    long countBefore(long t) {
        if (t <= start) {
            return 0;
        }
        long elapsed = t - start;
        // smallest i with intendedAt(i) >= t, i.e. ceil(elapsed * rate / 1e9) without overflow
        long whole = elapsed / NANOS_PER_SECOND;
        long part = elapsed % NANOS_PER_SECOND;
        return whole * rate + ceilDiv(part * rate, NANOS_PER_SECOND);
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
