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
import java.util.concurrent.ThreadLocalRandom;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The seed's load server: an RSocket (TCP) responder whose request-stream echoes the request's data back at a
 * fixed interval for as long as the stream lives. Each message starts with its intended emission time
 * ({@code System.nanoTime()}: the subscription time plus a random phase plus k intervals), so the client measures
 * how late a message arrives against the server's own schedule — a server that falls behind shows as latency.
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
                ByteBuf data = request.sliceData().retainedSlice();
                request.release();
                // spread the streams' emissions over the interval instead of firing them all at once
                long phase = ThreadLocalRandom.current().nextLong(intervalNanos);
                long start = System.nanoTime() + phase;
                return Flux.interval(Duration.ofNanos(phase), interval)
                        .map(k -> message(data, start + k * intervalNanos))
                        .doFinally(signal -> data.release());
            }

            @Override
            public Mono<Void> fireAndForget(Payload payload) {
                payload.release();
                return Mono.empty();
            }
        });
        CloseableChannel channel = RSocketServer.create(acceptor).bind(TcpServerTransport.create(host, port)).block(Duration.ofSeconds(30));
        return new StreamEchoServer(channel);
    }

    private static Payload message(ByteBuf request, long intendedNanos) {
        ByteBuf out = ByteBufAllocator.DEFAULT.buffer(8 + request.readableBytes());
        out.writeLong(intendedNanos);
        out.writeBytes(request, request.readerIndex(), request.readableBytes());
        return ByteBufPayload.create(out);
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
