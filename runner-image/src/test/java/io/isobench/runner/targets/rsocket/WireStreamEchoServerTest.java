package io.isobench.runner.targets.rsocket;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.rsocket.Payload;
import io.rsocket.RSocket;
import io.rsocket.core.RSocketConnector;
import io.rsocket.exceptions.ApplicationErrorException;
import io.rsocket.transport.netty.client.TcpClientTransport;
import io.rsocket.util.ByteBufPayload;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.reactivestreams.Subscription;
import reactor.core.Disposable;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;

/**
 * The rsocket target's two servers, as rsocket-java's client (the target's) sees them: each behaviour below holds for
 * both, so the choice of server changes what a message costs the server, not what the client measures. Then what only
 * isobench's own frames need showing: the protocol's refusals, read off the wire.
 */
class WireStreamEchoServerTest {

    private static final Duration INTERVAL = Duration.ofMillis(50);
    /** For the wire tests that answer between messages: room for a stalled CI machine. */
    private static final Duration SLOW_INTERVAL = Duration.ofMillis(300);

    private static RSocket connect(StreamServer server) {
        return RSocketConnector.create()
                .connect(TcpClientTransport.create(server.address()))
                .block(Duration.ofSeconds(10));
    }

    private static Payload ask(long intervalNanos, long stream, byte[] data) {
        return ByteBufPayload.create(
                Unpooled.wrappedBuffer(data),
                StreamRequest.requestMetadata(ByteBufAllocator.DEFAULT, 0, intervalNanos, stream));
    }

    /** Each message: its number from 0, the stream's number, the request's data; one per interval, never early. */
    @ParameterizedTest
    @EnumSource(StreamServer.Implementation.class)
    void aStreamEchoesItsRequestEveryIntervalNumberingItsMessages(StreamServer.Implementation implementation) {
        try (StreamServer server = implementation.start("127.0.0.1", 0, INTERVAL)) {
            RSocket client = connect(server);
            byte[] data = new byte[1024];
            data[0] = 1;
            data[1023] = 2;
            long start = System.nanoTime();
            List<long[]> messages = client.requestStream(ask(INTERVAL.toNanos(), 7, data))
                    .take(5)
                    .map(m -> {
                        try {
                            ByteBuf metadata = m.sliceMetadata();
                            byte[] echoed = new byte[m.sliceData().readableBytes()];
                            m.sliceData().getBytes(m.sliceData().readerIndex(), echoed);
                            assertThat(echoed).as("the request's data, echoed").isEqualTo(data);
                            return new long[] {metadata.getLong(0), metadata.getLong(8), System.nanoTime()};
                        } finally {
                            m.release();
                        }
                    })
                    .collectList()
                    .block(Duration.ofSeconds(10));

            assertThat(messages).extracting(m -> m[0]).containsExactly(0L, 1L, 2L, 3L, 4L);
            assertThat(messages).extracting(m -> m[1]).containsOnly(7L);
            assertThat(messages.getLast()[2] - start)
                    .as("message 4 is due 4 intervals after the request: never before")
                    .isGreaterThanOrEqualTo(4 * INTERVAL.toNanos());
            client.dispose();
        }
    }

    @ParameterizedTest
    @EnumSource(StreamServer.Implementation.class)
    void aRequestTheServerCannotHonourFailsItsStreamNamingTheFieldAndTheConnectionStays(
            StreamServer.Implementation implementation) {
        try (StreamServer server = implementation.start("127.0.0.1", 0, INTERVAL)) {
            RSocket client = connect(server);
            assertThatThrownBy(() -> client.requestStream(ask(TimeUnit.SECONDS.toNanos(1), 1, new byte[1]))
                            .blockLast(Duration.ofSeconds(10)))
                    .isInstanceOf(ApplicationErrorException.class)
                    .hasMessage(
                            "request-stream interval 'PT1S': this server emits every PT0.05S (its --stream-interval)");
            assertThatThrownBy(() -> client.requestResponse(ByteBufPayload.create("what time is it"))
                            .block(Duration.ofSeconds(10)))
                    .isInstanceOf(ApplicationErrorException.class)
                    .hasMessage("request-response: this server answers only 'isobench:server-memory'");
            assertThat(client.requestStream(ask(INTERVAL.toNanos(), 2, new byte[1]))
                            .doOnNext(Payload::release)
                            .take(2)
                            .count()
                            .block(Duration.ofSeconds(10)))
                    .as("a stream asked for after the refusals, on the same connection")
                    .isEqualTo(2);
            client.dispose();
        }
    }

