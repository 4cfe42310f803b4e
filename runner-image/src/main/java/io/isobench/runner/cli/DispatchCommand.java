package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import io.isobench.runner.targets.dispatch.DispatchQueue;
import io.isobench.runner.targets.dispatch.DispatchTarget;
import io.isobench.runner.targets.dispatch.PeerTable;
import io.isobench.target.spi.Target;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

// header: the one-line summary `isobench-runner --help` lists (else picocli takes the description's first line, cut
// mid-sentence)
@Command(
        name = "dispatch",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "In-VM dispatch hop: publisher → SPSC queue → busy-spin agent → handler, the queues side by side.",
        description = {
            "In-VM dispatch hop: publisher → SPSC queue → busy-spin agent → handler, pooled events,",
            "latency from each event's intended publish time to the handler. Queues run side by side,",
            "each in a fresh JVM: isobench (ours), disruptor, jctools, agrona, abq (ArrayBlockingQueue)."
        })
final class DispatchCommand extends TargetCommand {

    @Option(
            names = "--queues",
            paramLabel = "LIST",
            description = "Queues to compare. Default: ${DEFAULT-VALUE}.",
            defaultValue = "isobench,disruptor,jctools,agrona,abq")
    String queues;

    @Option(
            names = "--ring-size",
            paramLabel = "N",
            description = "Queue capacity in events, a power of two. Default: ${DEFAULT-VALUE}.",
            defaultValue = "65536")
    int ringSize;

    @Option(
            names = "--batch",
            paramLabel = "N",
            description = "Publish after N events (or when the publisher catches up): the Mongoose "
                    + "write-up's 10M msg/s batching regime. Applies to disruptor (isobench publishes each event with one store and needs none). "
                    + "Default: ${DEFAULT-VALUE}.",
            defaultValue = "1")
    int batch;

    @Option(
            names = "--peer-table",
            description =
                    "Print each queue's exact configuration (class, capacity in events, publication, "
                            + "event layout, recycling) for these --queues, --ring-size and --batch as a Markdown table, and exit.")
    boolean peerTable;

    @Override
    public Integer call() throws Exception {
        if (!peerTable) {
            return super.call();
        }
        DispatchTarget target = (DispatchTarget) target();
        spec.commandLine().getOut().print(PeerTable.markdown(target.queues(), ringSize, batch));
        spec.commandLine().getOut().flush();
        return 0;
    }

    @Override
    String parallelRefusal() {
        return "dispatch measures one hop between threads of one JVM; parts would measure rings of their own, not more "
                + "load on one";
    }

    @Override
    Target target() {
        List<DispatchQueue> selected = new ArrayList<>();
        for (String name : queues.split(",")) {
            if (name.isBlank()) {
                continue;
            }
            try {
                DispatchQueue q = DispatchQueue.of(name);
                if (!selected.contains(q)) {
                    selected.add(q);
                }
            } catch (IllegalArgumentException e) {
                throw new UsageException("--queues '" + name.strip() + "': " + e.getMessage());
            }
        }
        if (selected.isEmpty()) {
            throw new UsageException(
                    "--queues '" + queues + "': name at least one of " + String.join(", ", DispatchQueue.names()));
        }
        // 8: Agrona's longest message is an eighth of its ring, and its records are one line each
        if (ringSize < 8 || ringSize > (1 << 24) || Integer.bitCount(ringSize) != 1) {
            throw new UsageException("--ring-size '" + ringSize + "': must be a power of two between 8 and 16777216");
        }
        if (batch < 1 || batch > ringSize) {
            throw new UsageException("--batch '" + batch + "': must be between 1 and --ring-size (" + ringSize + ")");
        }
        return new DispatchTarget(selected, ringSize, batch);
    }

    @Override
    String defaultRates() {
        return "10k,100k,1M";
    }
}
