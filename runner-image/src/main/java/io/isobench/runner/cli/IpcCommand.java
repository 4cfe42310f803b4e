package io.isobench.runner.cli;

import io.isobench.runner.harness.JvmVariantForks;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.targets.ipc.IpcTarget;
import io.isobench.target.spi.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** ipc: NewOrderSingle messages over Chronicle Queue between processes. */
@Command(
        name = "ipc",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "Orders over a Chronicle Queue to a consumer in another JVM (the Chronicle Services write-up).",
        description = {
            "Serialized orders over shared memory between processes (the Chronicle Services write-up): a NewOrderSingle with 28 FIX fields",
            "written to a Chronicle Queue, read, deserialized and delivered to a method in another JVM; one-way from the intended send time."
        })
final class IpcCommand extends TargetCommand {

    @Option(
            names = "--consumer",
            paramLabel = "process|thread",
            description = "process: a separate JVM pinned to the next CPU (the write-up's set-up); "
                    + "thread: a pinned thread in this JVM, for comparison. Default: ${DEFAULT-VALUE}.",
            defaultValue = "process",
            converter = ConsumerWords.class)
    Consumer consumer;

    /** {@code --consumer}: where the orders are read. */
    enum Consumer {
        /** A separate JVM pinned to the next CPU. */
        PROCESS,
        /** A pinned thread in this JVM. */
        THREAD
    }

    static final class ConsumerWords extends OptionWords<Consumer> {
        ConsumerWords() {
            super(Consumer.class);
        }
    }

    @Option(
            names = "--queue-dir",
            paramLabel = "DIR",
            description =
                    "Where the session's queues go (deleted after each repetition). Default: /dev/shm, else the temp dir.")
    Path queueDir;

    @Override
    String parallelRefusal() {
        return "ipc measures one queue between two processes of one machine; parts would measure queues of their own";
    }

    @Override
    Target target() {
        ServerLocation location = switch (consumer) {
            case PROCESS -> new ServerLocation.SeparateProcess(JvmVariantForks.currentJvm(RunnerMain.class));
            case THREAD -> new ServerLocation.InProcess();
        };
        if (queueDir != null
                && Files.exists(queueDir)
                && (!Files.isDirectory(queueDir) || !Files.isWritable(queueDir))) {
            throw new UsageException("--queue-dir '" + queueDir + "': not a writable directory");
        }
        return new IpcTarget(location, queueDir);
    }

    @Override
    String defaultRates() {
        return "10k";
    }
}
