package io.isobench.runner.targets.dispatch;

/**
 * A peer queue of references to pooled events ({@link RecycledEvents}): the publisher claims an event, fills it and
 * enqueues the reference; the agent hands a drained batch back to the pool. The peers differ only in the queue.
 */
abstract class PooledEventChannel implements DispatchChannel {

    protected final RecycledEvents events;

    PooledEventChannel(int capacity) {
        this.events = new RecycledEvents(capacity);
    }

    @Override
    public final boolean offer(long intendedNanos, long sequence, long payload) {
        DispatchEvent event = events.claim();
        if (event == null) {
            return false;
        }
        event.fill(intendedNanos, sequence, payload);
        enqueue(event);
        return true;
    }

    /** Never finds the queue full: no more events are in flight than the pool (and so the queue) holds. */
    abstract void enqueue(DispatchEvent event);

    @Override
    public void flush() {}

    @Override
    public final long fieldsAddress(long n) {
        return events.eventFor(n).fieldsAddress();
    }
}
