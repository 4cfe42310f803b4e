package io.isobench.runner.targets.dispatch;

import static org.agrona.concurrent.ringbuffer.RecordDescriptor.HEADER_LENGTH;

import org.agrona.BufferUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Agrona {@link OneToOneRingBuffer}: events are serialised into an off-heap ring (claim, write in place, commit) rather
 * than passed by reference, which is how Aeron moves messages between threads. Each record is one 64-byte line of a
 * line-aligned buffer: the 8-byte record header where isobench keeps its slot marker, the event's fields at bytes
 * 8–31 ({@link EventSlots}' layout), the rest unused. The ring is {@code capacity} lines; Agrona keeps one record
 * header's room free to pre-zero the next header, so it holds {@code capacity - 1} events.
 */
final class AgronaChannel implements DispatchChannel {

    private static final int MESSAGE_TYPE = 1;
    /** A record of exactly one line: header + message. */
    private static final int MESSAGE_LENGTH = EventSlots.LINE_BYTES - HEADER_LENGTH;

    private static final int SEQUENCE = (int) (EventSlots.SEQUENCE - EventSlots.INTENDED);
    private static final int PAYLOAD = (int) (EventSlots.PAYLOAD - EventSlots.INTENDED);

    private final OneToOneRingBuffer ring;
    private final int mask;
    private final Reader reader = new Reader();

    /** @param capacity ring lines, a power of two of at least 8 (Agrona's longest message is an eighth of the ring) */
    AgronaChannel(int capacity) {
        if (Integer.bitCount(capacity) != 1 || capacity < 8) {
            throw new IllegalArgumentException(
                    "ring capacity must be a power of two of at least 8 for agrona, was " + capacity);
        }
        int bytes = capacity * EventSlots.LINE_BYTES + RingBufferDescriptor.TRAILER_LENGTH;
        this.ring = new OneToOneRingBuffer(
                new UnsafeBuffer(BufferUtil.allocateDirectAligned(bytes, EventSlots.LINE_BYTES)));
        this.mask = capacity - 1;
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        int index = ring.tryClaim(MESSAGE_TYPE, MESSAGE_LENGTH);
        if (index <= 0) {
            return false;
        }
        MutableDirectBuffer buffer = ring.buffer();
        buffer.putLong(index, intendedNanos);
        buffer.putLong(index + SEQUENCE, sequence);
        buffer.putLong(index + PAYLOAD, payload);
        ring.commit(index);
        return true;
    }

    @Override
    public void flush() {}

    @Override
    public int drain(EventHandler handler, int limit) {
        reader.target = handler;
        return ring.read(reader, limit);
    }

    @Override
    public long fieldsAddress(long n) {
        // records are one line each and the ring a whole number of lines: record n always starts line n mod capacity
        return ring.buffer().addressOffset() + (n & mask) * EventSlots.LINE_BYTES + HEADER_LENGTH;
    }

    private static final class Reader implements MessageHandler {
        EventHandler target;

        @Override
        public void onMessage(int msgTypeId, MutableDirectBuffer buffer, int index, int length) {
            target.onEvent(buffer.getLong(index), buffer.getLong(index + SEQUENCE), buffer.getLong(index + PAYLOAD));
        }
    }
}
