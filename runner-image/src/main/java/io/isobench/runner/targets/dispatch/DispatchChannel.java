package io.isobench.runner.targets.dispatch;

/**
 * One queue implementation under test: a single publisher thread calls {@link #offer}/{@link #flush}, a
 * single agent thread calls {@link #drain}. Neither may allocate or block.
 */
interface DispatchChannel {

    /** Enqueues one event; false when full (the rig retries, the wait counts as latency). */
    boolean offer(long intendedNanos, long sequence, long payload);

    /** Makes batched events visible to the agent (no-op for implementations that publish per event). */
    void flush();

    /** Hands up to {@code limit} available events to {@code handler}; returns how many. */
    int drain(EventHandler handler, int limit);

    /** Receives events on the agent thread. */
    interface EventHandler {
        void onEvent(long intendedNanos, long sequence, long payload);
    }
}
