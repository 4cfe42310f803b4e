package io.isobench.runner.targets.rsocket;

import io.isobench.runner.harness.Clock;
import io.isobench.runner.harness.Failures;
import io.isobench.runner.harness.LatencyRecorder;
import io.isobench.runner.harness.Recording;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.harness.Session;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.rsocket.Payload;
import io.rsocket.RSocket;
import io.rsocket.core.RSocketConnector;
import io.rsocket.transport.netty.client.TcpClientTransport;
import io.rsocket.util.ByteBufPayload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import reactor.core.Disposable;

/**
 * The seed's load client: {@code connections} RSocket connections opened up front, then streams opened
 * monotonically — one per tick of the rig's schedule (its rate is streams ÷ ramp-up), spread round-robin over
 * the connections — until the target count; later ticks do nothing, the streams keep running. Messages arrive on
 * the transport's I/O threads, each timed against the server's intended emission time in its first 8 bytes, on
 * a recorder per I/O thread.
 */
final class StreamsSession implements Session {

    private final ServerHandle server;
    private final Clock clock;
    private final Recording recording;
    private final List<RSocket> connections = new ArrayList<>();
    private final List<Disposable> streams = new ArrayList<>();
    private final ByteBuf request;
    private final int targetStreams;
    private final StreamTimeline timeline;
    private final ResourceSampler resources;
    private final ThreadLocal<LatencyRecorder> recorders;
    private final Consumer<Payload> onMessage = this::onMessage;
    private final Consumer<Throwable> onError = this::onError;
    private volatile String failure;
    private int opened;

    StreamsSession(ServerHandle server, int connectionCount, int streamsPerConnection, int payloadBytes, StreamTimeline timeline,
                   Clock clock, Recording recording) {
        this.server = server;
        this.clock = clock;
        this.recording = recording;
        this.targetStreams = connectionCount * streamsPerConnection;
        this.timeline = timeline;
        this.recorders = ThreadLocal.withInitial(() -> recording.newRecorder("io"));
        byte[] random = new byte[payloadBytes];
        ThreadLocalRandom.current().nextBytes(random);
        this.request = Unpooled.unreleasableBuffer(Unpooled.wrappedBuffer(random));
        try {
            for (int i = 0; i < connectionCount; i++) {
                RSocket connection = RSocketConnector.create().connect(TcpClientTransport.create(server.address())).block(Duration.ofSeconds(30));
                int index = i;
                connection.onClose().subscribe(null, e -> onError(e), () -> {
                    if (opened > 0 && failure == null && !closing) {
                        failure = "connection " + index + " to the RSocket server closed";
                    }
                });
                connections.add(connection);
            }
        } catch (RuntimeException e) {
            connections.forEach(RSocket::dispose);
            throw new IllegalStateException("cannot open connection " + (connections.size() + 1) + " of " + connectionCount + " to "
                    + server.address() + ": " + Failures.describe(e), e);
        }
        this.resources = new ResourceSampler(server.pid());
    }

    private volatile boolean closing;

    @Override
    public boolean send(long intendedNanos) {
        if (opened < targetStreams && failure == null) {
            RSocket connection = connections.get(opened % connections.size());
            streams.add(connection.requestStream(ByteBufPayload.create(request.retainedDuplicate())).subscribe(onMessage, onError));
            opened++;
            timeline.opened(clock.nanoTime());
        }
        return true;
    }

    private void onMessage(Payload message) {
        try {
            long intended = message.data().getLong(0);
            long now = clock.nanoTime();
            recorders.get().recordLatency(intended, now - intended);
            timeline.delivered(now, now - intended);
        } finally {
            message.release();
        }
    }

    private void onError(Throwable e) {
        if (!closing && failure == null) {
            failure = "stream failed: " + e;
        }
    }

    @Override
    public String failure() {
        String gone = server.failure();
        return gone != null ? gone : failure;
    }

    @Override
    public Map<String, Object> metrics() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("connections", connections.size());
        metrics.put("streamsTarget", targetStreams);
        metrics.put("streamsOpened", opened);
        metrics.putAll(timeline.summary(timeline.secondOf(clock.nanoTime()) + 1));
        metrics.put("resources", resources.samples());
        return metrics;
    }

    @Override
    public void close() throws Exception {
        closing = true;
        try {
            resources.close();
            streams.forEach(Disposable::dispose);
            connections.forEach(RSocket::dispose);
            for (RSocket c : connections) {
                c.onClose().onErrorComplete().block(Duration.ofSeconds(5));
            }
        } finally {
            server.close();
        }
    }
}
