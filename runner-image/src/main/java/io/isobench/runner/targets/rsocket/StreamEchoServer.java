package io.isobench.runner.targets.rsocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.rsocket.Payload;
import io.rsocket.RSocket;
import io.rsocket.SocketAcceptor;
import io.rsocket.core.RSocketServer;
import io.rsocket.transport.netty.server.CloseableChannel;
import io.rsocket.transport.netty.server.TcpServerTransport;
import io.rsocket.util.ByteBufPayload;
import java.net.InetSocketAddress;
import java.time.Duration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.tcp.TcpServer;

/**
 * The seed's load server: an RSocket (TCP) responder whose request-stream echoes the request's data back at a fixed
 * interval for as long as the stream lives. The client schedules each stream ({@link StreamRequest}: the phase of its
 * first message, the interval, the stream's number); each message carries its sequence number and the stream's number,
 * so the client knows when it was due on its own clock — a server that falls behind shows as lateness, one that drops
 * messages as messages due and never delivered. Streams are emitted by a {@link StreamTicker} on the event loop of the
 * connection that asked for them, so a message goes out up to a millisecond after it was due; the server's own
 * {@link ServerMemory} answers what its streams hold.
 */
public final class StreamEchoServer implements StreamServer {

    private final CloseableChannel channel;
    private final StreamTickers tickers;

    private StreamEchoServer(CloseableChannel channel, StreamTickers tickers) {
        this.channel = channel;
        this.tickers = tickers;
    }

    public static StreamEchoServer start(String host, int port, Duration interval) {
        StreamTickers tickers = new StreamTickers(interval.toNanos());
        TcpServer tcp = TcpServer.create()
                .host(host)
                .port(port)
                .doOnConnection(connection -> tickers.serve(connection.channel().eventLoop()));
        CloseableChannel channel = RSocketServer.create(SocketAcceptor.with(responder(interval, tickers)))
                .bind(TcpServerTransport.create(tcp))
                .block(Duration.ofSeconds(30));
        return new StreamEchoServer(channel, tickers);
    }

    /** The responder alone, for a server built elsewhere: its streams tick on a thread of their own. */
    static RSocket responder(Duration interval) {
        return responder(interval, new StreamTickers(interval.toNanos()));
    }

    private static RSocket responder(Duration interval, StreamTickers tickers) {
        long intervalNanos = interval.toNanos();
        return new RSocket() {
            @Override
            public Flux<Payload> requestStream(Payload request) {
                StreamRequest asked;
                ByteBuf data;
                try {
                    asked = StreamRequest.read(request.sliceMetadata(), intervalNanos);
                    data = copyOf(request.sliceData());
                } catch (IllegalArgumentException e) {
                    return Flux.error(e);
                } finally {
                    request.release();
                }
                // the ticker keeps a fixed rate: a message it could not send on time goes late, and says so
                return tickers.here().stream(data, asked.phaseNanos(), asked.stream());
            }

            // the one request-response it answers: what it holds (ServerMemory), for the client's figures
            @Override
            public Mono<Payload> requestResponse(Payload request) {
                try {
                    if (!ServerMemory.isRequest(request.sliceMetadata())) {
                        return Mono.error(new IllegalArgumentException(
                                "request-response: this server answers only '" + ServerMemory.REQUEST + "'"));
                    }
                } finally {
                    request.release();
                }
                // off the event loops: it waits for every loop to settle, then for a full collection
                return Mono.fromCallable(() ->
                                ByteBufPayload.create(tickers.measureMemory().encode(ByteBufAllocator.DEFAULT)))
                        .subscribeOn(Schedulers.boundedElastic());
            }

            @Override
            public Mono<Void> fireAndForget(Payload payload) {
                payload.release();
                return Mono.empty();
            }
        };
    }

    /**
     * The request's data in a direct buffer of its own, held for the stream's life. A retained slice would pin the whole
     * inbound buffer it came in (other frames' bytes with it), and a heap one is copied into a direct buffer again for every
     * message the socket writes; a direct one goes out as it is, in the frame's scatter-gather write.
     */
    static ByteBuf copyOf(ByteBuf data) {
        return ByteBufAllocator.DEFAULT
                .directBuffer(data.readableBytes())
                .writeBytes(data, data.readerIndex(), data.readableBytes());
    }

    @Override
    public InetSocketAddress address() {
        return channel.address();
    }

    @Override
    public void close() {
        channel.dispose();
        channel.onClose().block(Duration.ofSeconds(10));
        tickers.close();
    }
}
