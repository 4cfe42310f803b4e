package io.isobench.runner.targets.dispatch;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.SpscArrayQueue;

/**
 * JCTools {@link SpscArrayQueue} of references to pooled events ({@link RecycledEvents}): the queue moves the
 * reference, the event's fields travel in its own line. The agent drains with the queue's own batch drain and gives
 * the batch back to the pool once it is handled.
 */
final class JctoolsChannel extends PooledEventChannel {

    private final SpscArrayQueue<DispatchEvent> queue;
    private final Deliverer deliverer = new Deliverer();

    JctoolsChannel(int capacity) {
        super(capacity);
        this.queue = new SpscArrayQueue<>(capacity);
    }

    @Override
    void enqueue(DispatchEvent event) {
        queue.offer(event);
    }

    @Override
    public int drain(EventHandler handler, int limit) {
        deliverer.target = handler;
        int drained = queue.drain(deliverer, limit);
        events.release(drained);
        return drained;
    }

    private static final class Deliverer implements MessagePassingQueue.Consumer<DispatchEvent> {
        EventHandler target;

        @Override
        public void accept(DispatchEvent event) {
            event.deliverTo(target);
        }
    }
}
