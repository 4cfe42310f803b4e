package io.isobench.runner.targets.rsocket;

import static io.isobench.runner.targets.rsocket.RSocketFrames.APPLICATION_ERROR;
import static io.isobench.runner.targets.rsocket.RSocketFrames.CONNECTION_ERROR;
import static io.isobench.runner.targets.rsocket.RSocketFrames.FLAG_IGNORE;
import static io.isobench.runner.targets.rsocket.RSocketFrames.FLAG_LEASE_COMPLETE;
import static io.isobench.runner.targets.rsocket.RSocketFrames.FLAG_RESUME_RESPOND_FOLLOWS;
import static io.isobench.runner.targets.rsocket.RSocketFrames.HEADER_BYTES;
import static io.isobench.runner.targets.rsocket.RSocketFrames.INVALID;
import static io.isobench.runner.targets.rsocket.RSocketFrames.INVALID_SETUP;
import static io.isobench.runner.targets.rsocket.RSocketFrames.REJECTED;
import static io.isobench.runner.targets.rsocket.RSocketFrames.REJECTED_RESUME;
import static io.isobench.runner.targets.rsocket.RSocketFrames.UNBOUNDED;
import static io.isobench.runner.targets.rsocket.RSocketFrames.UNSUPPORTED_SETUP;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.util.collection.IntObjectHashMap;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import reactor.core.scheduler.Schedulers;

/**
 * One RSocket connection of {@link WireStreamEchoServer}, on its Netty event loop: reads the client's frames (after the
 * length decoder) and writes its streams' messages. Every message its streams emit in one tick of the loop's
 * {@link StreamTicker} goes into one buffer, written and flushed once after the tick: one contiguous write per connection
 * per tick, where rsocket-java builds two composite buffers a message (the frame, then its length) and queues each on
 * its own.
 *
 * <p>Served: SETUP (version 1, no lease, no resumption), REQUEST_STREAM (what {@link StreamRequest} reads), REQUEST_N,
 * CANCEL, KEEPALIVE (answered; a client silent for its max lifetime is cut off), the {@link ServerMemory} request-response,
 * ERROR. Fire-and-forget, metadata push and a channel's payloads are dropped, request-channel and fragmented requests
 * refused on their stream, anything else ends the connection with an ERROR naming it.
 */
final class WireConnection extends ChannelInboundHandlerAdapter {

    /** A tick's messages for one connection: a few, each a little over the payload. The buffer grows if need be. */
    private static final int PENDING_BYTES = 4096;

    private final StreamTickers tickers;
    private final long intervalNanos;
    private final IntObjectHashMap<WireStream> streams = new IntObjectHashMap<>();
    private final Runnable flush = this::flush;

    private Channel channel;
    private EventLoop loop;
    private StreamTicker ticker;
    private boolean setUp;
    private boolean closed;
    private long maxLifetimeNanos;
    private long lastReceivedNanos;
    private ScheduledFuture<?> keepaliveCheck;
    /** What this connection has to write since its last flush; null when nothing. */
    private ByteBuf pending;

