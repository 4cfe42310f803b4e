package io.isobench.runner.targets.rsocket;

import io.isobench.runner.harness.Failures;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Recording;
import io.isobench.target.spi.Session;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.netty.tcp.TcpClient;

/**
 * The seed's load client: {@code connections} RSocket connections opened up front, then streams opened
 * monotonically — one per tick of the rig's schedule (its rate is streams ÷ ramp-up), spread round-robin over
 * the connections — until the target count; later ticks do nothing, the streams keep running. Each stream is scheduled
 * here: its first message due a random phase after it is opened, then one per interval ({@link StreamTimeline}).
 * Messages arrive on the transport's I/O threads, each timed on a recorder per I/O thread from when it was due, so the
 * window is owed every message due in it ({@link #dueInWindow}), whatever the server did.
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
    /** What the server held before any stream opened: the baseline its memory per stream is taken from. */
    private final MemoryAnswer memoryBefore;

    private final ThreadLocal<LatencyRecorder> recorders;
    private final Consumer<Payload> onMessage = this::onMessage;
    /** How long the rig's thread sleeps between ticks: it only opens streams, and spinning would take a CPU from the I/O threads. */
    private static final long IDLE_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    /**
     * How far the server's live heap after a full collection moves between two readings with the same streams: up to 3.4
     * MiB seen at 2,000 streams (G1 leaves mostly-live regions uncompacted, and frames in flight come and go), so a
     * per-stream figure over fewer than about 10,000 streams is mostly this.
     */
    private static final long HEAP_NOISE_BYTES = 4L << 20;

    /** A full collection of a few GiB of heap, behind the messages the server is still emitting. */
    private static final Duration MEMORY_ANSWER_TIMEOUT = Duration.ofSeconds(30);

    private final Consumer<Throwable> onError = this::onError;
    private volatile String failure;
    private int opened;

    StreamsSession(
            ServerHandle server,
            int connectionCount,
            int streamsPerConnection,
            int payloadBytes,
            StreamTimeline timeline,
            Clock clock,
            Recording recording) {
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
                // a connection of its own each: TcpClient.create() draws from a pool that holds 500 per address, and
                // the
                // seed's run holds thousands
                var transport =
                        TcpClientTransport.create(TcpClient.newConnection().remoteAddress(server::address));
                RSocket connection =
                        RSocketConnector.create().connect(transport).block(Duration.ofSeconds(30));
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
            throw new IllegalStateException(
                    "cannot open connection " + (connections.size() + 1) + " of " + connectionCount + " to "
                            + server.address() + ": " + Failures.describe(e),
                    e);
        }
        this.memoryBefore = askServerMemory();
        this.resources = new ResourceSampler(server.pid());
    }

    /** A server's {@link ServerMemory}, or why there is none (a server of the user's own need not answer it). */
    private record MemoryAnswer(ServerMemory memory, String problem) {}

    private MemoryAnswer askServerMemory() {
        Payload ask =
                ByteBufPayload.create(Unpooled.EMPTY_BUFFER, ServerMemory.requestMetadata(ByteBufAllocator.DEFAULT));
        try {
            Payload reply = connections.getFirst().requestResponse(ask).block(MEMORY_ANSWER_TIMEOUT);
            try {
                return new MemoryAnswer(ServerMemory.decode(reply.sliceData()), null);
            } finally {
                reply.release();
            }
        } catch (RuntimeException e) {
            return new MemoryAnswer(null, "the server did not report its memory: " + Failures.describe(e));
        }
    }

    /**
     * The server's live heap and direct memory before the streams and after the window, and what each stream added:
     * (after − before) ÷ the streams the server had running in between. In-process, the heap is the client's too.
     */
    private Map<String, Object> serverMemory() {
        Map<String, Object> figures = new LinkedHashMap<>();
        MemoryAnswer after = memoryBefore.problem() != null
                ? memoryBefore
                : failure() != null
                        ? new MemoryAnswer(null, "not measured after the window: the session failed")
                        : askServerMemory();
        if (after.problem() != null) {
            figures.put("reported", false);
            figures.put("reason", after.problem());
            return figures;
        }
        ServerMemory first = memoryBefore.memory();
        ServerMemory last = after.memory();
        figures.put("reported", true);
        figures.put("includesClient", server.inProcess());
        figures.put("before", memoryFigures(first));
        figures.put("after", memoryFigures(last));
        long streamsAdded = last.streams() - first.streams();
        if (streamsAdded > 0) {
            double perStream = (double) (last.totalBytes() - first.totalBytes()) / streamsAdded;
            figures.put("bytesPerStream", Math.round(perStream));
            figures.put("mibPer10kStreams", mib(perStream * 10_000));
            // the heap's share is good to its noise, spread over the streams; the direct share is the pool's own count
            figures.put("heapNoiseBytesPerStream", Math.round((double) HEAP_NOISE_BYTES / streamsAdded));
            if (first.directBytes() >= 0 && last.directBytes() >= 0) {
                figures.put(
                        "directBytesPerStream",
                        Math.round((double) (last.directBytes() - first.directBytes()) / streamsAdded));
            }
        }
        return figures;
    }

    private static Map<String, Object> memoryFigures(ServerMemory m) {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("streams", m.streams());
        figures.put("heapLiveMiB", mib(m.heapLiveBytes()));
        figures.put("directMiB", m.directBytes() < 0 ? -1 : mib(m.directBytes()));
        return figures;
    }

    /** Bytes in MiB, to two decimals. */
    private static double mib(double bytes) {
        return Math.round(bytes / 1048576.0 * 100) / 100.0;
    }

    private volatile boolean closing;

    @Override
    public boolean send(long intendedNanos) {
        if (opened < targetStreams && failure == null) {
            long phase = ThreadLocalRandom.current().nextLong(timeline.intervalNanos());
            int stream = timeline.open(clock.nanoTime(), phase);
            RSocket connection = connections.get(stream % connections.size());
            ByteBuf metadata =
                    StreamRequest.requestMetadata(ByteBufAllocator.DEFAULT, phase, timeline.intervalNanos(), stream);
            Payload ask = ByteBufPayload.create(request.retainedDuplicate(), metadata);
            streams.add(connection.requestStream(ask).subscribe(onMessage, onError));
            opened++;
        }
        return true;
    }

    @Override
    public void idle() {
        LockSupport.parkNanos(IDLE_NANOS);
    }

    @Override
    public long dueInWindow(long windowStartNanos, long windowEndNanos) {
        return timeline.dueBetween(windowStartNanos, windowEndNanos);
    }

    private void onMessage(Payload message) {
        try {
            ByteBuf metadata = message.sliceMetadata();
            long k = metadata.readableBytes() == StreamRequest.MESSAGE_BYTES
                    ? metadata.getLong(metadata.readerIndex())
                    : -1;
            long stream = k < 0 ? -1 : metadata.getLong(metadata.readerIndex() + 8);
            long due = timeline.due(stream, k);
            if (due < 0) {
                if (failure == null) {
                    failure = "the RSocket server sent a message this client cannot place (metadata of "
                            + metadata.readableBytes() + " bytes, message " + k + " of stream " + stream + ", "
                            + timeline.streams() + " streams open)";
                }
                return;
            }
            long now = clock.nanoTime();
            recorders.get().recordLatency(due, now - due);
            timeline.delivered(due, now - due);
        } finally {
            message.release();
        }
    }

    private void onError(Throwable e) {
        if (!closing && failure == null) {
            failure = "stream failed: " + Failures.describe(e);
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
        metrics.putAll(timeline.summary(Math.min(clock.nanoTime(), recording.windowEnd())));
        metrics.put("resources", resources.samples());
        metrics.put("serverMemory", serverMemory());
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
