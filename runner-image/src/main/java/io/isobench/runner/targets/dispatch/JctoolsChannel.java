package io.isobench.runner.targets.dispatch;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.SpscArrayQueue;

/**
 * JCTools {@link SpscArrayQueue} of references to pooled events; a second SPSC queue returns each event
 * to the publisher's pool once handled (the seed's acquire/auto-release cycle).
 */
final class JctoolsChannel implements DispatchChannel {

    private final SpscArrayQueue<DispatchEvent> queue;
    private final SpscArrayQueue<DispatchEvent> pool;
    private final Releaser releaser = new Releaser();

    JctoolsChannel(int capacity) {
        this.queue = new SpscArrayQueue<>(capacity);
        this.pool = new SpscArrayQueue<>(capacity);
        for (int i = 0; i < capacity; i++) {
            pool.offer(new DispatchEvent());
        }
        releaser.pool = pool;
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        DispatchEvent event = pool.relaxedPoll();
        if (event == null) {
            return false;
        }
        event.fill(intendedNanos, sequence, payload);
        queue.relaxedOffer(event);
        return true;
    }

    @Override
    public void flush() {}

    @Override
    public int drain(EventHandler handler, int limit) {
        releaser.target = handler;
        return queue.drain(releaser, limit);
    }

    private static final class Releaser implements MessagePassingQueue.Consumer<DispatchEvent> {
        EventHandler target;
        SpscArrayQueue<DispatchEvent> pool;

        @Override
        public void accept(DispatchEvent event) {
            event.deliverTo(target);
            pool.relaxedOffer(event);
        }
    }
}
