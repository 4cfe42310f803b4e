package io.isobench.runner.targets.dispatch;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.SpscArrayQueue;

/**
 * JCTools {@link SpscArrayQueue} of references to pooled events ({@link RecycledEvents}): the queue moves the
 * reference, the event's fields travel in its own line. The agent drains with the queue's own batch drain and gives
 * the batch back to the pool once it is handled.
 */
final class JctoolsChannel implements DispatchChannel {

    private final SpscArrayQueue<DispatchEvent> queue;
    private final RecycledEvents events;
    private final Deliverer deliverer = new Deliverer();

    JctoolsChannel(int capacity) {
        this.queue = new SpscArrayQueue<>(capacity);
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
        deliverer.target = handler;
        int drained = queue.drain(deliverer, limit);
        events.release(drained);
        return drained;
    }

    @Override
    public long fieldsAddress(long n) {
        return events.eventFor(n).fieldsAddress();
    }

    private static final class Deliverer implements MessagePassingQueue.Consumer<DispatchEvent> {
        EventHandler target;

        @Override
        public void accept(DispatchEvent event) {
            event.deliverTo(target);
        }
    }
}
