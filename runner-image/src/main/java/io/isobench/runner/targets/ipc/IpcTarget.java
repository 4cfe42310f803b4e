package io.isobench.runner.targets.ipc;

import io.isobench.runner.harness.OneWayTarget;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.ServerProcess;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Serialized orders between processes over shared memory (the Chronicle Services write-up): the publisher (the
 * rig's sender thread) writes NewOrderSingle messages with 28 FIX fields to a Chronicle Queue; the consumer — a
 * separate JVM by default, or a thread here for comparison — deserializes each and is called on its service
 * method, where the time is taken. One-way latency from the intended send time, on CLOCK_MONOTONIC shared by
 * both processes.
 */
public final class IpcTarget extends OneWayTarget {

    private static final long CONSUMER_START_TIMEOUT_MILLIS = 60_000;

    private final ServerLocation consumer;
    private final Path queueBase;

    /**
     * @param consumer  {@link ServerLocation.SeparateProcess} or {@link ServerLocation.InProcess} (shared memory needs one host)
     * @param queueBase where session queue directories go, or null for /dev/shm (else the temp dir)
     */
    public IpcTarget(ServerLocation consumer, Path queueBase) {
        super("consumer");
        if (consumer instanceof ServerLocation.Remote) {
            throw new IllegalArgumentException(
                    "the ipc consumer shares memory with the publisher: it cannot be remote");
        }
        this.consumer = consumer;
        this.queueBase = queueBase;
    }

    @Override
    public String name() {
        return "ipc";
    }

    @Override
    public List<String> variants() {
        return List.of(consumer.variant());
    }

    @Override
    public Map<String, Object> options() {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("message", "NewOrderSingle, 28 FIX fields (Chronicle Wire)");
        options.put("consumer", consumer.describe());
        options.put("queueBase", queueBase == null ? "/dev/shm (else the temp dir)" : queueBase.toString());
        return options;
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        Path dir = IpcQueues.newSessionDirectory(queueBase);
        var recorder = context.recording().newRecorder("publisher");
        IpcQueues queues = null;
        try {
            queues = new IpcQueues(dir);
            if (consumer instanceof ServerLocation.SeparateProcess p) {
                Integer cpu = context.threads().cpuOf("consumer");
                ServerProcess process = ServerProcess.start(
                        p.runnerCommand(),
                        name(),
                        List.of("--queue", dir.toString()),
                        List.of(),
                        cpu,
                        CONSUMER_START_TIMEOUT_MILLIS);
                context.threads().recordSeparateProcess(process.pinnings("consumer", cpu));
                return new IpcSession(dir, queues, recorder, process::failure, process);
            }
            IpcConsumer local = new IpcConsumer(queues);
            Thread thread = context.threads().start("consumer", local);
            if (!local.awaitReady(CONSUMER_START_TIMEOUT_MILLIS)) {
                local.close();
                throw new IllegalStateException("the ipc consumer thread did not start: " + local.error());
            }
            return new IpcSession(
                    dir,
                    queues,
                    recorder,
                    () -> local.error() == null ? null : "the consumer thread died: " + local.error(),
                    () -> {
                        local.close();
                        thread.join(TimeUnit.SECONDS.toMillis(5));
                    });
        } catch (Exception e) {
            if (queues != null) {
                queues.close();
            }
            IpcQueues.delete(dir);
            throw e;
        }
    }
}
