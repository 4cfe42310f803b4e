package io.isobench.target.spi;

import java.util.Map;

/**
 * One repetition's live connection to a target. {@link #send}, {@link #flush} and {@link #idle} are only
 * ever called from the rig's pinned sender thread, in its hot loop: they must not allocate or block.
 *
 * @implSpec Hot path (the sender thread and every thread of {@link Target#threadRoles()}, from the warm-up to the end
 *     of the window): no allocation, no blocking, no locks another thread holds for long. Allocate buffers and
 *     recorders in {@link Target#open}; a thread that waits spins or calls {@link #idle} work, it does not sleep.
 *     {@link #failure()} is polled now and then from the sender thread, so it must be cheap and not allocate while
 *     healthy. {@link #metrics()} and {@link #close()} run after the window: they may allocate; {@code close} must
 *     return within a few seconds even when the target hangs (interrupt and join with a timeout).
 */
public interface Session extends AutoCloseable {

    /**
     * Sends one message stamped with its intended send time. Returns false when the target cannot take
     * it now (queue full, socket buffer full); the rig then retries the same stamp, so waiting counts
     * as latency.
     */
    boolean send(long intendedNanos);

    /** Publishes anything {@link #send} batched. Called before the rig waits and at the end. */
    default void flush() {}

    /** Work the sender thread may do while it waits: receive echoes, complete requests. */
    default void idle() {}

    /**
     * Why the target cannot go on (server died, connection reset), or null while healthy. Polled by
     * the rig now and then; a non-null answer ends the repetition with FAIL and this reason.
     */
    default String failure() {
        return null;
    }

    /**
     * The messages the window owes, when they are not the rig's sends: a server that emits on a schedule of its own
     * (rsocket's request-streams, which the rig only opens) answers how many of its messages were due in
     * [{@code windowStartNanos}, {@code windowEndNanos}). The rig then waits, up to the drain timeout, until that many are
     * recorded, and the verdict counts the rest lost. Called once, on the sender thread, after the last send.
     *
     * @return the messages due, or -1 (the default) when every send is one message and its completion the reply
     */
    default long dueInWindow(long windowStartNanos, long windowEndNanos) {
        return -1;
    }

    /** Target-specific figures for the repetition's {@code metrics}, read after the window. */
    default Map<String, Object> metrics() {
        return Map.of();
    }

    /** Stops threads and releases resources; must return within a few seconds even if the target hangs. */
    @Override
    void close() throws Exception;
}
