package io.isobench.runner.targets.http;

import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.ServerPlacedTarget;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Any HTTP/1.1 server the user names by URL, loaded by the same generator as http-mock: no server is started, the
 * URL is a Service or any address the runner can reach. Every connection is opened (and its TLS handshake done)
 * when the repetition opens, so an endpoint that does not resolve, refuses, or fails TLS ends it before its window.
 */
public final class HttpTarget extends ServerPlacedTarget {

    private final HttpClientSettings settings;
    private final int openLoopConnections;
    private final String caFile;

    /**
     * @param openLoopConnections connection pool size in open loop (closed loop opens one per client)
     * @param caFile              the --ca-file as given, for result.json, or null for the JVM's trust store
     */
    public HttpTarget(HttpClientSettings settings, int openLoopConnections, String caFile) {
        // the server is wherever the URL points (variant "remote"), never started here; the name is looked up per
        // repetition
        super(new ServerLocation.Remote(InetSocketAddress.createUnresolved(
                settings.endpoint().host(), settings.endpoint().port())));
        this.settings = settings;
        this.openLoopConnections = openLoopConnections;
        this.caFile = caFile;
    }

    @Override
    public String name() {
        return "http";
    }

    @Override
    public Map<String, Object> options() {
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("url", settings.endpoint().url());
        options.put("method", settings.request().method());
        // names only: a header's value may be a credential, and a run's result may be published
        options.put("headers", settings.request().headerNames());
        options.put("bodyBytes", settings.request().bodyBytes());
        options.put("expectStatus", settings.expectStatus());
        options.put("connections", openLoopConnections);
        if (settings.endpoint().tls()) {
            options.put("trust", caFile == null ? "JVM trust store" : "CA file " + caFile);
        }
        return options;
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        return new HttpLoadSession(
                settings,
                HttpLoadSession.connections(context, openLoopConnections),
                context.recording().newRecorder("client"),
                null);
    }
}
