package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import picocli.CommandLine.Option;

/** {@code --connections} of the HTTP targets (http, http-mock): the open loop's pool of keep-alive connections. */
final class ConnectionPoolOptions {

    static final int MAX = 20_000;

    @Option(
            names = "--connections",
            paramLabel = "N",
            description = "Open loop: keep-alive connections in the pool. Default: ${DEFAULT-VALUE}.",
            defaultValue = "100")
    int connections;

    /** The pool's size, or a usage error naming the option and the value. */
    int connections() {
        if (connections < 1 || connections > MAX) {
            throw new UsageException("--connections '" + connections + "': must be between 1 and " + MAX);
        }
        return connections;
    }
}
