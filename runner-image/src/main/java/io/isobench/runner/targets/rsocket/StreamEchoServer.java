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

/**
 * The seed's load server: an RSocket (TCP) responder whose request-stream echoes the request's data back at a fixed
 * interval for as long as the stream lives. The client schedules each stream ({@link StreamRequest}: the phase of its
 * first message, the interval, the stream's number); each message carries its sequence number and the stream's number,
 * so the client knows when it was due on its own clock — a server that falls behind shows as lateness, one that drops
 * messages as messages due and never delivered.
 */
public final class StreamEchoServer implements AutoCloseable {

    private final CloseableChannel channel;

    private StreamEchoServer(CloseableChannel channel) {
        this.channel = channel;
    }

    public static StreamEchoServer start(String host, int port, Duration interval) {
        long intervalNanos = interval.toNanos();
        SocketAcceptor acceptor = SocketAcceptor.with(new RSocket() {
            @Override
            public Flux<Payload> requestStream(Payload request) {
                StreamRequest asked;
                ByteBuf data;
                try {
                    asked = StreamRequest.read(request.sliceMetadata(), intervalNanos);
                    data = request.sliceData().retainedSlice();
                } catch (IllegalArgumentException e) {
                    return Flux.error(e);
                } finally {
                    request.release();
                }
                // Flux.interval keeps a fixed rate: a tick it could not run on time runs late, and its message says so
                return Flux.interval(Duration.ofNanos(asked.phaseNanos()), interval)
                        .map(k -> ByteBufPayload.create(
                                data.retainedSlice(),
                                StreamRequest.messageMetadata(ByteBufAllocator.DEFAULT, k, asked.stream())))
                        .doFinally(signal -> data.release());
            }

            @Override
            public Mono<Void> fireAndForget(Payload payload) {
                payload.release();
                return Mono.empty();
            }
        });
        CloseableChannel channel = RSocketServer.create(acceptor)
                .bind(TcpServerTransport.create(host, port))
                .block(Duration.ofSeconds(30));
        return new StreamEchoServer(channel);
    }

    public InetSocketAddress address() {
        return channel.address();
    }

    @Override
    public void close() {
        channel.dispose();
        channel.onClose().block(Duration.ofSeconds(10));
    }
}
