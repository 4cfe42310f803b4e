package io.isobench.runner.targets.dispatch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import io.isobench.runner.platform.PaddedLong;
import java.lang.invoke.VarHandle;

/**
 * isobench's own dispatcher: a single-producer single-consumer ring of pooled event slots, one cache line
 * each, off-heap and 64-byte aligned. Each slot carries its own sequence marker next to the event's
 * fields: the agent polls the slot it expects next, and when the marker flips the fields are already in
 * the same line. A hop therefore costs one cache-line transfer, the floor the core-to-core probe
 * measures; rings that poll a shared cursor and then read the event pay for two.
 *
 * <p>The producer learns about free slots from a consumed counter the agent releases once per drained
 * batch, and reads it only when its cached copy says the ring is full. Nothing is allocated after
 * construction; a slot is reused every {@code capacity} events (the ring is the pool).
 */
final class SpscEventRing implements DispatchChannel {

    static final int SLOT_BYTES = 64;
    private static final long MARKER = 0;
    private static final long INTENDED = 8;
    private static final long SEQUENCE = 16;
    private static final long PAYLOAD = 24;
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final MemorySegment slots;
    private final long mask;
    private final long capacity;
    private final ProducerState producer = new ProducerState();
    private final ConsumerState consumer = new ConsumerState();
    private final PaddedLong consumed = new PaddedLong();

    /** @param capacity events in the ring, a power of two */
    SpscEventRing(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("ring capacity must be a power of two, was " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        // zeroed: marker 0 means "never published" (slot p holds event p when its marker is p + 1)
        this.slots = Arena.ofAuto().allocate((long) capacity * SLOT_BYTES, SLOT_BYTES);
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        ProducerState p = producer;
        long position = p.position;
        if (position - p.consumedCache >= capacity) {
            p.consumedCache = consumed.getAcquire();
            if (position - p.consumedCache >= capacity) {
                return false;
            }
        }
        long slot = (position & mask) * SLOT_BYTES;
        LONG.set(slots, slot + INTENDED, intendedNanos);
        LONG.set(slots, slot + SEQUENCE, sequence);
        LONG.set(slots, slot + PAYLOAD, payload);
        LONG.setRelease(slots, slot + MARKER, position + 1);
        p.position = position + 1;
        return true;
    }

    /** Every event is published as it is offered: one release store, nothing to batch. */
    @Override
    public void flush() {}

    @Override
    public int drain(EventHandler handler, int limit) {
        ConsumerState c = consumer;
        long position = c.position;
        int n = 0;
        while (n < limit) {
            long slot = (position & mask) * SLOT_BYTES;
            if ((long) LONG.getAcquire(slots, slot + MARKER) != position + 1) {
                break;
            }
            handler.onEvent((long) LONG.get(slots, slot + INTENDED), (long) LONG.get(slots, slot + SEQUENCE), (long) LONG.get(slots, slot + PAYLOAD));
            position++;
            n++;
        }
        if (n > 0) {
            c.position = position;
            consumed.setRelease(position);
        }
        return n;
    }

    @SuppressWarnings("unused")
    abstract static class LeftPad {
        long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    }

    abstract static class ProducerFields extends LeftPad {
        long position;
        long consumedCache;
    }

    @SuppressWarnings("unused")
    static final class ProducerState extends ProducerFields {
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }

    abstract static class ConsumerFields extends LeftPad {
        long position;
    }

    @SuppressWarnings("unused")
    static final class ConsumerState extends ConsumerFields {
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }
}
