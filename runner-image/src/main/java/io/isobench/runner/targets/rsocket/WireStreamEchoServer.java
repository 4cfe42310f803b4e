package io.isobench.runner.targets.rsocket;

import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.net.InetSocketAddress;
import java.time.Duration;
import reactor.netty.DisposableServer;
import reactor.netty.tcp.TcpServer;

/**
 * The seed's load server with isobench's own RSocket frames: the same streams as {@link StreamEchoServer} (the request's
 * data echoed every interval, from the loop's {@link StreamTicker}) on the same reactor-netty server and event loops, but
 * each connection ({@link WireConnection}) writes its messages itself: one buffer per connection per tick, where
 * rsocket-java's responder encodes, queues and writes each message on its own. What that saves: BENCHMARKS.md, RSocket.
 */
public final class WireStreamEchoServer implements StreamServer {

    private final DisposableServer server;
    private final StreamTickers tickers;

    private WireStreamEchoServer(DisposableServer server, StreamTickers tickers) {
        this.server = server;
        this.tickers = tickers;
    }

    public static WireStreamEchoServer start(String host, int port, Duration interval) {
        StreamTickers tickers = new StreamTickers(interval.toNanos());
        long intervalNanos = interval.toNanos();
        DisposableServer server = TcpServer.create()
                .host(host)
                .port(port)
                .doOnConnection(connection -> connection
                        .addHandlerLast(
                                "rsocket-frame-length",
                                new LengthFieldBasedFrameDecoder(
                                        RSocketFrames.MAX_FRAME_BYTES,
                                        0,
                                        RSocketFrames.LENGTH_BYTES,
                                        0,
                                        RSocketFrames.LENGTH_BYTES))
                        .addHandlerLast("rsocket-streams", new WireConnection(tickers, intervalNanos)))
                // reactor-netty reads only while someone asks for the inbound: asked without bound, it reads as it
                // comes
                // (WireConnection takes every frame, none reaches this subscriber); the connection lives until closed
                .handle((in, out) -> in.receive().then())
                .bindNow(Duration.ofSeconds(30));
        return new WireStreamEchoServer(server, tickers);
    }

    @Override
    public InetSocketAddress address() {
        return (InetSocketAddress) server.address();
    }

    @Override
    public void close() {
        server.disposeNow(Duration.ofSeconds(10));
        tickers.close();
    }
}
