package io.isobench.runner.metrics;

import com.sun.net.httpserver.HttpServer;
import io.isobench.runner.harness.UsageException;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/** Serves {@link RunnerMetrics#scrape()} at /metrics from one daemon thread, unpinned, off the measured CPUs' hot paths. */
public final class MetricsEndpoint implements AutoCloseable {

    private final HttpServer server;

    public MetricsEndpoint(int port, RunnerMetrics metrics) {
        try {
            server = HttpServer.create(new InetSocketAddress(port), 4);
        } catch (BindException e) {
            throw new UsageException("--metrics-port '" + port + "': cannot listen there (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new UsageException("--metrics-port '" + port + "': " + e.getMessage());
        }
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "metrics-endpoint");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/metrics", exchange -> {
            byte[] body = metrics.scrape().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
