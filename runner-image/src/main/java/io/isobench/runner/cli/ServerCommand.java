package io.isobench.runner.cli;

import io.isobench.runner.harness.ThreadPlacement;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.runner.targets.echo.EchoProtocol;
import io.isobench.runner.targets.echo.EchoServer;
import io.isobench.runner.targets.echo.EchoTarget;
import java.io.IOException;
import java.net.BindException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The server side alone (a second container or pod): pinned to the first granted CPU, runs until stopped. */
@Command(name = "server", mixinStandardHelpOptions = true, description = "Run a target's server alone, pinned, until stopped (SIGTERM).")
final class ServerCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "TARGET", description = "tcp-echo or udp-echo")
    String target;

    @Option(names = "--port", paramLabel = "PORT", description = "Port to listen on. Default: ${DEFAULT-VALUE}.", defaultValue = "7000")
    int port;

    @Option(names = "--bind", paramLabel = "HOST", description = "Address to listen on. Default: ${DEFAULT-VALUE} (all; pods reach it by pod IP).",
            defaultValue = "0.0.0.0")
    String bind;

    @Option(names = "--no-pin", description = "Do not pin the server thread.")
    boolean noPin;

    @Override
    public Integer call() throws Exception {
        EchoProtocol protocol = switch (target) {
            case "tcp-echo" -> EchoProtocol.TCP;
            case "udp-echo" -> EchoProtocol.UDP;
            default -> throw new UsageException("TARGET '" + target + "': a server exists for tcp-echo and udp-echo");
        };
        if (port < 1 || port > 65535) {
            throw new UsageException("--port '" + port + "': must be 1-65535");
        }
        EchoServer server;
        try {
            server = EchoTarget.bind(protocol, bind, port);
        } catch (BindException e) {
            throw new UsageException("--port '" + port + "': cannot listen there (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UsageException("--bind '" + bind + "': " + e.getMessage());
        }
        List<Integer> cpus = EnvironmentProbe.system().grantedCpus();
        var threads = new ThreadPlacement(List.of("server"), cpus, !noPin);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (IOException ignored) {
                // stopping anyway
            }
        }));
        System.err.println("isobench-runner server: " + target + " listening on " + bind + ":" + server.port() + (noPin ? "" : ", pinned to CPU " + threads.cpuOf("server")));
        Thread t = threads.start("server", server);
        t.join();
        return server.error() == null ? 0 : 3;
    }
}