    /** A subscriber that asked for one message and cannot take the next: the stream fails, as Flux.interval's did. */
    @ParameterizedTest
    @EnumSource(StreamServer.Implementation.class)
    void aStreamWithoutDemandFailsWithOverflow(StreamServer.Implementation implementation) throws Exception {
        try (StreamServer server = implementation.start("127.0.0.1", 0, INTERVAL)) {
            RSocket client = connect(server);
            AtomicReference<Throwable> error = new AtomicReference<>();
            client.requestStream(ask(INTERVAL.toNanos(), 3, new byte[1])).subscribe(new BaseSubscriber<>() {
                @Override
                protected void hookOnSubscribe(Subscription subscription) {
                    subscription.request(1);
                }

                @Override
                protected void hookOnNext(Payload message) {
                    message.release();
                }

                @Override
                protected void hookOnError(Throwable e) {
                    error.set(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (error.get() == null && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(error.get())
                    .isNotNull()
                    .hasMessageContaining("Could not emit message 1 due to lack of requests");
            assertThat(memory(client).streams())
                    .as("streams the server still runs")
                    .isZero();
            client.dispose();
        }
    }

    @ParameterizedTest
    @EnumSource(StreamServer.Implementation.class)
    void theServerCountsTheStreamsItHoldsAndLetsGoOfCancelledOnes(StreamServer.Implementation implementation)
            throws InterruptedException {
        try (StreamServer server = implementation.start("127.0.0.1", 0, INTERVAL)) {
            RSocket client = connect(server);
            RSocket other = connect(server);
            List<Disposable> running = Flux.range(0, 20)
                    .map(i -> client.requestStream(ask(INTERVAL.toNanos(), i, new byte[1000]))
                            .subscribe(Payload::release))
                    .collectList()
                    .block();
            // Another connection's frames are not ordered with this one's: its first message says its stream is held.
            CountDownLatch otherFirst = new CountDownLatch(1);
            other.requestStream(ask(INTERVAL.toNanos(), 99, new byte[1000]))
                    .subscribe(
                            message -> {
                                message.release();
                                otherFirst.countDown();
                            },
                            closed -> {
                                // Disposing of the connection below ends this stream with an error: expected.
                            });
            assertThat(otherFirst.await(10, TimeUnit.SECONDS))
                    .as("the other connection's first message")
                    .isTrue();
            ServerMemory held = memory(client);
            assertThat(held.streams()).isEqualTo(21);
            assertThat(held.directBytes())
                    .as("each stream's 1,000 bytes, direct")
                    .isGreaterThan(21_000);

            running.forEach(Disposable::dispose);
            assertThat(memory(client).streams()).as("after 20 cancels").isOne();
            other.dispose();
            other.onClose().onErrorComplete().block(Duration.ofSeconds(10));
            // The client has closed its end; the server learns of it when its own read fails, a moment later.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (memory(client).streams() != 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(memory(client).streams())
                    .as("after the other connection closed")
                    .isZero();
            client.dispose();
        }
    }

    /**
     * rsocket-java's client closes a connection whose KEEPALIVEs go unanswered for its max lifetime: a client asking every
     * 100 ms, giving up after 400, still has its connection and stream after 2 s.
     */
    @ParameterizedTest
    @EnumSource(StreamServer.Implementation.class)
    void keepalivesAreAnswered(StreamServer.Implementation implementation) {
        try (StreamServer server = implementation.start("127.0.0.1", 0, INTERVAL)) {
            RSocket client = RSocketConnector.create()
                    .keepAlive(Duration.ofMillis(100), Duration.ofMillis(400))
                    .connect(TcpClientTransport.create(server.address()))
                    .block(Duration.ofSeconds(10));
            long messages = client.requestStream(ask(INTERVAL.toNanos(), 1, new byte[8]))
                    .doOnNext(Payload::release)
                    .take(Duration.ofSeconds(2))
                    .count()
                    .block(Duration.ofSeconds(10));
            assertThat(client.isDisposed()).as("the connection after 2 s").isFalse();
            assertThat(messages).as("messages in 2 s at one per 50 ms").isGreaterThan(20);
            client.dispose();
        }
    }

    private static byte[] ints(int value) {
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    private static ServerMemory memory(RSocket client) {
        Payload reply = client.requestResponse(ByteBufPayload.create(
                        Unpooled.EMPTY_BUFFER, ServerMemory.requestMetadata(ByteBufAllocator.DEFAULT)))
                .block(Duration.ofSeconds(30));
        try {
            return ServerMemory.decode(reply.sliceData());
        } finally {
            reply.release();
        }
    }

    // ---- isobench's frames on the wire

    @Test
    void aConnectionThatDoesNotStartWithSetupIsRefusedAndClosed() throws IOException {
        try (var server = WireStreamEchoServer.start("127.0.0.1", 0, INTERVAL);
                var wire = new Wire(server)) {
            wire.frame(1, RSocketFrames.REQUEST_STREAM, 0, new byte[] {0, 0, 0, 1});
            assertThat(wire.error()).isEqualTo("stream 0 error 0x1: the first frame was REQUEST_STREAM, not SETUP");
            assertThat(wire.closed()).isTrue();
        }
    }

    @Test
    void aConnectionThatStartsWithResumeIsRefused() throws IOException {
        try (var server = WireStreamEchoServer.start("127.0.0.1", 0, INTERVAL);
                var wire = new Wire(server)) {
            wire.frame(0, RSocketFrames.RESUME, 0, new byte[0]);
            assertThat(wire.error()).isEqualTo("stream 0 error 0x4: RESUME: this server keeps no session to resume");
            assertThat(wire.closed()).isTrue();
        }
    }

    /**
     * Demand as the protocol counts it: an initial request N of 1, then a REQUEST_N of 2, make messages 0, 1 and 2; the
     * next one due fails the stream. (Without REQUEST_N counted, the stream fails at message 1.)
     */
    @Test
    void requestNAddsToTheDemandAndAStreamThatRunsOutOfItFails() throws IOException {
        try (var server = WireStreamEchoServer.start("127.0.0.1", 0, SLOW_INTERVAL);
                var wire = new Wire(server)) {
            wire.setup(0, 1, 20_000, 90_000);
            wire.requestStream(1, 0, 1, 5);
            assertThat(wire.next()).isEqualTo("stream 1 message 0 of stream number 5");
            wire.frame(1, RSocketFrames.REQUEST_N, 0, ints(2));
            assertThat(wire.next()).isEqualTo("stream 1 message 1 of stream number 5");
            assertThat(wire.next()).isEqualTo("stream 1 message 2 of stream number 5");
            assertThat(wire.error())
                    .isEqualTo("stream 1 error 0x201: Could not emit message 3 due to lack of requests");
        }
    }

    /**
     * What the server does not serve is refused on its own stream, naming it, and the connection goes on: a
     * request-channel, a fragmented request, an initial request N of 0, a REQUEST_N of 0 (which also ends its stream:
     * nothing more comes of it, though it had no demand left).
     */
    @Test
    void requestsTheServerDoesNotServeAreRefusedOnTheirStreamAndTheConnectionGoesOn() throws Exception {
        try (var server = WireStreamEchoServer.start("127.0.0.1", 0, SLOW_INTERVAL);
                var wire = new Wire(server)) {
            wire.setup(0, 1, 20_000, 90_000);
            wire.frame(1, RSocketFrames.REQUEST_CHANNEL, 0, ints(1));
            assertThat(wire.error())
                    .isEqualTo("stream 1 error 0x202: request-channel: this server answers request-stream (and one"
                            + " request-response)");
            wire.requestStream(3, RSocketFrames.FLAG_RESUME_RESPOND_FOLLOWS, 1, 1);
            assertThat(wire.error())
                    .isEqualTo("stream 3 error 0x202: request-stream: fragmented requests are not served here");
            wire.requestStream(5, 0, 0, 1);
            assertThat(wire.error())
                    .isEqualTo("stream 5 error 0x204: request-stream initial request N '0': must be positive");
            wire.requestStream(7, 0, 1, 1);
            assertThat(wire.next()).isEqualTo("stream 7 message 0 of stream number 1");
            wire.frame(7, RSocketFrames.REQUEST_N, 0, ints(0));
            assertThat(wire.error()).isEqualTo("stream 7 error 0x204: REQUEST_N '0' on stream 7: must be positive");

            // two intervals on: stream 7, had it gone on, would have failed for want of demand before this answer
            Thread.sleep(2 * SLOW_INTERVAL.toMillis());
            wire.frame(0, RSocketFrames.KEEPALIVE, RSocketFrames.FLAG_RESUME_RESPOND_FOLLOWS, new byte[8]);
            assertThat(wire.next()).isEqualTo("KEEPALIVE on stream 0");
        }
    }

    @Test
    void aSetupAskingForLeasesOrAnotherVersionIsRefused() throws IOException {
        try (var server = WireStreamEchoServer.start("127.0.0.1", 0, INTERVAL)) {
            try (var wire = new Wire(server)) {
                wire.setup(RSocketFrames.FLAG_LEASE_COMPLETE, 1, 20_000, 90_000);
                assertThat(wire.error()).isEqualTo("stream 0 error 0x2: lease: this server does not grant leases");
                assertThat(wire.closed()).isTrue();
            }
            try (var wire = new Wire(server)) {
                wire.setup(0, 2, 20_000, 90_000);
                assertThat(wire.error()).isEqualTo("stream 0 error 0x2: version 2.0: this server speaks 1.0");
                assertThat(wire.closed()).isTrue();
            }
        }
    }

    /** As rsocket-java's server: a client that sends nothing, keepalives included, for its max lifetime is cut off. */
    @Test
    void aClientSilentForItsMaxLifetimeIsCutOff() throws IOException {
        try (var server = WireStreamEchoServer.start("127.0.0.1", 0, INTERVAL);
                var wire = new Wire(server)) {
            long start = System.nanoTime();
            wire.setup(0, 1, 100, 300);
            assertThat(wire.error()).isEqualTo("stream 0 error 0x101: No keep-alive acks for 300 ms");
            assertThat(wire.closed()).isTrue();
            assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(300));
        }
    }

    @Test
    void anUnknownFrameEndsTheConnectionUnlessItMayBeIgnored() throws IOException {
        try (var server = WireStreamEchoServer.start("127.0.0.1", 0, INTERVAL);
                var wire = new Wire(server)) {
            wire.setup(0, 1, 20_000, 90_000);
            wire.frame(0, 0x30, RSocketFrames.FLAG_IGNORE, new byte[0]);
            wire.frame(0, 0x30, 0, new byte[0]);
            assertThat(wire.error())
                    .isEqualTo("stream 0 error 0x101: type 0x30 on stream 0: not a frame a client sends here");
            assertThat(wire.closed()).isTrue();
        }
    }

    /** A raw TCP client: writes frames as the protocol lays them out, reads the server's frames back. */
    private static final class Wire implements AutoCloseable {
        private final Socket socket;
        private final DataOutputStream out;
        private final DataInputStream in;

        Wire(StreamServer server) throws IOException {
            socket = new Socket(server.address().getAddress(), server.address().getPort());
            socket.setSoTimeout(10_000);
            out = new DataOutputStream(socket.getOutputStream());
            in = new DataInputStream(socket.getInputStream());
        }

        void setup(int flags, int major, int keepaliveMillis, int maxLifetimeMillis) throws IOException {
            byte[] mime = "application/binary".getBytes(StandardCharsets.US_ASCII);
            var body = new java.io.ByteArrayOutputStream();
            var fields = new DataOutputStream(body);
            fields.writeShort(major);
            fields.writeShort(0);
            fields.writeInt(keepaliveMillis);
            fields.writeInt(maxLifetimeMillis);
            fields.writeByte(mime.length);
            fields.write(mime);
            fields.writeByte(mime.length);
            fields.write(mime);
            frame(0, RSocketFrames.SETUP, flags, body.toByteArray());
        }

        void frame(int streamId, int type, int flags, byte[] fields) throws IOException {
            int length = RSocketFrames.HEADER_BYTES + fields.length;
            out.write(new byte[] {(byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
            out.writeInt(streamId);
            out.writeShort(type << 10 | flags);
            out.write(fields);
            out.flush();
        }

        /**
         * A REQUEST_STREAM with the metadata {@link StreamRequest} reads, for a server of {@link #SLOW_INTERVAL} (phase 0:
         * its first message at once).
         */
        void requestStream(int streamId, int flags, int initialN, long streamNumber) throws IOException {
            ByteBuf metadata =
                    StreamRequest.requestMetadata(ByteBufAllocator.DEFAULT, 0, SLOW_INTERVAL.toNanos(), streamNumber);
            var body = new java.io.ByteArrayOutputStream();
            var fields = new DataOutputStream(body);
            fields.writeInt(initialN);
            fields.write(new byte[] {0, 0, (byte) metadata.readableBytes()});
            fields.write(ByteBufUtil.getBytes(metadata));
            fields.write(new byte[] {1, 2, 3});
            frame(streamId, RSocketFrames.REQUEST_STREAM, RSocketFrames.FLAG_METADATA | flags, body.toByteArray());
        }

        /** The next frame: "stream S message K of stream number N" for a PAYLOAD, else "TYPE on stream S". */
        String next() throws IOException {
            ByteBuf f = read();
            int type = RSocketFrames.type(f);
            if (type != RSocketFrames.PAYLOAD) {
                return RSocketFrames.typeName(type) + " on stream " + RSocketFrames.streamId(f);
            }
            ByteBuf metadata = RSocketFrames.metadata(f, RSocketFrames.HEADER_BYTES);
            assertThat(RSocketFrames.dataAfter(f, RSocketFrames.HEADER_BYTES, metadata))
                    .as("the request's data, echoed")
                    .isEqualTo(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}));
            return "stream " + RSocketFrames.streamId(f) + " message " + metadata.getLong(metadata.readerIndex())
                    + " of stream number " + metadata.getLong(metadata.readerIndex() + 8);
        }

        /** The next frame, which must be an ERROR: "stream S error 0xCODE: message". */
        String error() throws IOException {
            ByteBuf f = read();
            assertThat(RSocketFrames.typeName(RSocketFrames.type(f))).isEqualTo("ERROR");
            return "stream " + RSocketFrames.streamId(f) + " error 0x" + Integer.toHexString(f.getInt(6)) + ": "
                    + f.toString(10, f.readableBytes() - 10, StandardCharsets.UTF_8);
        }

        private ByteBuf read() throws IOException {
            int length = in.readUnsignedByte() << 16 | in.readUnsignedShort();
            byte[] frame = new byte[length];
            in.readFully(frame);
            return Unpooled.wrappedBuffer(frame);
        }

        boolean closed() throws IOException {
            try {
                return in.read() < 0;
            } catch (EOFException e) {
                return true;
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
