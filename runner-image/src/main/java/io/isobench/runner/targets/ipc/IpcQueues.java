package io.isobench.runner.targets.ipc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * The two Chronicle Queues of one session under one directory (on /dev/shm when there is one: shared memory, as
 * the write-up ran): {@code orders} (publisher → consumer) and {@code handled} (consumer → publisher's timer).
 */
final class IpcQueues implements AutoCloseable {

    final ChronicleQueue orders;
    final ChronicleQueue handled;

    IpcQueues(Path dir) {
        orders = SingleChronicleQueueBuilder.single(dir.resolve("orders").toFile())
                .build();
        handled = SingleChronicleQueueBuilder.single(dir.resolve("handled").toFile())
                .build();
    }

    /** A fresh directory for one session's queues under {@code base}, or under /dev/shm (else the temp dir) when null. */
    static Path newSessionDirectory(Path base) throws IOException {
        Path parent = base != null
                ? base
                : Files.isDirectory(Path.of("/dev/shm"))
                        ? Path.of("/dev/shm")
                        : Path.of(System.getProperty("java.io.tmpdir"));
        Files.createDirectories(parent);
        return Files.createTempDirectory(parent, "isobench-ipc-");
    }

    static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Override
    public void close() {
        orders.close();
        handled.close();
    }
}
