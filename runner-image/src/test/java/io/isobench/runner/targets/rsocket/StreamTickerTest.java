package io.isobench.runner.targets.rsocket;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultEventLoop;
import io.rsocket.Payload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

/** The wheel that emits the rsocket server's streams: on time, never early, and letting go of what a stream held. */
class StreamTickerTest {

    private static final long TICK = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long INTERVAL = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long PHASE = TimeUnit.MILLISECONDS.toNanos(5);

    private final DefaultEventLoop loop = new DefaultEventLoop();
    private final AtomicLong running = new AtomicLong();
    private final StreamTicker ticker = new StreamTicker(loop, TICK, INTERVAL, running);

    @AfterEach
    void stopLoop() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /**
     * Message k is due at open + phase + k × interval: never sent before, and a tick or so after on an idle loop. Ten
     * streams with phases a tenth of a tick apart, so some fall in every part of a tick whenever the loop's ticks land.
     */
    @Test
    void everyMessageGoesOutAtItsDueTimeNeverBeforeCarryingItsNumberAndTheData() throws Exception {
        int streams = 10;
        List<List<long[]>> seen = new ArrayList<>();
        List<Recorder> subscribers = new ArrayList<>();
        long[] opened = new long[streams];
        for (int i = 0; i < streams; i++) {
            seen.add(new ArrayList<>());
            subscribers.add(new Recorder(Long.MAX_VALUE, seen.get(i)));
            opened[i] = System.nanoTime();
            ticker.stream(Unpooled.directBuffer(8).writeLong(42 + i), PHASE + i * TICK / streams, i)
                    .subscribe(subscribers.get(i));
        }
        for (List<long[]> messages : seen) {
            awaitMessages(messages, 8);
        }
        subscribers.forEach(Recorder::dispose);

        List<Long> lateness = new ArrayList<>();
        for (int i = 0; i < streams; i++) {
            List<long[]> messages = seen.get(i);
            synchronized (messages) {
                for (int k = 0; k < messages.size(); k++) {
                    long[] m = messages.get(k);
                    assertThat(m[0]).as("message number").isEqualTo(k);
                    assertThat(m[1]).as("stream number").isEqualTo(i);
                    assertThat(m[2]).as("the data echoed").isEqualTo(42 + i);
                    long due = opened[i] + PHASE + i * TICK / streams + k * INTERVAL;
                    assertThat(m[3])
                            .as("stream %d's message %d sent at or after its due time", i, k)
                            .isGreaterThanOrEqualTo(due);
                    lateness.add(m[3] - due);
                }
            }
        }
        lateness.sort(null);
        assertThat(lateness.get(lateness.size() / 2))
                .as("median lateness (ns): within a few ticks")
                .isLessThan(5 * TICK);
    }

    @Test
    void aCancelledStreamStopsAndItsDataIsReleased() throws Exception {
        ByteBuf data = Unpooled.directBuffer(8).writeLong(1);
        List<long[]> seen = new ArrayList<>();
        var subscriber = new Recorder(Long.MAX_VALUE, seen);
        ticker.stream(data, 0, 1).subscribe(subscriber);
        awaitMessages(seen, 3);
        assertThat(running.get()).isEqualTo(1);
        subscriber.dispose();
        int atCancel;
        synchronized (seen) {
            atCancel = seen.size();
        }
        Thread.sleep(Duration.ofNanos(3 * INTERVAL));

        synchronized (seen) {
            assertThat(seen.size()).as("messages after the cancel").isLessThanOrEqualTo(atCancel + 1);
        }
        assertThat(data.refCnt()).as("the stream's data, released").isZero();
        assertThat(running.get()).isZero();
    }

    /**
     * A wheel of one-minute streams, five of them cancelled: settling drops those five at once, not when their slot comes
     * round a minute later, and keeps the others, which go on being emitted.
     */
    @Test
    void settlingDropsTheCancelledStreamsNowAndKeepsTheRest() throws Exception {
        var minute = new StreamTicker(loop, TICK, TimeUnit.MINUTES.toNanos(1), running);
        List<ByteBuf> held = new ArrayList<>();
        List<Recorder> subscribers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            held.add(Unpooled.directBuffer(8).writeLong(i));
            subscribers.add(new Recorder(Long.MAX_VALUE, new ArrayList<>()));
            // the first message due in 30 s: every stream sits in the wheel for the whole test
            minute.stream(held.get(i), TimeUnit.SECONDS.toNanos(30), i).subscribe(subscribers.get(i));
        }
        for (int i = 0; i < 10; i += 2) {
            subscribers.get(i).dispose();
        }

        assertThat(minute.settle().await(10, TimeUnit.SECONDS)).isTrue();

