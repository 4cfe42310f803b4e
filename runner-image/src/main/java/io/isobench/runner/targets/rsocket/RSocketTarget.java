package io.isobench.runner.targets.rsocket;

import io.isobench.result.Load;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.ServerPlacedTarget;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import io.isobench.target.spi.StepLabels;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * RSocket request-streams at scale (the jauntsdn "one million streams" write-up): how many streams one server
 * holds before it tips over. The client schedules every stream; a message's latency is its lateness against that
 * schedule, from when it was due until it reached the client: the request's trip to the server, the server's delay and
 * the message's trip back, all on the client's clock, so a server on another host is timed as truly as one here.
 */
public final class RSocketTarget extends ServerPlacedTarget {

    private final StreamServer.Implementation implementation;
    private final int connections;
    private final int streamsPerConnection;
    private final int payloadBytes;
    private final Duration interval;
    private final Duration latencyBound;

    public RSocketTarget(
            ServerLocation server,
            StreamServer.Implementation implementation,
            int connections,
            int streamsPerConnection,
            int payloadBytes,
            Duration interval,
            Duration latencyBound) {
        super(server);
        this.implementation = implementation;
        this.connections = connections;
        this.streamsPerConnection = streamsPerConnection;
        this.payloadBytes = payloadBytes;
        this.interval = interval;
        this.latencyBound = latencyBound;
    }

    @Override
    public String name() {
        return "rsocket";
    }

    /** The rig's schedule opens streams: a step is its streams and how fast they open, not a message rate. */
    @Override
    public String label(Load load) {
        return String.format(
                Locale.ROOT,
                "%,d streams opened at %s/s",
                (long) connections * streamsPerConnection,
                StepLabels.rate(load.targetRate()));
    }

    @Override
    public Map<String, Object> options() {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("transport", "tcp");
        options.put("connections", connections);
        options.put("streamsPerConnection", streamsPerConnection);
        options.put("streams", (long) connections * streamsPerConnection);
        options.put("payloadBytes", payloadBytes);
        options.put("streamInterval", interval.toString());
        options.put("latencyBound", latencyBound.toString());
        options.put("server", server.describe());
        if (!(server instanceof ServerLocation.Remote)) {
            options.put("serverImplementation", implementation.word());
        }
        return options;
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        List<String> serverArgs =
                List.of("--stream-interval", interval.toMillis() + "ms", "--implementation", implementation.word());
        ServerHandle handle = ServerHandle.open(
                server, name(), serverArgs, context.threads().cpuOf("server"), context.threads(), threads -> {
                    StreamServer local = implementation.start("127.0.0.1", 0, interval);
                    return ServerHandle.Local.of(
                            new InetSocketAddress("127.0.0.1", local.address().getPort()), local);
                });
        long windowSeconds = (context.load().warmupMillis() + context.load().durationMillis()) / 1000 + 30;
        var timeline = new StreamTimeline(
                context.clock().nanoTime(),
                (int) Math.min(windowSeconds, 100_000),
                connections * streamsPerConnection,
                interval.toNanos(),
                latencyBound.toNanos());
        try {
            return new StreamsSession(
                    handle,
                    connections,
                    streamsPerConnection,
                    payloadBytes,
                    timeline,
                    context.clock(),
                    context.recording());
        } catch (Exception e) {
            handle.close();
            throw e;
        }
    }
}
