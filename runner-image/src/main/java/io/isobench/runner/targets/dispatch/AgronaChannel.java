package io.isobench.runner.targets.dispatch;

import java.nio.ByteBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * Agrona {@link OneToOneRingBuffer}: events are serialised into an off-heap ring (claim, write in place,
 * commit) rather than passed by reference, which is how Aeron moves messages between threads.
 */
final class AgronaChannel implements DispatchChannel {

    private static final int MESSAGE_TYPE = 1;
    private static final int MESSAGE_LENGTH = 3 * Long.BYTES;
    /** Record header (8) + message, aligned to 8: the ring's space per event. */
    private static final int SLOT_BYTES = 64;

    private final OneToOneRingBuffer ring;
    private final Reader reader = new Reader();

    AgronaChannel(int capacity) {
        int bytes = capacity * SLOT_BYTES + RingBufferDescriptor.TRAILER_LENGTH;
        this.ring = new OneToOneRingBuffer(new UnsafeBuffer(ByteBuffer.allocateDirect(bytes)));
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        int index = ring.tryClaim(MESSAGE_TYPE, MESSAGE_LENGTH);
        if (index <= 0) {
            return false;
        }
        MutableDirectBuffer buffer = ring.buffer();
        buffer.putLong(index, intendedNanos);
        buffer.putLong(index + Long.BYTES, sequence);
        buffer.putLong(index + 2 * Long.BYTES, payload);
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

    private static final class Reader implements MessageHandler {
        EventHandler target;

        @Override
        public void onMessage(int msgTypeId, MutableDirectBuffer buffer, int index, int length) {
            target.onEvent(buffer.getLong(index), buffer.getLong(index + Long.BYTES), buffer.getLong(index + 2 * Long.BYTES));
        }
    }
}
