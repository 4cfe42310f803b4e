package io.isobench.runner.targets.dispatch;

import io.isobench.runner.platform.PaddedLong;

/**
 * The event pool of the queues that pass references (JCTools, ArrayBlockingQueue), recycled at the same cost as a ring
 * whose slots are the pool (isobench, Disruptor, Agrona): {@code capacity} pre-allocated events handed out in ring
 * order and reused in place. The agent gives a drained batch back with one release store of its position after the
 * batch is handled; the publisher reads that position only when its cached copy says every event is in flight.
 * So at most {@code capacity} events are ever in flight, and the queue behind never refuses one.
 */
final class RecycledEvents {

    private final DispatchEvent[] events;
    private final int mask;
    private final RingCursors.Producer producer = new RingCursors.Producer();
    private final RingCursors.Consumer consumer = new RingCursors.Consumer();
    private final PaddedLong released = new PaddedLong();

    /** @param capacity events, a power of two */
    RecycledEvents(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two, was " + capacity);
        }
        EventSlots slots = new EventSlots(capacity);
        this.events = new DispatchEvent[capacity];
        for (int i = 0; i < capacity; i++) {
            events[i] = new DispatchEvent(slots, i);
        }
        this.mask = capacity - 1;
    }

    /** Publisher: the next free event, or null while all are in flight. */
    DispatchEvent claim() {
        RingCursors.Producer p = producer;
        long position = p.position;
        if (position - p.consumedCache >= events.length) {
            p.consumedCache = released.getAcquire();
            if (position - p.consumedCache >= events.length) {
                return null;
            }
        }
        p.position = position + 1;
        return events[(int) (position & mask)];
    }

    /** Agent: the {@code count} oldest events in flight are handled; once per drain call. */
    void release(int count) {
        if (count > 0) {
            RingCursors.Consumer c = consumer;
            c.position += count;
            released.setRelease(c.position);
        }
    }

    /** The event that carries (or last carried, or will carry) the event numbered {@code sequence}. */
    DispatchEvent eventFor(long sequence) {
        return events[(int) (sequence & mask)];
    }
}
