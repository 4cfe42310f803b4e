package io.isobench.runner.targets.dispatch;

/**
 * One queue implementation under test: a single publisher thread calls {@link #offer}/{@link #flush}, a
 * single agent thread calls {@link #drain}. Neither may allocate or block. Every implementation holds the same number
 * of events, lays them out alike ({@link EventSlots}) and recycles them at the same cost (see {@link #drain}).
 */
interface DispatchChannel {

    /** Enqueues one event; false when full (the rig retries, the wait counts as latency). */
    boolean offer(long intendedNanos, long sequence, long payload);

    /** Makes batched events visible to the agent (no-op for implementations that publish per event). */
    void flush();

    /**
     * Hands up to {@code limit} available events to {@code handler}; returns how many. The slots of the events handed
     * over go back to the publisher only when the call returns (one release for the batch, the same for every queue).
     */
    int drain(EventHandler handler, int limit);

    /**
     * Where the fields of the {@code n}-th event offered (counting from 0) live while it is in flight: the layout every
     * queue shares ({@link EventSlots}) is checked against this.
     */
    long fieldsAddress(long n);

    /** Receives events on the agent thread. */
    interface EventHandler {
        void onEvent(long intendedNanos, long sequence, long payload);
    }
}
