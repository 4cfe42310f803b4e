package io.isobench.runner.targets.dispatch;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The queue implementations the dispatch target can put between publisher and agent. */
public enum DispatchQueue {
    ISOBENCH(
            "isobench",
            "isobench SPSC ring of one-cache-line event slots with per-slot markers (ours)",
            "`SpscEventRing` (isobench)",
            "per event: fields, then one release store of the slot's marker; the agent polls the next slot's marker",
            "the slot: marker at byte 0, fields at 8–31",
            "the ring is the pool: slot reused every N events; the agent releases its position once per drain"),
    DISRUPTOR(
            "disruptor",
            "LMAX Disruptor single-producer RingBuffer, EventPoller",
            "`com.lmax.disruptor.RingBuffer.createSingleProducer` + `EventPoller`, `BusySpinWaitStrategy`",
            "per event: `next()`, fields, `publish(sequence)`; the agent reads the cursor, then the event",
            "entry i: a read-only handle on line i, fields at 8–31",
            "the ring is the pool: entry reused every N events; the poller moves its gating sequence once per poll"),
    JCTOOLS(
            "jctools",
            "JCTools SpscArrayQueue of pooled event references",
            "`org.jctools.queues.SpscArrayQueue` of event references, `drain(consumer, limit)`",
            "per event: `offer` (element, then producer index, ordered stores)",
            "a read-only handle per event on its own line, fields at 8–31",
            "N handles in ring order, reused in place; the agent releases its position once per drain"),
    AGRONA(
            "agrona",
            "Agrona OneToOneRingBuffer (serialised, off-heap, one line per record)",
            "`org.agrona.concurrent.ringbuffer.OneToOneRingBuffer` on a 64-B-aligned `UnsafeBuffer` of N lines + trailer",
            "per event: `tryClaim`, fields, `commit` (release store of the record length); the agent polls the next "
                    + "record's length",
            "a 64-B record: Agrona's header at byte 0, fields at 8–31",
            "records rewritten in place; `read` releases the head position once per call"),
    ABQ(
            "abq",
            "java.util.concurrent.ArrayBlockingQueue of pooled event references (naive baseline)",
            "`java.util.concurrent.ArrayBlockingQueue` of event references, non-blocking `offer`/`poll`",
            "per event, under the queue's one lock (both ends)",
            "a read-only handle per event on its own line, fields at 8–31",
            "N handles in ring order, reused in place; the agent releases its position once per drain");

    private final String cliName;
    private final String description;
    private final String implementation;
    private final String publication;
    private final String layout;
    private final String recycling;

    DispatchQueue(
            String cliName,
            String description,
            String implementation,
            String publication,
            String layout,
            String recycling) {
        this.cliName = cliName;
        this.description = description;
        this.implementation = implementation;
        this.publication = publication;
        this.layout = layout;
        this.recycling = recycling;
    }

    public String cliName() {
        return cliName;
    }

    public String description() {
        return description;
    }

    /** Events a ring of {@code ringSize} holds before it refuses one (Agrona keeps one record header's room free). */
    public int capacityInEvents(int ringSize) {
        return this == AGRONA ? ringSize - 1 : ringSize;
    }

    /** The class under test, and how it is built. */
    public String implementation() {
        return implementation;
    }

    /** How an event is made visible to the agent when the publisher batches up to {@code batch} events. */
    public String publication(int batch) {
        if (batches() && batch > 1) {
            return "`next()` per event, `publish(lo, hi)` once per " + batch + " events or when the publisher waits; "
                    + "the agent reads the cursor, then the events";
        }
        return publication;
    }

    /** Where the event's fields live ({@link EventSlots}: one 64-byte-aligned off-heap line per event). */
    public String layout() {
        return layout;
    }

    /** How a handled event's room gets back to the publisher. */
    public String recycling() {
        return recycling;
    }

    /** Whether {@code --batch} changes how this queue publishes (isobench's per-slot markers need no batching). */
    public boolean batches() {
        return this == DISRUPTOR;
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(DispatchQueue::cliName).toList();
    }

    public static DispatchQueue of(String name) {
        for (DispatchQueue q : values()) {
            if (q.cliName.equals(name.toLowerCase(Locale.ROOT).strip())) {
                return q;
            }
        }
        throw new IllegalArgumentException("unknown queue '" + name + "' (known: " + String.join(", ", names()) + ")");
    }

    DispatchChannel newChannel(int capacity, int batch) {
        return switch (this) {
            case ISOBENCH -> new SpscEventRing(capacity);
            case DISRUPTOR -> new DisruptorChannel(capacity, batch);
            case JCTOOLS -> new JctoolsChannel(capacity);
            case AGRONA -> new AgronaChannel(capacity);
            case ABQ -> new BlockingQueueChannel(capacity);
        };
    }
}
