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
import java.util.function.BooleanSupplier;

/** /metrics (Prometheus text), /healthz (process alive and serving), /readyz (informers synced, or standing by for leadership). */
public final class HttpEndpoints implements AutoCloseable {

    private final HttpServer server;

    public HttpEndpoints(String bindAddress, int port, PrometheusRegistry registry, BooleanSupplier ready) throws IOException {
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
        server.createContext("/healthz", exchange -> respond(exchange, 200, "text/plain", "ok\n".getBytes(StandardCharsets.UTF_8)));
        server.createContext("/readyz", exchange -> {
            boolean ok = ready.getAsBoolean();
            respond(exchange, ok ? 200 : 503, "text/plain", (ok ? "ready\n" : "not ready\n").getBytes(StandardCharsets.UTF_8));
        });
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
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
