package io.isobench.runner.targets.dispatch;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * The naive baseline: {@link ArrayBlockingQueue} (one lock for both ends) of references to pooled events
 * ({@link RecycledEvents}), used through its non-blocking offer/poll so the agent still busy-spins. What its lock
 * costs (and whether it allocates under contention) is exactly what the sweep shows.
 */
final class BlockingQueueChannel extends PooledEventChannel {

    private final ArrayBlockingQueue<DispatchEvent> queue;

    BlockingQueueChannel(int capacity) {
        super(capacity);
        this.queue = new ArrayBlockingQueue<>(capacity);
    }

    @Override
    void enqueue(DispatchEvent event) {
        queue.offer(event);
    }

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
}
