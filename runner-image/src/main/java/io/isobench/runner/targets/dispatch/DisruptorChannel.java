package io.isobench.runner.targets.dispatch;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;

/**
 * LMAX Disruptor 4: single-producer ring of pre-allocated events reused in place (entry {@code i} holds line {@code i}
 * of the shared {@link EventSlots} layout), polled by the agent through an {@link EventPoller} (the Disruptor's own
 * non-blocking consumer API, which moves its gating sequence once per poll) so every queue runs under the same
 * busy-spin agent loop. Batching publishes claimed ranges in one go, as {@code next(n)} users do.
 */
final class DisruptorChannel implements DispatchChannel {

    private final RingBuffer<DispatchEvent> ring;
    private final EventPoller<DispatchEvent> poller;
    private final int batch;
    private final PollHandler pollHandler = new PollHandler();
    private long firstUnpublished = -1;
    private long lastClaimed = -1;

    DisruptorChannel(int capacity, int batch) {
        EventSlots slots = new EventSlots(capacity);
        int[] nextLine = {0};
        // the ring calls the factory once per entry, in entry order
        this.ring = RingBuffer.createSingleProducer(
                () -> new DispatchEvent(slots, nextLine[0]++), capacity, new BusySpinWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        this.batch = batch;
    }

    @Override
    public boolean offer(long intendedNanos, long sequence, long payload) {
        if (!ring.hasAvailableCapacity(1)) {
            return false;
        }
        long seq = ring.next();
        DispatchEvent event = ring.get(seq);
        event.fill(intendedNanos, sequence, payload);
        if (firstUnpublished < 0) {
            firstUnpublished = seq;
        }
        lastClaimed = seq;
        if (lastClaimed - firstUnpublished + 1 >= batch) {
            flush();
        }
        return true;
    }

    @Override
    public void flush() {
        if (firstUnpublished >= 0) {
            ring.publish(firstUnpublished, lastClaimed);
            firstUnpublished = -1;
        }
    }

    @Override
    public int drain(EventHandler handler, int limit) {
        pollHandler.target = handler;
        pollHandler.limit = limit;
        pollHandler.count = 0;
        try {
            poller.poll(pollHandler);
        } catch (Exception e) {
            throw new IllegalStateException("Disruptor poll failed", e);
        }
        return pollHandler.count;
    }

    @Override
    public long fieldsAddress(long n) {
        return ring.get(n).fieldsAddress();
    }

    /** Reused for every poll: the agent loop allocates nothing. */
    private static final class PollHandler implements EventPoller.Handler<DispatchEvent> {
        EventHandler target;
        int limit;
        int count;

        @Override
        public boolean onEvent(DispatchEvent event, long sequence, boolean endOfBatch) {
            event.deliverTo(target);
            return ++count < limit;
        }
    }
}
