package io.isobench.runner.targets.dispatch;

import static io.isobench.runner.targets.dispatch.EventSlots.LINE_BYTES;
import static io.isobench.runner.targets.dispatch.EventSlots.LONG;

import io.isobench.runner.platform.PaddedLong;

/**
 * isobench's own dispatcher: a single-producer single-consumer ring of pooled event slots, one cache line
 * each, off-heap and 64-byte aligned ({@link EventSlots}). Each slot carries its own sequence marker next to the
 * event's fields: the agent polls the slot it expects next, and when the marker flips the fields are already in
 * the same line. A hop therefore costs one cache-line transfer, the floor the core-to-core probe
 * measures; rings that poll a shared cursor and then read the event pay for two.
 *
 * <p>The producer learns about free slots from a consumed counter the agent releases once per drained
 * batch, and reads it only when its cached copy says the ring is full. Nothing is allocated after
 * construction; a slot is reused every {@code capacity} events (the ring is the pool).
 */
final class SpscEventRing implements DispatchChannel {

    /** Byte 0 of a slot: 0 until event p is published into slot p mod capacity, then p + 1. */
    private static final long MARKER = 0;

    private final EventSlots slots;
    private final long mask;
    private final long capacity;
    private final RingCursors.Producer producer = new RingCursors.Producer();
    private final RingCursors.Consumer consumer = new RingCursors.Consumer();
    private final PaddedLong consumed = new PaddedLong();

    /** @param capacity events in the ring, a power of two */
    SpscEventRing(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two, was " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1L;
        this.slots = new EventSlots(capacity);
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        RingCursors.Producer p = producer;
        long position = p.position;
        if (position - p.consumedCache >= capacity) {
            p.consumedCache = consumed.getAcquire();
            if (position - p.consumedCache >= capacity) {
                return false;
            }
        }
        long slot = (position & mask) * LINE_BYTES;
        slots.write(slot, intendedNanos, sequence, payload);
        LONG.setRelease(slots.lines, slot + MARKER, position + 1);
        p.position = position + 1;
        return true;
    }

    /** Every event is published as it is offered: one release store, nothing to batch. */
    @Override
    public void flush() {}

    @Override
    public int drain(EventHandler handler, int limit) {
        RingCursors.Consumer c = consumer;
        long position = c.position;
        int n = 0;
        while (n < limit) {
            long slot = (position & mask) * LINE_BYTES;
            if ((long) LONG.getAcquire(slots.lines, slot + MARKER) != position + 1) {
                break;
            }
            slots.deliver(slot, handler);
            position++;
            n++;
        }
        if (n > 0) {
            c.position = position;
            consumed.setRelease(position);
        }
        return n;
    }

    @Override
    public long fieldsAddress(long n) {
        return slots.fieldsAddress((n & mask) * LINE_BYTES);
    }
}
