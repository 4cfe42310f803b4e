package io.isobench.runner.harness;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * The closed loop's in-flight limit as the sender sees it. The completion counters are written by the recording
 * threads on every message; the sender reads them only when its cached count says the limit is reached, so while it
 * has room it never pulls those lines away from the threads writing them.
 *
 * <p>When another thread writes them and a read finds the limit still reached, the next {@code limit / 8} calls answer
 * "no room" without reading. Each read takes the counter's line from the recording thread, whose next increment then
 * waits for it to come back (a core-to-core round trip, and the histogram's locked instruction right after waits for
 * that store): a sender spinning on a full window of 4,096 read it every few tens of nanoseconds and held a queue
 * whose consumer keeps up with 30M messages/s at 6-12M/s (BENCHMARKS.md, dispatch saturation). A full window is at
 * least {@code limit} messages of queued work for that thread, so a few microseconds between reads leave it no less
 * busy. A window of fewer than 8 (ping-pong) is read on every call; so is a count the sender writes itself (an HTTP
 * generator completing its own exchanges), where a read costs nothing and every call skipped would leave a
 * connection idle.
 */
final class InFlightLimit {

    /** A full window another thread completes is re-read once per this fraction of its size in calls. */
    static final int READ_SPACING_DIVISOR = 8;

    private final int limit;
    private final LongSupplier completed;
    private final BooleanSupplier completedByAnotherThread;
    private long completedCache;
    private int callsBetweenReads = -1;
    private int callsBeforeNextRead;

    /**
     * @param completed                messages completed so far
     * @param completedByAnotherThread whether another thread than the sender writes that count (asked until it is)
     */
    InFlightLimit(int limit, LongSupplier completed, BooleanSupplier completedByAnotherThread) {
        this.limit = limit;
        this.completed = completed;
        this.completedByAnotherThread = completedByAnotherThread;
    }

    /** Whether one more message may be sent after {@code sent} in total. */
    boolean hasRoom(long sent) {
        if (sent - completedCache < limit) {
            return true;
        }
        if (callsBeforeNextRead > 0) {
            callsBeforeNextRead--;
            return false;
        }
        completedCache = completed.getAsLong();
        if (sent - completedCache < limit) {
            return true;
        }
        if (callsBetweenReads < 0 && completedByAnotherThread.getAsBoolean()) {
            callsBetweenReads = limit / READ_SPACING_DIVISOR;
        }
        callsBeforeNextRead = Math.max(callsBetweenReads, 0);
        return false;
    }
}
