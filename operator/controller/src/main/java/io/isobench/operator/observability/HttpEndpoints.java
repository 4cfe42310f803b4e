package io.isobench.operator.observability;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * /metrics (Prometheus text), /healthz (liveness: the operator's informers are running and watching, so it sees what it must
 * reconcile; 503 says which are not) and /readyz (started, informers synced and healthy; a replica standing by for
 * leadership is ready too).
 */
public final class HttpEndpoints implements AutoCloseable {

    /** One probe's answer: whether it passes, and a line saying why. */
    public record Health(boolean ok, String detail) {}

    private final HttpServer server;

    public HttpEndpoints(
            String bindAddress, int port, PrometheusRegistry registry, Supplier<Health> live, Supplier<Health> ready)
            throws IOException {
        server = HttpServer.create(new InetSocketAddress(bindAddress, port), 16);
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "http-endpoints");
            t.setDaemon(true);
            return t;
        }));
        var writer = PrometheusTextFormatWriter.create();
        server.createContext("/metrics", exchange -> {
            var out = new ByteArrayOutputStream();
            writer.write(out, registry.scrape());
            respond(exchange, 200, writer.getContentType(), out.toByteArray());
        });
        server.createContext("/healthz", exchange -> probe(exchange, live.get()));
        server.createContext("/readyz", exchange -> probe(exchange, ready.get()));
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private static void probe(HttpExchange exchange, Health health) throws IOException {
        respond(
                exchange,
                health.ok() ? 200 : 503,
                "text/plain",
                (health.detail() + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void respond(HttpExchange exchange, int code, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(code, body.length);
        try (var out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
