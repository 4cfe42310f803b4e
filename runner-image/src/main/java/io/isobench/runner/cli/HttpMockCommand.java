package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import io.isobench.runner.targets.http.HttpMockTarget;
import io.isobench.runner.targets.http.MockServerHost;
import io.isobench.target.spi.Target;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** http-mock: MockServer under load from our own keep-alive HTTP/1.1 generator. */
@Command(
        name = "http-mock",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "MockServer under load (the MockServer performance page): GET /simple over keep-alive connections from a busy-polled NIO generator.",
            "--mode closed --clients 10,50,150,…: the page's parallel-clients sweep (ab -k);",
            "--mode open --rates …: fixed rate over --connections,",
            "each request timed from its intended send time (waiting for a free connection counts)."
        })
final class HttpMockCommand extends TargetCommand {

    /** The seed's parallel-clients column. */
    static final String SEED_CLIENTS = "10,50,100,150,250,500,750,1000,2000";

    @Mixin
    ServerOptions server;

    @Option(
            names = "--path",
            paramLabel = "PATH",
            description = "Path of the GET expectation. Default: ${DEFAULT-VALUE}.",
            defaultValue = MockServerHost.DEFAULT_PATH)
    String path;

    @Mixin
    ConnectionPoolOptions pool;

    @Option(
            names = "--max-log-entries",
            paramLabel = "N",
            description =
                    "MockServer's in-memory request log cap (the performance page's tuning advice). Default: ${DEFAULT-VALUE}.",
            defaultValue = "1000")
    int maxLogEntries;

    @Option(
            names = "--server-threads",
            paramLabel = "N",
            description = "MockServer's Netty event-loop threads. Default: MockServer's own.")
    Integer serverThreads;

    @Override
    String parallelRefusal() {
        return ownServerRefusal(server);
    }

    @Override
    Target target() {
        validatePath("--path", path);
        int connections = pool.connections();
        validateServerOptions(maxLogEntries, serverThreads);
        return new HttpMockTarget(server.location(), path, connections, maxLogEntries, serverThreads);
    }

    static void validatePath(String option, String path) {
        if (!path.matches("/[A-Za-z0-9._~/-]{0,200}")) {
            throw new UsageException(
                    option + " '" + path + "': must start with / and use only letters, digits and . _ ~ / -");
        }
    }

    static void validateServerOptions(int maxLogEntries, Integer serverThreads) {
        if (maxLogEntries < 1) {
            throw new UsageException("--max-log-entries '" + maxLogEntries + "': must be at least 1");
        }
        if (serverThreads != null && (serverThreads < 1 || serverThreads > 256)) {
            throw new UsageException("--server-threads '" + serverThreads + "': must be between 1 and 256");
        }
    }

    @Override
    String defaultRates() {
        return "1k,5k,10k";
    }

    @Override
    String defaultClients() {
        return SEED_CLIENTS;
    }
}
