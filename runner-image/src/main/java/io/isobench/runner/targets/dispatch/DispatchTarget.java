package io.isobench.runner.targets.dispatch;

import io.isobench.runner.harness.OneWayTarget;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The in-VM dispatch hop of the Mongoose write-up: publisher → SPSC queue → busy-spin agent → handler,
 * pooled events, latency from intended publish time to the handler. Each queue in {@code queues} is a
 * variant, measured in the same harness side by side.
 */
public final class DispatchTarget extends OneWayTarget {

    public static final String NAME = "dispatch";

    private final List<DispatchQueue> queues;
    private final int ringCapacity;
    private final int batch;

    public DispatchTarget(List<DispatchQueue> queues, int ringCapacity, int batch) {
        super("agent");
        if (queues.isEmpty()) {
            throw new IllegalArgumentException("at least one queue");
        }
        this.queues = List.copyOf(queues);
        this.ringCapacity = ringCapacity;
        this.batch = batch;
    }

    /** The queues compared, in order. */
    public List<DispatchQueue> queues() {
        return queues;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> variants() {
        return queues.stream().map(DispatchQueue::cliName).toList();
    }

    @Override
    public Map<String, Object> options() {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("queues", variants());
        options.put("ringCapacity", ringCapacity);
        options.put("batch", batch);
        return options;
    }

    @Override
    public Session open(SessionContext context) {
        DispatchQueue queue = DispatchQueue.of(context.variant());
        return new DispatchSession(queue.newChannel(ringCapacity, batch), context);
    }
}
