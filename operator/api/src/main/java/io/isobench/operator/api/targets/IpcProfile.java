package io.isobench.operator.api.targets;

import io.isobench.operator.api.IpcTargetSpec;
import java.util.List;
import java.util.Optional;

/**
 * Chronicle Queue between two processes of the client's container: the runner starts the consumer itself, so there is
 * no server role; their queues live on a memory-backed volume.
 */
public record IpcProfile(IpcTargetSpec options) implements TargetProfile {

    /** Where the client's container mounts the queue volume. */
    public static final String QUEUE_DIR = "/queue";

    @Override
    public String runnerName() {
        return "ipc";
    }

    @Override
    public List<String> clientOptions() {
        return List.of("--queue-dir", QUEUE_DIR);
    }

    /** Publisher and consumer each on a CPU of their own. */
    @Override
    public int defaultClientCpus() {
        return 2;
    }

    /** The consumer process. */
    @Override
    public int extraClientJvms() {
        return 1;
    }

    @Override
    public Optional<MemoryVolume> memoryVolume() {
        return Optional.of(new MemoryVolume("queue", QUEUE_DIR, options.getQueueVolume()));
    }
}
