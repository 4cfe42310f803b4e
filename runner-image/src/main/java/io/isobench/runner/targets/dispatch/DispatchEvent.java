package io.isobench.runner.targets.dispatch;

/**
 * The pooled event of the queues that pass references (Disruptor, JCTools, ArrayBlockingQueue): a read-only handle
 * on one line of {@link EventSlots}, so their events have the same off-heap, line-aligned layout as isobench's slots
 * and Agrona's records. Publisher and agent only ever read the handle; the event's fields are in its line.
 */
final class DispatchEvent {

    private final EventSlots slots;
    private final long line;

    DispatchEvent(EventSlots slots, int index) {
        this.slots = slots;
        this.line = (long) index * EventSlots.LINE_BYTES;
    }

    void fill(long intendedNanos, long sequence, long payload) {
        slots.write(line, intendedNanos, sequence, payload);
    }

    void deliverTo(DispatchChannel.EventHandler handler) {
        slots.deliver(line, handler);
    }

    long fieldsAddress() {
        return slots.fieldsAddress(line);
    }
}