    WireConnection(StreamTickers tickers, long intervalNanos) {
        this.tickers = tickers;
        this.intervalNanos = intervalNanos;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        loop = channel.eventLoop();
        ticker = tickers.serve(loop);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        try {
            if (!closed) {
                read(frame);
            }
        } finally {
            frame.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        close();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        close();
        ctx.close().addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
    }

    private void read(ByteBuf frame) {
        if (frame.readableBytes() < HEADER_BYTES) {
            connectionError(
                    CONNECTION_ERROR,
                    "a frame of " + frame.readableBytes() + " bytes: shorter than the " + HEADER_BYTES
                            + "-byte header");
            return;
        }
        lastReceivedNanos = System.nanoTime();
        int type = RSocketFrames.type(frame);
        int id = RSocketFrames.streamId(frame);
        int flags = RSocketFrames.flags(frame);
        int at = frame.readerIndex() + HEADER_BYTES;
        if (!setUp) {
            setup(frame, type, flags, at);
            return;
        }
        switch (type) {
            case RSocketFrames.REQUEST_STREAM -> requestStream(frame, id, flags, at);
            case RSocketFrames.REQUEST_N -> requestN(frame, id, at);
            case RSocketFrames.CANCEL -> cancel(id);
            case RSocketFrames.KEEPALIVE -> keepalive(frame, flags, at);
            case RSocketFrames.REQUEST_RESPONSE -> requestResponse(frame, id, at);
            case RSocketFrames.ERROR -> {
                if (id == 0) {
                    close();
                    channel.close().addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
                } else {
                    cancel(id);
                }
            }
            case RSocketFrames.REQUEST_CHANNEL ->
                send(RSocketFrames.error(
                        channel.alloc(),
                        id,
                        REJECTED,
                        "request-channel: this server answers request-stream (and one request-response)"));
            // nothing to answer: a fire-and-forget, pushed metadata, a channel's or a fragment's payload, a lease
            // this server never offered, an extension
            case RSocketFrames.REQUEST_FNF,
                    RSocketFrames.METADATA_PUSH,
                    RSocketFrames.PAYLOAD,
                    RSocketFrames.LEASE,
                    RSocketFrames.EXT -> {}
            default -> {
                if ((flags & FLAG_IGNORE) == 0) {
                    connectionError(
                            CONNECTION_ERROR,
                            RSocketFrames.typeName(type) + " on stream " + id + ": not a frame a client sends here");
                }
            }
        }
    }

    private void setup(ByteBuf frame, int type, int flags, int at) {
        if (type == RSocketFrames.RESUME) {
            connectionError(REJECTED_RESUME, "RESUME: this server keeps no session to resume");
            return;
        }
        if (type != RSocketFrames.SETUP) {
            connectionError(INVALID_SETUP, "the first frame was " + RSocketFrames.typeName(type) + ", not SETUP");
            return;
        }
        if (frame.writerIndex() < at + 12) {
            connectionError(INVALID_SETUP, "SETUP of " + frame.readableBytes() + " bytes: too short for its fields");
            return;
        }
        int major = frame.getUnsignedShort(at);
        if (major != RSocketFrames.MAJOR_VERSION) {
            connectionError(
                    UNSUPPORTED_SETUP,
                    "version " + major + "." + frame.getUnsignedShort(at + 2) + ": this server speaks "
                            + RSocketFrames.MAJOR_VERSION + ".0");
            return;
        }
        if ((flags & FLAG_LEASE_COMPLETE) != 0) {
            connectionError(UNSUPPORTED_SETUP, "lease: this server does not grant leases");
            return;
        }
        if ((flags & FLAG_RESUME_RESPOND_FOLLOWS) != 0) {
            connectionError(UNSUPPORTED_SETUP, "resume: this server keeps no session to resume");
            return;
        }
        int keepaliveMillis = frame.getInt(at + 4);
        int maxLifetimeMillis = frame.getInt(at + 8);
        if (keepaliveMillis <= 0 || maxLifetimeMillis <= 0) {
            connectionError(
                    INVALID_SETUP,
                    "keepalive interval " + keepaliveMillis + " ms, max lifetime " + maxLifetimeMillis
                            + " ms: both must be positive");
            return;
        }
        // the MIME types and the setup payload: this server's streams need neither, as rsocket-java's acceptor here
        setUp = true;
        maxLifetimeNanos = TimeUnit.MILLISECONDS.toNanos(maxLifetimeMillis);
        keepaliveCheck =
                loop.scheduleAtFixedRate(this::cutOffIfSilent, keepaliveMillis, keepaliveMillis, TimeUnit.MILLISECONDS);
    }

    /** As rsocket-java's server: a client that sent nothing, keepalives included, for its max lifetime is gone. */
    private void cutOffIfSilent() {
        long silent = System.nanoTime() - lastReceivedNanos;
        if (!closed && silent > maxLifetimeNanos) {
            connectionError(
                    CONNECTION_ERROR,
                    "No keep-alive acks for " + TimeUnit.NANOSECONDS.toMillis(maxLifetimeNanos) + " ms");
        }
    }

    private void requestStream(ByteBuf frame, int id, int flags, int at) {
        if (id == 0 || frame.writerIndex() < at + 4) {
            connectionError(
                    CONNECTION_ERROR,
                    "REQUEST_STREAM on stream " + id + " of " + frame.readableBytes()
                            + " bytes: needs a stream id other than 0 and a 4-byte initial request N");
            return;
        }
        if (streams.containsKey(id)) {
            connectionError(CONNECTION_ERROR, "REQUEST_STREAM on stream " + id + ", which is already open");
            return;
        }
        if ((flags & FLAG_RESUME_RESPOND_FOLLOWS) != 0) {
            send(RSocketFrames.error(
                    channel.alloc(), id, REJECTED, "request-stream: fragmented requests are not served here"));
            return;
        }
        int initial = frame.getInt(at);
        if (initial <= 0) {
            send(RSocketFrames.error(
                    channel.alloc(),
                    id,
                    INVALID,
                    "request-stream initial request N '" + initial + "': must be positive"));
            return;
        }
        ByteBuf metadata = RSocketFrames.metadata(frame, at + 4);
        if (metadata == null) {
            connectionError(CONNECTION_ERROR, "REQUEST_STREAM on stream " + id + ": shorter than its metadata length");
            return;
        }
        StreamRequest asked;
        try {
            asked = StreamRequest.read(metadata, intervalNanos);
        } catch (IllegalArgumentException e) {
            send(RSocketFrames.error(channel.alloc(), id, APPLICATION_ERROR, e.getMessage()));
            return;
        }
        ByteBuf data = StreamEchoServer.copyOf(RSocketFrames.dataAfter(frame, at + 4, metadata));
        long requested = initial == UNBOUNDED ? Long.MAX_VALUE : initial;
        WireStream s =
                new WireStream(this, id, data, asked.stream(), requested, lastReceivedNanos + asked.phaseNanos());
        streams.put(id, s);
        ticker.add(s);
    }

    private void requestN(ByteBuf frame, int id, int at) {
        WireStream s = streams.get(id);
        if (s == null || frame.writerIndex() < at + 4) {
            return; // a stream that has ended meanwhile, as the protocol allows
        }
        int n = frame.getInt(at);
        if (n <= 0) {
            cancel(id);
            send(RSocketFrames.error(
                    channel.alloc(), id, INVALID, "REQUEST_N '" + n + "' on stream " + id + ": must be positive"));
        } else if (n == UNBOUNDED || s.requested > Long.MAX_VALUE - n) {
            s.requested = Long.MAX_VALUE;
        } else {
            s.requested += n;
        }
    }

    private void cancel(int id) {
        WireStream s = streams.remove(id);
        if (s != null) {
            s.cancelled = true;
        }
    }

    private void keepalive(ByteBuf frame, int flags, int at) {
        if ((flags & FLAG_RESUME_RESPOND_FOLLOWS) == 0) {
            return;
        }
        if (frame.writerIndex() < at + 8) {
            connectionError(CONNECTION_ERROR, "KEEPALIVE of " + frame.readableBytes() + " bytes: needs its position");
            return;
        }
        send(RSocketFrames.keepaliveAnswer(channel.alloc(), frame.slice(at + 8, frame.writerIndex() - at - 8)));
    }

    /** The one request-response: what the server holds, measured off the event loops (it waits for each to settle). */
    private void requestResponse(ByteBuf frame, int id, int at) {
        ByteBuf metadata = RSocketFrames.metadata(frame, at);
        if (metadata == null || !ServerMemory.isRequest(metadata)) {
            send(RSocketFrames.error(
                    channel.alloc(),
                    id,
                    APPLICATION_ERROR,
                    "request-response: this server answers only '" + ServerMemory.REQUEST + "'"));
            return;
        }
        Schedulers.boundedElastic().schedule(() -> {
            ByteBuf answer;
            try {
                answer = tickers.measureMemory().encode(channel.alloc());
            } catch (RuntimeException e) {
                loop.execute(() -> send(RSocketFrames.error(
                        channel.alloc(), id, APPLICATION_ERROR, "server memory: " + e.getMessage())));
                return;
            }
            loop.execute(() -> {
                try {
                    send(RSocketFrames.nextComplete(channel.alloc(), id, answer));
                } finally {
                    answer.release();
                }
            });
        });
    }

    /**
     * The stream's next message into this tick's buffer; false when it cannot be sent (without demand the stream fails,
     * as rsocket-java's responder fails a stream whose {@code Flux.interval} overflows).
     */
    boolean emit(WireStream s) {
        if (closed) {
            return false;
        }
        if (s.requested == 0) {
            streams.remove(s.id);
            send(RSocketFrames.error(channel.alloc(), s.id, APPLICATION_ERROR, StreamTicker.noDemand(s.k)));
            return false;
        }
        if (s.requested != Long.MAX_VALUE) {
            s.requested--;
        }
        ByteBuf data = s.data;
        ByteBuf out = pending();
        RSocketFrames.writeNextHeader(out, s.id, StreamRequest.MESSAGE_BYTES, data.readableBytes());
        out.writeLong(s.k++).writeLong(s.number).writeBytes(data, data.readerIndex(), data.readableBytes());
        return true;
    }

    void failed(WireStream s, RuntimeException e) {
        streams.remove(s.id);
        if (!closed) {
            send(RSocketFrames.error(channel.alloc(), s.id, APPLICATION_ERROR, String.valueOf(e)));
        }
    }

    /** A frame after what is already pending, so a stream's ERROR never overtakes its last messages. */
    private void send(ByteBuf frame) {
        try {
            if (!closed) {
                pending().writeBytes(frame);
            }
        } finally {
            frame.release();
        }
    }

    private ByteBuf pending() {
        if (pending == null) {
            pending = channel.alloc().directBuffer(PENDING_BYTES);
            // runs after the task at hand (a tick, a read): one write for all it added
            loop.execute(flush);
        }
        return pending;
    }

    private void flush() {
        ByteBuf out = pending;
        pending = null;
        if (out == null) {
            return;
        }
        if (closed) {
            out.release();
        } else {
            channel.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
        }
    }

    /** An ERROR on stream 0 after what is pending, then the connection closed: what the protocol asks. */
    private void connectionError(int code, String message) {
        if (closed) {
            return;
        }
        send(RSocketFrames.error(channel.alloc(), 0, code, message));
        ByteBuf out = pending;
        pending = null;
        close();
        channel.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
    }

    /** Ends every stream (the wheel drops them and their data) and stops the keepalive check; idempotent. */
    private void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (WireStream s : streams.values()) {
            s.cancelled = true;
        }
        streams.clear();
        if (keepaliveCheck != null) {
            keepaliveCheck.cancel(false);
        }
        if (pending != null) {
            pending.release();
            pending = null;
        }
    }

    /** A request-stream of this connection in the loop's wheel; all of it touched on the loop. */
    static final class WireStream extends StreamTicker.Ticked {
        final WireConnection connection;
        final int id;
        final ByteBuf data;
        final long number;
        long k;
        long requested;

        WireStream(WireConnection connection, int id, ByteBuf data, long number, long requested, long due) {
            super(due);
            this.connection = connection;
            this.id = id;
            this.data = data;
            this.number = number;
            this.requested = requested;
        }

        @Override
        boolean emit() {
            return connection.emit(this);
        }

        @Override
        void fail(RuntimeException e) {
            connection.failed(this, e);
        }

        @Override
        void release() {
            data.release();
        }
    }
}
