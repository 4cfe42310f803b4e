package io.isobench.runner.targets.dispatch;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The queue implementations the dispatch target can put between publisher and agent. */
public enum DispatchQueue {
    ISOBENCH("isobench", "isobench SPSC ring of one-cache-line event slots with per-slot markers (ours)"),
    DISRUPTOR("disruptor", "LMAX Disruptor 4 single-producer ring, EventPoller"),
    JCTOOLS("jctools", "JCTools SpscArrayQueue + SPSC return pool"),
    AGRONA("agrona", "Agrona OneToOneRingBuffer (serialised, off-heap)"),
    ABQ("abq", "java.util.concurrent.ArrayBlockingQueue (naive baseline)");

    private final String cliName;
    private final String description;

    DispatchQueue(String cliName, String description) {
        this.cliName = cliName;
        this.description = description;
    }

    public String cliName() {
        return cliName;
    }

    public String description() {
        return description;
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
