package io.isobench.runner.targets.dispatch;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * The naive baseline: {@link ArrayBlockingQueue} (one lock for both ends) with a second one as the
 * event pool, used through its non-blocking offer/poll so the agent still busy-spins. What it costs
 * (and whether its lock allocates under contention) is exactly what the sweep shows.
 */
final class BlockingQueueChannel implements DispatchChannel {

    private final ArrayBlockingQueue<DispatchEvent> queue;
    private final ArrayBlockingQueue<DispatchEvent> pool;

    BlockingQueueChannel(int capacity) {
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.pool = new ArrayBlockingQueue<>(capacity);
        for (int i = 0; i < capacity; i++) {
            pool.offer(new DispatchEvent());
        }
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        DispatchEvent event = pool.poll();
        if (event == null) {
            return false;
        }
        event.fill(intendedNanos, sequence, payload);
        queue.offer(event);
        return true;
    }

    @Override
    public void flush() {}

    @Override
    public int drain(EventHandler handler, int limit) {
        int n = 0;
        DispatchEvent event;
        while (n < limit && (event = queue.poll()) != null) {
            event.deliverTo(handler);
            pool.offer(event);
            n++;
        }
        return n;
    }
}
