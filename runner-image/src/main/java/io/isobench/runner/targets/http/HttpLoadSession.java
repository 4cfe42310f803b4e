package io.isobench.runner.targets.http;

import io.isobench.result.LoadMode;
import io.isobench.runner.harness.Failures;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.platform.SocketCalls;
import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The load generator on the rig's sender thread: {@code connections} keep-alive HTTP/1.1 connections driven by
 * one busy-polled selector (as wrk drives its connections from an event loop). A request goes out on an idle
 * connection; when none is idle, {@link #send} says no and the rig retries with the same intended time, so
 * waiting for a connection counts as latency (open loop). Closed loop opens one connection per client.
 * Pre-encoded requests, per-connection direct buffers, {@link Selector#selectNow(Consumer)}: nothing is
 * allocated per request over plain HTTP kept alive. A server that closes connections (HTTP/1.0, {@code Connection:
 * close}) is reconnected to on the sender thread, the time it takes falling on the requests waiting, and counted.
 */
final class HttpLoadSession implements Session {

    private final HttpClientSettings settings;
    private final InetSocketAddress address;
    private final Selector selector;
    private final HttpExchange[] exchanges;
    private final int[] idle;
    private int idleCount;
    private final int[] partialWrites;
    private int partialCount;
    private final LatencyRecorder recorder;
    private final ServerHandle handle;
    private final Consumer<SelectionKey> onReady = this::onReady;
    private volatile String failure;
    private long sent;
    private long completed;
    private long connectionWaits;
    private long reconnects;
    private boolean waiting;

    /**
     * Connects every connection (and completes every TLS handshake) before returning.
     *
     * @param handle the server this session started, closed after the connections; null when it is the user's
     * @throws IOException naming the URL: a host not found, a refused or silent port, a TLS handshake refused
     */
    HttpLoadSession(HttpClientSettings settings, int connections, LatencyRecorder recorder, ServerHandle handle)
            throws IOException {
        this.settings = settings;
        this.recorder = recorder;
        this.handle = handle;
        this.address = settings.endpoint().resolve();
        this.selector = Selector.open();
        this.exchanges = new HttpExchange[connections];
        this.idle = new int[connections];
        this.partialWrites = new int[connections];
        byte[] text = settings.request().encode();
        ByteBuffer request = ByteBuffer.allocateDirect(text.length).put(text).flip();
        try {
            for (int i = 0; i < connections; i++) {
                HttpExchange exchange = new HttpExchange(
                        i, connect(), request, settings.request().head());
                register(exchange);
                exchanges[i] = exchange;
                idle[idleCount++] = i;
            }
        } catch (IOException e) {
            for (int i = 0; i < idleCount; i++) {
                exchanges[i].close();
            }
            selector.close();
            throw new IOException(
                    "cannot open connection " + (idleCount + 1) + " of " + connections + ": " + Failures.describe(e),
                    e);
        }
    }

    /** Connections for a repetition: one per client in closed loop, the pool of {@code openLoop} in open loop. */
    static int connections(SessionContext context, int openLoop) {
        return context.load().mode() == LoadMode.CLOSED_LOOP ? context.load().concurrency() : openLoop;
    }

    private HttpConnection connect() throws IOException {
        return HttpConnection.open(settings.endpoint(), address, settings.tls(), settings.connectMillis());
    }

    private void register(HttpExchange exchange) throws IOException {
        exchange.key = exchange.connection().channel.register(selector, SelectionKey.OP_READ, exchange);
    }

    @Override
    public boolean send(long intendedNanos) {
        if (failure != null) {
            return false;
        }
        if (idleCount == 0) {
            waiting = true;
            return false;
        }
        if (waiting) {
            waiting = false;
            connectionWaits++;
        }
        HttpExchange exchange = exchanges[idle[--idleCount]];
        try {
            if (!exchange.start(intendedNanos)) {
                partialWrites[partialCount++] = exchange.index;
            }
        } catch (IOException e) {
            failure = "connection " + exchange.index + " to "
                    + settings.endpoint().url() + " failed while sending: " + Failures.describe(e);
            return false;
        }
        sent++;
        return true;
    }

    @Override
    public void idle() {
        if (failure != null) {
            return;
        }
        try {
            if (partialCount > 0) {
                finishPartialWrites();
            }
            selector.selectNow(onReady);
        } catch (IOException e) {
            failure = "polling the HTTP connections failed: " + Failures.describe(e);
        }
    }

    private void finishPartialWrites() throws IOException {
        int kept = 0;
        for (int i = 0; i < partialCount; i++) {
            if (!exchanges[partialWrites[i]].writePending()) {
                partialWrites[kept++] = partialWrites[i];
            }
        }
        partialCount = kept;
    }

    private void onReady(SelectionKey key) {
        if (failure != null) {
            return;
        }
        HttpExchange exchange = (HttpExchange) key.attachment();
        boolean wasBusy = exchange.busy;
        try {
            switch (exchange.onReadable()) {
                case COMPLETE -> {
                    if (exchange.status() != settings.expectStatus()) {
                        failure = settings.request().method() + " "
                                + settings.endpoint().url() + " answered " + exchange.status() + " instead of "
                                + settings.expectStatus() + " (--expect-status)";
                        return;
                    }
                    completed++;
                    recorder.record(exchange.stampNanos);
                    if (!exchange.keepAlive()) {
                        reconnect(exchange);
                    }
                    idle[idleCount++] = exchange.index;
                }
                case CLOSED -> {
                    if (wasBusy) {
                        failure = "the HTTP server closed connection " + exchange.index + " without answering ("
                                + completed + " of " + sent + " requests answered)";
                    } else {
                        // an idle keep-alive connection the server timed out: not the request's business
                        removeIdle(exchange.index);
                        reconnect(exchange);
                        idle[idleCount++] = exchange.index;
                    }
                }
                case PENDING -> {}
            }
        } catch (IOException e) {
            failure = "connection " + exchange.index + " to "
                    + settings.endpoint().url() + " failed: " + Failures.describe(e);
        }
    }

    private void reconnect(HttpExchange exchange) throws IOException {
        exchange.reconnect(connect());
        register(exchange);
        reconnects++;
    }

    private void removeIdle(int index) {
        for (int i = 0; i < idleCount; i++) {
            if (idle[i] == index) {
                idle[i] = idle[--idleCount];
                return;
            }
        }
    }

    @Override
    public String failure() {
        return handle == null ? failure : handle.failureOr(failure);
    }

    @Override
    public Map<String, Object> metrics() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("connections", exchanges.length);
        metrics.put("requests", sent);
        metrics.put("responses", completed);
        // requests that found every connection busy and waited (open loop: the pool, not the server, was short)
        metrics.put("connectionWaits", connectionWaits);
        // connections the server closed (HTTP/1.0, Connection: close, an idle timeout) and the generator reopened
        metrics.put("reconnects", reconnects);
        if (settings.tls() == null) {
            metrics.put("socketCalls", SocketCalls.used());
        } else {
            // said where the figures are read: the allocation check reports it rather than holding https to zero
            metrics.put(
                    "tlsAllocation",
                    "JSSE allocates per TLS record (an SSLEngineResult per wrap and unwrap, its ciphers' own objects; "
                            + "about 3 KB per request): allocatedBytes.client counts it");
        }
        return metrics;
    }

    @Override
    public void close() throws Exception {
        try {
            for (HttpExchange exchange : exchanges) {
                if (exchange != null) {
                    exchange.close();
                }
            }
            selector.close();
        } finally {
            if (handle != null) {
                handle.close();
            }
        }
    }
}
