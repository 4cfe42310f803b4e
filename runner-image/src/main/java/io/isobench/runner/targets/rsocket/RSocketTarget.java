package io.isobench.runner.targets.rsocket;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.Session;
import io.isobench.runner.harness.SessionContext;
import io.isobench.runner.harness.ServerPlacedTarget;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * RSocket request-streams at scale (the jauntsdn "one million streams" write-up): how many streams one server
 * holds before it tips over. The latency of a message is its lateness against the server's own emission schedule,
 * so it is only meaningful with client and server on one host (one monotonic clock): in this JVM or a separate
 * one; a remote server's figures are marked as such.
 */
public final class RSocketTarget extends ServerPlacedTarget {

    private final int connections;
    private final int streamsPerConnection;
    private final int payloadBytes;
    private final Duration interval;
    private final Duration latencyBound;

    public RSocketTarget(ServerLocation server, int connections, int streamsPerConnection, int payloadBytes, Duration interval, Duration latencyBound) {
        super(server);
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

    @Override
    public LatencyMeasure measure(LoadMode mode) {
        return LatencyMeasure.ONE_WAY;
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
        if (server instanceof ServerLocation.Remote) {
            options.put("latencyNote", "server on another host: latency mixes two monotonic clocks and is not comparable");
        }
        return options;
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        List<String> serverArgs = List.of("--stream-interval", interval.toMillis() + "ms");
        ServerHandle handle = ServerHandle.open(server, name(), serverArgs, context.threads().cpuOf("server"), context.threads(), threads -> {
            StreamEchoServer local = StreamEchoServer.start("127.0.0.1", 0, interval);
            InetSocketAddress address = new InetSocketAddress("127.0.0.1", local.address().getPort());
            return new ServerHandle.Local() {
                @Override
                public InetSocketAddress address() {
                    return address;
                }

                @Override
                public void close() {
                    local.close();
                }
            };
        });
        long windowSeconds = (context.load().warmupMillis() + context.load().durationMillis()) / 1000 + 30;
        var timeline = new StreamTimeline(context.clock().nanoTime(), (int) Math.min(windowSeconds, 100_000), interval.toNanos(), latencyBound.toNanos());
        try {
            return new StreamsSession(handle, connections, streamsPerConnection, payloadBytes, timeline, context.clock(), context.recording());
        } catch (Exception e) {
            handle.close();
            throw e;
        }
    }
}
