package io.isobench.runner.targets.dispatch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The event layout every queue shares: one 64-byte-aligned cache line per event, off-heap, allocated once and reused
 * in place. The event's three fields sit at bytes 8–31 of its line; bytes 0–7 hold the queue's own word for the
 * event where it has one (isobench's slot marker; Agrona's record header lives at the same place in its own buffer)
 * and stay unused otherwise. The rest of the line is never touched, so no two events ever share a line.
 */
final class EventSlots {

    static final int LINE_BYTES = 64;
    static final long INTENDED = 8;
    static final long SEQUENCE = 16;
    static final long PAYLOAD = 24;
    static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    final MemorySegment lines;

    /** @param capacity events, each on its own line; zeroed */
    EventSlots(int capacity) {
        this.lines = Arena.ofAuto().allocate((long) capacity * LINE_BYTES, LINE_BYTES);
    }

    /** Plain stores of the event's fields into the line at {@code line} (a byte offset); the queue publishes them. */
    void write(long line, long intendedNanos, long sequence, long payload) {
        LONG.set(lines, line + INTENDED, intendedNanos);
        LONG.set(lines, line + SEQUENCE, sequence);
        LONG.set(lines, line + PAYLOAD, payload);
    }

    void deliver(long line, DispatchChannel.EventHandler handler) {
        handler.onEvent((long) LONG.get(lines, line + INTENDED), (long) LONG.get(lines, line + SEQUENCE), (long)
                LONG.get(lines, line + PAYLOAD));
    }

    /** Where the first field of the event in the line at {@code line} lives in memory. */
    long fieldsAddress(long line) {
        return lines.address() + line + INTENDED;
    }
}
