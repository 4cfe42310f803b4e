package io.isobench.runner.targets.http;

import io.isobench.runner.harness.Failures;
import io.isobench.runner.harness.LatencyRecorder;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.harness.Session;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The load generator on the rig's sender thread: {@code connections} keep-alive HTTP/1.1 connections driven by
 * one busy-polled selector (as wrk drives its connections from an event loop). A request goes out on an idle
 * connection; when none is idle, {@link #send} says no and the rig retries with the same intended time, so
 * waiting for a connection counts as latency (open loop). Closed loop opens one connection per client.
 * Pre-encoded requests, per-connection direct buffers, {@link Selector#selectNow(Consumer)}: nothing is
 * allocated per request.
 */
final class HttpLoadSession implements Session {

    private static final int BUFFER_BYTES = 16 * 1024;

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
    private boolean waiting;

    /** @param handle the server; closed after the connections */
    HttpLoadSession(ServerHandle handle, String path, int connections, LatencyRecorder recorder) throws IOException {
        this.recorder = recorder;
        this.handle = handle;
        InetSocketAddress server = handle.address();
        this.selector = Selector.open();
        this.exchanges = new HttpExchange[connections];
        this.idle = new int[connections];
        this.partialWrites = new int[connections];
        byte[] text = ("GET " + path + " HTTP/1.1\r\nHost: " + server.getHostString() + ":" + server.getPort()
                        + "\r\nUser-Agent: isobench\r\nAccept: */*\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        ByteBuffer request = ByteBuffer.allocateDirect(text.length).put(text).flip();
        try {
            for (int i = 0; i < connections; i++) {
                SocketChannel channel = SocketChannel.open();
                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                channel.connect(server);
                channel.configureBlocking(false);
                HttpExchange exchange = new HttpExchange(i, channel, request, BUFFER_BYTES);
                channel.register(selector, SelectionKey.OP_READ, exchange);
                exchanges[i] = exchange;
                idle[idleCount++] = i;
            }
        } catch (IOException e) {
            for (int i = 0; i < idleCount; i++) {
                exchanges[i].channel.close();
            }
            selector.close();
            throw new IOException(
                    "cannot open connection " + (idleCount + 1) + " of " + connections + " to " + server + ": "
                            + Failures.describe(e),
                    e);
        }
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
            failure = "connection " + exchange.index + " to the HTTP server failed while sending: "
                    + Failures.describe(e);
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
        HttpExchange exchange = (HttpExchange) key.attachment();
        try {
            switch (exchange.onReadable()) {
                case COMPLETE -> {
                    if (exchange.status != 200) {
                        failure = "GET answered " + exchange.status
                                + " instead of 200 (is the expectation set up on the server?)";
                        return;
                    }
                    completed++;
                    recorder.record(exchange.stampNanos);
                    idle[idleCount++] = exchange.index;
                }
                case CLOSED ->
                    failure = "the HTTP server closed connection " + exchange.index + " (" + completed + " of " + sent
                            + " requests answered)";
                case PENDING -> {}
            }
        } catch (IOException e) {
            failure = "connection " + exchange.index + " to the HTTP server failed: " + Failures.describe(e);
        }
    }

    @Override
    public String failure() {
        return handle.failureOr(failure);
    }

    @Override
    public Map<String, Object> metrics() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("connections", exchanges.length);
        metrics.put("requests", sent);
        metrics.put("responses", completed);
        // requests that found every connection busy and waited (open loop: the pool, not the server, was short)
        metrics.put("connectionWaits", connectionWaits);
        return metrics;
    }

    @Override
    public void close() throws Exception {
        try {
            for (HttpExchange exchange : exchanges) {
                if (exchange != null) {
                    exchange.channel.close();
                }
            }
            selector.close();
        } finally {
            handle.close();
        }
    }
}
