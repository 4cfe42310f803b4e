package io.isobench.runner.cli;

import io.isobench.result.Load;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.targets.rsocket.RSocketTarget;
import io.isobench.runner.targets.rsocket.StreamServer;
import io.isobench.target.spi.Target;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** rsocket: many request-streams over many connections, opened monotonically, until the server tips over. */
@Command(
        name = "rsocket",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "RSocket request-streams opened over a ramp-up and held (the jauntsdn write-up); the tipping point.",
        description = {
            "RSocket request-streams (the jauntsdn stress write-up): --connections × --streams-per-connection streams opened monotonically over",
            "--ramp-up, each echoing its 1 KB request every --stream-interval; then held for --duration. Each message is timed from when the",
            "client's schedule had it due until it is back (one clock); the window is owed every message due in it (late ones are waited for up to",
            "--drain-timeout, the rest are lost: FAIL). Reports messages due and delivered per second, active streams, resources and the",
            "tipping point."
        })
final class RSocketCommand extends TargetCommand {

    @Mixin
    ServerOptions server;

    @Option(
            names = "--connections",
            paramLabel = "N",
            description = "Client connections. Default: ${DEFAULT-VALUE}.",
            defaultValue = "100")
    int connections;

    @Option(
            names = "--streams-per-connection",
            paramLabel = "N",
            description = "Streams per connection. Default: ${DEFAULT-VALUE}.",
            defaultValue = "25")
    int streamsPerConnection;

    @Option(
            names = "--ramp-up",
            paramLabel = "DURATION",
            description = "Time over which all streams are opened. Default: ${DEFAULT-VALUE}.",
            defaultValue = "30s")
    String rampUp;

    @Option(
            names = "--payload-bytes",
            paramLabel = "N",
            description = "Request (and echo) size, random bytes. Default: ${DEFAULT-VALUE}.",
            defaultValue = "1024")
    int payloadBytes;

    @Option(
            names = "--stream-interval",
            paramLabel = "DURATION",
            description = "How often each stream echoes. Default: ${DEFAULT-VALUE}.",
            defaultValue = "1s")
    String streamInterval;

    @Option(
            names = "--server-implementation",
            paramLabel = "rsocket-java|isobench",
            description =
                    "The server this runner starts (in this JVM or with --server-process): rsocket-java's responder, "
                            + "or isobench's own frames (a connection's messages of a tick in one write). A server at "
                            + "--server-address is whatever was started there. Default: rsocket-java.")
    String serverImplementation;

    @Option(
            names = "--latency-bound",
            paramLabel = "DURATION",
            description = "Messages later than this count towards the tipping point. Default: ${DEFAULT-VALUE}.",
            defaultValue = "100ms")
    String latencyBound;

    @Override
    String parallelRefusal() {
        return "rsocket's load is its streams over --connections, which parts do not split; raise --connections instead";
    }

    @Override
    Target target() {
        if (common.mode != RunChoices.Mode.OPEN) {
            throw new UsageException("--mode '" + OptionWords.word(common.mode)
                    + "': rsocket streams are paced by the server (--stream-interval); only open applies");
        }
        if (connections < 1 || connections > 100_000) {
            throw new UsageException("--connections '" + connections + "': must be between 1 and 100000");
        }
        if (streamsPerConnection < 1 || streamsPerConnection > 1_000_000) {
            throw new UsageException(
                    "--streams-per-connection '" + streamsPerConnection + "': must be between 1 and 1000000");
        }
        if ((long) connections * streamsPerConnection > 10_000_000) {
            throw new UsageException("--streams-per-connection '" + streamsPerConnection + "': " + connections
                    + " connections × it exceeds 10,000,000 streams");
        }
        if (payloadBytes < 0 || payloadBytes > 1 << 20) {
            throw new UsageException("--payload-bytes '" + payloadBytes + "': must be between 0 and 1048576");
        }
        long interval = OptionParsers.durationNanos("--stream-interval", streamInterval, false);
        if (interval < TimeUnit.MILLISECONDS.toNanos(1)) {
            throw new UsageException("--stream-interval '" + streamInterval + "': must be at least 1ms");
        }
        long bound = OptionParsers.durationNanos("--latency-bound", latencyBound, false);
        ServerLocation location = server.location();
        return new RSocketTarget(
                location,
                implementation(location),
                connections,
                streamsPerConnection,
                payloadBytes,
                Duration.ofNanos(interval),
                Duration.ofNanos(bound));
    }

    private StreamServer.Implementation implementation(ServerLocation location) {
        if (serverImplementation == null) {
            return StreamServer.Implementation.RSOCKET_JAVA;
        }
        if (location instanceof ServerLocation.Remote remote) {
            throw new UsageException("--server-implementation '" + serverImplementation + "': the server at "
                    + remote.describe() + " is started elsewhere (its own 'server rsocket --implementation')");
        }
        return StreamServer.Implementation.of(serverImplementation)
                .orElseThrow(() -> new UsageException("--server-implementation '" + serverImplementation
                        + "': must be one of " + StreamServer.Implementation.words()));
    }

    /** One step: streams opened at connections × streams ÷ ramp-up per second, window = ramp-up + --duration (the hold). */
    @Override
    List<Load> openLoopLoads(long warmupMillis, long durationMillis) {
        if (common.rates != null) {
            throw new UsageException("--rates '" + common.rates
                    + "': rsocket's rate follows from --connections, --streams-per-connection and --ramp-up");
        }
        long ramp = OptionParsers.durationNanos("--ramp-up", rampUp, false);
        long streams = (long) connections * streamsPerConnection;
        long rate = Math.max(1, Math.round(streams / (ramp / 1e9)));
        return List.of(Load.openLoop(rate, warmupMillis, TimeUnit.NANOSECONDS.toMillis(ramp) + durationMillis));
    }

    @Override
    String defaultRates() {
        return "1"; // unused: openLoopLoads decides
    }
}
