package io.isobench.runner.harness;

import java.util.function.LongSupplier;

/**
 * The closed loop's in-flight limit as the sender sees it. The completion counters are written by the recording
 * threads on every message; the sender reads them only when its cached count says the limit is reached, so while it
 * has room it never pulls those lines away from the threads writing them.
 */
final class InFlightLimit {

    private final int limit;
    private final LongSupplier completed;
    private long completedCache;

    InFlightLimit(int limit, LongSupplier completed) {
        this.limit = limit;
        this.completed = completed;
    }

    /** Whether one more message may be sent after {@code sent} in total. */
    boolean hasRoom(long sent) {
        if (sent - completedCache < limit) {
            return true;
        }
        completedCache = completed.getAsLong();
        return sent - completedCache < limit;
    }
}
