package io.isobench.runner.targets.http;

import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.ServerPlacedTarget;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An HTTP mock server under load (the MockServer performance page): MockServer in this JVM (its Netty event
 * loops are not pinned; the load generator is), in a separate JVM pinned to a CPU of its own, or elsewhere
 * ({@code --server-address}: a container or pod running {@code isobench-runner server http-mock}). Closed loop reproduces the seed's
 * parallel-clients sweep (ab -k); open loop sends at a fixed rate over a pool of keep-alive connections and
 * times each request from its intended send time, which neither ab nor Locust did.
 */
public final class HttpMockTarget extends ServerPlacedTarget {

    private final String path;
    private final int openLoopConnections;
    private final int maxLogEntries;
    private final Integer serverThreads;

    /**
     * @param openLoopConnections connection pool size in open loop (closed loop opens one per client)
     * @param serverThreads       MockServer's Netty event-loop threads, or null for its default
     */
    public HttpMockTarget(
            ServerLocation server, String path, int openLoopConnections, int maxLogEntries, Integer serverThreads) {
        super(server);
        this.path = path;
        this.openLoopConnections = openLoopConnections;
        this.maxLogEntries = maxLogEntries;
        this.serverThreads = serverThreads;
    }

    @Override
    public String name() {
        return "http-mock";
    }

    @Override
    public Map<String, Object> options() {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("path", path);
        options.put("connections", openLoopConnections);
        options.put("server", server.describe());
        if (!(server instanceof ServerLocation.Remote)) {
            options.put("maxLogEntries", maxLogEntries);
            options.put("serverThreads", serverThreads == null ? "MockServer default" : serverThreads);
        }
        return options;
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        List<String> serverArgs =
                new ArrayList<>(List.of("--path", path, "--max-log-entries", String.valueOf(maxLogEntries)));
        if (serverThreads != null) {
            serverArgs.addAll(List.of("--server-threads", String.valueOf(serverThreads)));
        }
        ServerHandle handle = ServerHandle.open(
                server, name(), serverArgs, context.threads().cpuOf("server"), context.threads(), threads -> {
                    MockServerHost mock = MockServerHost.start("127.0.0.1", 0, path, maxLogEntries, serverThreads);
                    return ServerHandle.Local.of(new InetSocketAddress("127.0.0.1", mock.port()), mock);
                });
        HttpClientSettings client = new HttpClientSettings(
                HttpRequestSpec.get(HttpEndpoint.plain(handle.address(), path)),
                200,
                null,
                HttpClientSettings.DEFAULT_CONNECT_MILLIS);
        try {
            return new HttpLoadSession(
                    client,
                    HttpLoadSession.connections(context, openLoopConnections),
                    context.recording().newRecorder("client"),
                    handle);
        } catch (Exception e) {
            handle.close();
            throw e;
        }
    }
}
