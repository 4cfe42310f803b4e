package io.isobench.runner.targets.rsocket;

import io.netty.channel.DefaultEventLoop;
import io.netty.channel.EventLoop;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link StreamTicker} per event loop that serves a connection, each stream on its connection's loop (the thread that
 * reads its request); a stream asked for on any other thread goes to a ticker on a loop of its own.
 */
final class StreamTickers {
    /** Every tick wakes the loop once; a message goes out up to one tick late. */
    private static final long TICK_NANOS = 1_000_000;

    /** A loop behind by more than this is a server too loaded to measure. */
    private static final long SETTLE_TIMEOUT_MILLIS = 10_000;

    private final long intervalNanos;
    private final long tickNanos;
    private final AtomicLong running = new AtomicLong();
    private final Map<EventLoop, StreamTicker> byLoop = new ConcurrentHashMap<>();
    /** The loop threads' tickers (a loop may serve other servers' connections too: not a thread-local). */
    private final Map<Thread, StreamTicker> byThread = new ConcurrentHashMap<>();

    private DefaultEventLoop ownLoop;
    private StreamTicker own;

    StreamTickers(long intervalNanos) {
        this.intervalNanos = intervalNanos;
        this.tickNanos = Math.max(1, Math.min(TICK_NANOS, intervalNanos / 2));
    }

    /** The loop's ticker, made on first use; the loop's thread is told it is its. */
    StreamTicker serve(EventLoop loop) {
        StreamTicker ticker = byLoop.computeIfAbsent(loop, this::newTicker);
        if (loop.inEventLoop()) {
            byThread.put(Thread.currentThread(), ticker);
        } else {
            loop.execute(() -> byThread.put(Thread.currentThread(), ticker));
        }
        return ticker;
    }

    private StreamTicker newTicker(EventLoop loop) {
        return new StreamTicker(loop, tickNanos, intervalNanos, running);
    }

    StreamTicker here() {
        StreamTicker ticker = byThread.get(Thread.currentThread());
        return ticker != null ? ticker : own();
    }

    private synchronized StreamTicker own() {
        if (own == null) {
            ownLoop = new DefaultEventLoop(
                    Thread.ofPlatform().daemon().name("isobench-rsocket-ticker").factory());
            own = newTicker(ownLoop);
        }
        return own;
    }

    /** Every ticker settled ({@link StreamTicker#settle}), then what the server holds with the streams that are left. */
    ServerMemory measureMemory() {
        List<StreamTicker> all = new ArrayList<>(byLoop.values());
        synchronized (this) {
            if (own != null) {
                all.add(own);
            }
        }
        for (StreamTicker ticker : all) {
            if (!ticker.settle().awaitUninterruptibly(SETTLE_TIMEOUT_MILLIS)) {
                throw new IllegalStateException(
                        "server memory: an event loop did not drop its cancelled streams within "
                                + SETTLE_TIMEOUT_MILLIS + " ms");
            }
        }
        ServerMemory.releaseThisThreadsCache();
        return ServerMemory.measure(running.get());
    }

    synchronized void close() {
        byLoop.values().forEach(StreamTicker::stop);
        if (own != null) {
            own.stop();
            ownLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }
}