        for (int i = 0; i < 10; i++) {
            assertThat(held.get(i).refCnt()).as("stream " + i + "'s data").isEqualTo(i % 2 == 0 ? 0 : 1);
        }
        assertThat(running.get()).isEqualTo(5);
        minute.stop();
        for (ByteBuf data : held) {
            awaitReleased(data);
        }
    }

    /** As {@code Flux.interval}: a subscriber that asked for one message and cannot take the next fails the stream. */
    @Test
    void aStreamWithoutDemandFailsWithOverflowAndReleasesItsData() throws Exception {
        ByteBuf data = Unpooled.directBuffer(8).writeLong(1);
        List<long[]> seen = new ArrayList<>();
        var subscriber = new Recorder(1, seen);
        ticker.stream(data, 0, 3).subscribe(subscriber);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (subscriber.error.get() == null && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }

        assertThat(subscriber.error.get())
                .isNotNull()
                .hasMessageContaining("Could not emit message 1 due to lack of requests");
        synchronized (seen) {
            assertThat(seen).hasSize(1);
        }
        awaitReleased(data);
        assertThat(running.get()).isZero();
    }

    /**
     * An idle server's loops sleep: the wheel ticks while it holds a stream and stops when the last one is gone; the next
     * stream starts it again, its messages on time as ever.
     */
    @Test
    void theWheelTicksOnlyWhileItHoldsAStream() throws Exception {
        assertThat(ticking()).as("before any stream").isFalse();
        List<long[]> seen = new ArrayList<>();
        var first = new Recorder(Long.MAX_VALUE, seen);
        ticker.stream(Unpooled.directBuffer(8).writeLong(1), 0, 1).subscribe(first);
        awaitMessages(seen, 2);
        assertThat(ticking()).as("while a stream runs").isTrue();
        first.dispose();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ticking() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(ticking()).as("after the last stream was cancelled").isFalse();
        assertThat(running.get()).isZero();

        Thread.sleep(Duration.ofNanos(2 * INTERVAL));
        List<long[]> next = new ArrayList<>();
        long opened = System.nanoTime();
        var second = new Recorder(Long.MAX_VALUE, next);
        ticker.stream(Unpooled.directBuffer(8).writeLong(2), PHASE, 2).subscribe(second);
        awaitMessages(next, 3);
        second.dispose();
        List<Long> lateness = new ArrayList<>();
        synchronized (next) {
            for (int k = 0; k < 3; k++) {
                long late = next.get(k)[3] - (opened + PHASE + k * INTERVAL);
                assertThat(late)
                        .as("message %d of the stream that restarted the wheel: at or after its due time", k)
                        .isNotNegative();
                lateness.add(late);
            }
        }
        lateness.sort(null);
        assertThat(lateness.get(1))
                .as("median lateness (ns): within a few ticks")
                .isLessThan(5 * TICK);
    }

    private boolean ticking() throws Exception {
        return loop.submit(ticker::ticking).get(10, TimeUnit.SECONDS);
    }

    @Test
    void stoppingTheTickerReleasesEveryStreamsData() throws Exception {
        List<ByteBuf> held = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            ByteBuf data = Unpooled.directBuffer(8).writeLong(i);
            held.add(data);
            ticker.stream(data, INTERVAL - 1, i).subscribe(new Recorder(Long.MAX_VALUE, new ArrayList<>()));
        }
        ticker.stop();
        for (ByteBuf data : held) {
            awaitReleased(data);
        }
        assertThat(running.get()).isZero();
    }

    private static void awaitMessages(List<long[]> seen, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            synchronized (seen) {
                if (seen.size() >= count) {
                    return;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("fewer than " + count + " messages in 10 s");
    }

    private static void awaitReleased(ByteBuf data) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (data.refCnt() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(data.refCnt()).as("the stream's data, released").isZero();
    }

    /** Records each message (its number, stream, first 8 bytes of data, when it arrived) and releases it. */
    private static final class Recorder extends BaseSubscriber<Payload> {
        private final long demand;
        private final List<long[]> seen;
        final AtomicReference<Throwable> error = new AtomicReference<>();

        Recorder(long demand, List<long[]> seen) {
            this.demand = demand;
            this.seen = seen;
        }

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            subscription.request(demand);
        }

        @Override
        protected void hookOnNext(Payload message) {
            long now = System.nanoTime();
            try {
                ByteBuf metadata = message.sliceMetadata();
                long[] m = {
                    metadata.getLong(metadata.readerIndex()),
                    metadata.getLong(metadata.readerIndex() + 8),
                    message.sliceData().getLong(message.sliceData().readerIndex()),
                    now
                };
                synchronized (seen) {
                    seen.add(m);
                }
            } finally {
                message.release();
            }
        }

        @Override
        protected void hookOnError(Throwable e) {
            error.set(e);
        }
    }
}
