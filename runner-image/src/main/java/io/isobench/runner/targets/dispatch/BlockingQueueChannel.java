package io.isobench.runner.targets.dispatch;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * The naive baseline: {@link ArrayBlockingQueue} (one lock for both ends) of references to pooled events
 * ({@link RecycledEvents}), used through its non-blocking offer/poll so the agent still busy-spins. What its lock
 * costs (and whether it allocates under contention) is exactly what the sweep shows.
 */
final class BlockingQueueChannel implements DispatchChannel {

    private final ArrayBlockingQueue<DispatchEvent> queue;
    private final RecycledEvents events;

    BlockingQueueChannel(int capacity) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.events = new RecycledEvents(capacity);
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        DispatchEvent event = events.claim();
        if (event == null) {
            return false;
        }
        event.fill(intendedNanos, sequence, payload);
        // never full: no more events are in flight than the queue holds
        queue.offer(event);
        return true;
    }

    @Override
    public void flush() {}

    @Override
    public int drain(EventHandler handler, int limit) {
        int drained = 0;
        DispatchEvent event;
        while (drained < limit && (event = queue.poll()) != null) {
            event.deliverTo(handler);
            drained++;
        }
        events.release(drained);
        return drained;
    }

    @Override
    public long fieldsAddress(long n) {
        return events.eventFor(n).fieldsAddress();
    }
}
