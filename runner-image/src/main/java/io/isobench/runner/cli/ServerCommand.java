package io.isobench.runner.cli;

import io.isobench.result.Environment;
import io.isobench.result.ServerReport;
import io.isobench.runner.harness.PinnedThreadPlacement;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.runner.targets.echo.EchoProtocol;
import io.isobench.runner.targets.echo.EchoServer;
import io.isobench.runner.targets.echo.EchoTarget;
import io.isobench.runner.targets.http.MockServerHost;
import io.isobench.runner.targets.ipc.IpcConsumer;
import io.isobench.runner.targets.rsocket.StreamServer;
import java.io.IOException;
import java.net.BindException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The server side alone (a second container or pod, or the separate JVM of {@code --server-process}): pinned,
 * runs until stopped. Once placed it prints its {@link ServerReport} (cpuset, SMT siblings, where its threads run: what
 * the operator and the starting runner verify), then "listening on HOST:PORT", the line {@code --server-process} waits for.
 */
@Command(
        name = "server",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = "Run a target's server alone, pinned, until stopped (SIGTERM).")
final class ServerCommand implements Callable<Integer> {

    @Parameters(
            index = "0",
            paramLabel = "TARGET",
            description = "tcp-echo, udp-echo, http-mock, rsocket or ipc (the consumer)")
    String target;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            description = "Port to listen on; 0: any free port. Default: ${DEFAULT-VALUE}.",
            defaultValue = "7000")
    int port;

    @Option(
            names = "--bind",
            paramLabel = "HOST",
            description = "Address to listen on. Default: ${DEFAULT-VALUE} (all; pods reach it by pod IP).",
            defaultValue = "0.0.0.0")
    String bind;

    @Option(
            names = "--cpu",
            paramLabel = "N",
            description = "CPU to pin the server to (a granted one). Default: the first granted CPU.")
    Integer cpu;

    @Option(names = "--no-pin", description = "Do not pin the server.")
    boolean noPin;

    @Option(
            names = "--idle",
            paramLabel = "spin|backoff",
            description = "udp-echo, tcp-echo: what the server does between messages. spin: busy-poll (the lowest "
                    + "latency; a CPU of its own). backoff: spin a little, then yield, then sleep up to 1 ms, leaving "
                    + "CPUs it shares to others while idle. Default: ${DEFAULT-VALUE}.",
            defaultValue = "spin")
    String idle;

    @Option(
            names = "--path",
            paramLabel = "PATH",
            description = "http-mock: path of the GET expectation. Default: ${DEFAULT-VALUE}.",
            defaultValue = MockServerHost.DEFAULT_PATH)
    String path;

    @Option(
            names = "--max-log-entries",
            paramLabel = "N",
            description = "http-mock: MockServer's request log cap. Default: ${DEFAULT-VALUE}.",
            defaultValue = "1000")
    int maxLogEntries;

    @Option(
            names = "--server-threads",
            paramLabel = "N",
            description = "http-mock: MockServer's Netty event-loop threads. Default: MockServer's own.")
    Integer serverThreads;

    @Option(
            names = "--stream-interval",
            paramLabel = "DURATION",
            description = "rsocket: how often each stream echoes (a client asking "
                    + "for another interval is refused, naming both). Default: ${DEFAULT-VALUE}.",
            defaultValue = "1s")
    String streamInterval;

    @Option(
            names = "--implementation",
            paramLabel = "rsocket-java|isobench",
            description = "rsocket: rsocket-java's responder, or isobench's own frames (a connection's messages of a "
                    + "tick in one write). Default: ${DEFAULT-VALUE}.",
            defaultValue = "rsocket-java")
    String implementation;

    @Option(
            names = "--queue",
            paramLabel = "DIR",
            description = "ipc: the session's queue directory (the publisher's --queue-dir/…).")
    java.nio.file.Path queue;

    private Environment.CpuSet cpuset;
    private List<String> smtSiblings;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new UsageException("--port '" + port + "': must be 0-65535");
        }
        EnvironmentProbe probe = EnvironmentProbe.system();
        List<Integer> granted = probe.grantedCpus();
        if (cpu != null && !granted.contains(cpu)) {
            throw new UsageException("--cpu '" + cpu + "': not in the granted cpuset "
                    + io.isobench.runner.platform.CpuList.format(granted));
        }
        // read before any thread is pinned: the affinity read back is the calling thread's
        cpuset = probe.cpuSet(granted);
        smtSiblings = probe.smtSiblings(granted);
        List<Integer> cpus = cpu != null ? List.of(cpu) : granted;
        return switch (target) {
            case "tcp-echo", "udp-echo" -> echo(target.equals("tcp-echo") ? EchoProtocol.TCP : EchoProtocol.UDP, cpus);
            case "http-mock" -> httpMock(cpus);
            case "ipc" -> ipcConsumer(cpus);
            case "rsocket" -> rsocket(cpus);
            default ->
                throw new UsageException(
                        "TARGET '" + target + "': a server exists for tcp-echo, udp-echo, http-mock, rsocket and ipc");
        };
    }

    private int echo(EchoProtocol protocol, List<Integer> cpus) throws Exception {
        EchoServer server;
        try {
            server = EchoTarget.bind(protocol, bind, port);
        } catch (BindException e) {
            throw new UsageException("--port '" + port + "': cannot listen there (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UsageException("--bind '" + bind + "': " + e.getMessage());
        }
        server.idle(
                switch (idle) {
                    case "spin" -> EchoServer.Idle.SPIN;
                    case "backoff" -> EchoServer.Idle.BACKOFF;
                    default -> throw new UsageException("--idle '" + idle + "': must be spin or backoff");
                });
        var threads = new PinnedThreadPlacement(List.of("server"), cpus, !noPin);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (IOException ignored) {
                // stopping anyway
            }
        }));
        Thread t = threads.start("server", server);
        report(threads);
        listening(server.port(), noPin ? "" : ", pinned to CPU " + threads.cpuOf("server"));
        t.join();
        return server.error() == null ? 0 : RunnerMain.EXIT_ERROR;
    }

    private int httpMock(List<Integer> cpus) throws Exception {
        HttpMockCommand.validatePath("--path", path);
        HttpMockCommand.validateServerOptions(maxLogEntries, serverThreads);
        PinnedThreadPlacement threads = confineToServerCpu(cpus);
        MockServerHost server;
        try {
            server = MockServerHost.start(bind, port, path, maxLogEntries, serverThreads);
        } catch (BindException e) {
            throw new UsageException("--port '" + port + "': cannot listen there (" + e.getMessage() + ")");
        }
        return serveUntilStopped(server, server.port(), cpus, threads);
    }

    private int rsocket(List<Integer> cpus) throws Exception {
        long interval = OptionParsers.durationNanos("--stream-interval", streamInterval, false);
        StreamServer.Implementation serving = StreamServer.Implementation.of(implementation)
                .orElseThrow(() -> new UsageException("--implementation '" + implementation + "': must be one of "
                        + StreamServer.Implementation.words()));
        PinnedThreadPlacement threads = confineToServerCpu(cpus);
        StreamServer server;
        try {
            server = serving.start(bind, port, java.time.Duration.ofNanos(interval));
        } catch (RuntimeException e) {
            throw new UsageException("--port '" + port + "': cannot listen there (" + e.getMessage() + ")");
        }
        return serveUntilStopped(server, server.address().getPort(), cpus, threads);
    }

    /** For servers that run their own threads: announce, then wait for SIGTERM and close. */
    private int serveUntilStopped(
            AutoCloseable server, int actualPort, List<Integer> cpus, PinnedThreadPlacement threads)
            throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (Exception ignored) {
                // stopping anyway
            } finally {
                stopped.countDown();
            }
        }));
        report(threads);
        listening(actualPort, noPin ? "" : ", its threads confined to CPU " + cpus.getFirst());
        stopped.await();
        return 0;
    }

    /**
     * Confines threads created from now on by this thread (a library's event loops) to the server's CPU: they inherit
     * the creating thread's affinity, which is pinned and read back as the "server" thread.
     */
    private PinnedThreadPlacement confineToServerCpu(List<Integer> cpus) {
        PinnedThreadPlacement threads = new PinnedThreadPlacement(List.of("server"), List.of(cpus.getFirst()), !noPin);
        threads.placeCurrentThread("server");
        return threads;
    }

    private int ipcConsumer(List<Integer> cpus) throws Exception {
        if (queue == null) {
            throw new UsageException("--queue: required for the ipc consumer (the publisher's queue directory)");
        }
        IpcConsumer consumer = new IpcConsumer(queue);
        var threads = new PinnedThreadPlacement(List.of("consumer"), cpus, !noPin);
        Runtime.getRuntime().addShutdownHook(new Thread(consumer::close));
        Thread t = threads.start("consumer", consumer);
        if (!consumer.awaitReady(60_000)) {
            throw new IllegalStateException("the ipc consumer did not start on " + queue + ": " + consumer.error());
        }
        report(threads);
        announce("listening on " + queue + (noPin ? "" : ", pinned to CPU " + threads.cpuOf("consumer")));
        t.join();
        return consumer.error() == null ? 0 : RunnerMain.EXIT_ERROR;
    }

    /** The one report line: what the server was granted and where its threads run (docs/contracts.md). */
    private void report(PinnedThreadPlacement threads) {
        announceLine(new ServerReport(ServerReport.FORMAT_VERSION, target, cpuset, smtSiblings, threads.pinnings())
                .toLogLine());
    }

    private void listening(int actualPort, String placement) {
        announce("listening on " + bind + ":" + actualPort + placement);
    }

    private void announce(String what) {
        announceLine("isobench-runner server: " + target + " " + what);
    }

    private static void announceLine(String line) {
        System.err.println(line);
        System.err.flush();
    }
}
