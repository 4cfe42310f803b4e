package io.isobench.runner.targets.rsocket;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ScheduledFuture;
import io.rsocket.Payload;
import io.rsocket.util.ByteBufPayload;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;

/**
 * Emits the request-streams of the connections one Netty event loop serves, from that loop, a tick at a time: a timing
 * wheel of {@code tick}-wide slots, each a list of the streams due in it. Every tick the loop emits what is due, so a
 * connection's messages of one tick go out in one write, and nothing wakes a thread per message. The loop ticks while
 * its wheel holds a stream, not after its clients have gone.
 *
 * <p>One {@code Flux.interval} per stream (what this replaced) parks and wakes a scheduler thread for every message, and
 * that thread then wakes the connection's event loop to write it: at 20,000 streams, 1.3 context switches and 26 µs of
 * server CPU per message (BENCHMARKS.md, RSocket). The cost here is that a message goes out up to one tick after it was
 * due, which its latency shows.
 *
 * <p>What a stream does when due is its own ({@link Ticked}): rsocket-java's responder takes a {@link #stream} as a
 * {@code Flux}, {@link WireStreamEchoServer} writes its frames itself.
 *
 * <p>Single-threaded: the wheel is touched only on its loop; a stream subscribed from another thread is handed over.
 */
final class StreamTicker implements Runnable {

    private final EventLoop loop;
    private final long tickNanos;
    private final long intervalNanos;
    private final AtomicLong running;
    private final Ticked[] slots;
    /** The slot number (absolute: due time ÷ tick, rounded down; nanoTime may be negative) the next tick starts from. */
    private long nextSlot;
    /** The streams in the wheel. The loop ticks only while it holds one: an idle server's loops sleep. */
    private int held;
    /** After {@link #stop}: a stream added later is dropped, not ticked. */
    private boolean stopped;
    /** The ticks, while {@link #held} is above zero; null otherwise. */
    private ScheduledFuture<?> schedule;

    StreamTicker(EventLoop loop, long tickNanos, long intervalNanos, AtomicLong running) {
        this.loop = loop;
        this.tickNanos = tickNanos;
        this.intervalNanos = intervalNanos;
        this.running = running;
        // a stream re-enters the wheel one interval after its slot: at most interval ÷ tick + 1 slots ahead
        this.slots = new Ticked[(int) (intervalNanos / tickNanos) + 2];
        this.nextSlot = Math.floorDiv(System.nanoTime(), tickNanos);
    }

    /** Stops ticking for good and lets go of every stream's data (a stream added later is dropped); on the loop. */
    void stop() {
        loop.execute(() -> {
            stopped = true;
            stopTicking();
            for (int i = 0; i < slots.length; i++) {
                Ticked s = slots[i];
                while (s != null) {
                    Ticked following = s.next;
                    drop(s);
                    s = following;
                }
                slots[i] = null;
            }
        });
    }

    /**
     * Drops the streams cancelled since their last message now, not when their slot comes round (up to an interval
     * later), and lets go of the buffers this loop's thread keeps for reuse: what the server then reports holding is
     * what its live streams hold. A client's second repetition otherwise took the first one's streams, cancelled but
     * still in the wheel, into its baseline. On the loop, and never inside a tick.
     */
    Future<?> settle() {
        return loop.submit(() -> {
            for (int i = 0; i < slots.length; i++) {
                Ticked kept = null;
                Ticked s = slots[i];
                while (s != null) {
                    Ticked following = s.next;
                    if (s.cancelled) {
                        drop(s);
                    } else {
                        s.next = kept;
                        kept = s;
                    }
                    s = following;
                }
                slots[i] = kept;
            }
            ServerMemory.releaseThisThreadsCache();
        });
    }

    /**
     * A stream that echoes {@code data} every interval, its first message due {@code phaseNanos} from when it is
     * subscribed. It takes over {@code data} (released when the stream ends) and is subscribed once, as a responder does.
     */
    Flux<Payload> stream(ByteBuf data, long phaseNanos, long streamNumber) {
        return new Flux<>() {
            @Override
            public void subscribe(CoreSubscriber<? super Payload> subscriber) {
                SubscribedStream s =
                        new SubscribedStream(subscriber, data, streamNumber, System.nanoTime() + phaseNanos);
                subscriber.onSubscribe(s);
                add(s);
            }
        };
    }

    /**
     * Why a stream due with no demand left fails, in {@code Flux.interval}'s words (what rsocket-java's responder failed
     * it with before the wheel): both servers' clients read the same.
     */
    static String noDemand(long message) {
        return "Could not emit message " + message + " due to lack of requests";
    }

    /** Takes a stream into the wheel, its first message due at {@code s.due}; from any thread. */
    void add(Ticked s) {
        running.incrementAndGet();
        if (loop.inEventLoop()) {
            admit(s);
        } else {
            loop.execute(() -> admit(s));
        }
    }

    private void admit(Ticked s) {
        held++;
        if (stopped) {
            drop(s);
            return;
        }
        if (schedule == null) {
            // an empty wheel: the slots it did not tick through meanwhile hold nothing
            nextSlot = Math.floorDiv(System.nanoTime(), tickNanos);
            schedule = loop.scheduleAtFixedRate(this, tickNanos, tickNanos, TimeUnit.NANOSECONDS);
        }
        place(s);
    }

    private void stopTicking() {
        if (schedule != null) {
            schedule.cancel(false);
            schedule = null;
        }
    }

    /** Whether the loop ticks (for tests); on the loop. */
    boolean ticking() {
        return schedule != null;
    }

    private void place(Ticked s) {
        long slot = Math.max(Math.floorDiv(s.due, tickNanos), nextSlot);
        int index = (int) Math.floorMod(slot, (long) slots.length);
        s.next = slots[index];
        slots[index] = s;
    }

    /** One tick: every slot up to now, in order; in the current slot only the streams already due. */
    @Override
    public void run() {
        long now = System.nanoTime();
        long last = Math.floorDiv(now, tickNanos);
        for (long slot = nextSlot; slot <= last; slot++) {
            int index = (int) Math.floorMod(slot, (long) slots.length);
            Ticked s = slots[index];
            slots[index] = null;
            nextSlot = slot + (slot < last ? 1 : 0);
            while (s != null) {
                Ticked following = s.next;
                if (s.cancelled) {
                    drop(s);
                } else if (s.due > now) {
                    s.next = slots[index];
                    slots[index] = s;
                } else if (emitOrFail(s)) {
                    s.due += intervalNanos;
                    place(s);
                } else {
                    drop(s);
                }
                s = following;
            }
        }
        if (held == 0) {
            stopTicking();
        }
    }

    /** As {@link Ticked#emit}; a stream whose emit throws is failed alone, so the tick goes on for the others. */
    private static boolean emitOrFail(Ticked s) {
        try {
            return s.emit();
        } catch (RuntimeException e) {
            s.fail(e);
            return false;
        }
    }

    private void drop(Ticked s) {
        s.next = null;
        held--;
        // counted out before its data is let go: whoever sees the data released sees the count without it
        running.decrementAndGet();
        s.release();
    }

    /**
     * A stream's place in the wheel: when its next message is due and what sending it does. Everything but
     * {@link #cancelled} is touched on the wheel's loop only.
     */
    abstract static class Ticked {
        long due;
        Ticked next;
        /** Set from any thread; the wheel drops the stream when it next meets it, or when it settles. */
        volatile boolean cancelled;

        Ticked(long due) {
            this.due = due;
        }

        /** Sends the stream's next message; false when it cannot go on (it has ended itself, and is dropped). */
        abstract boolean emit();

        /** Ends the stream with the error its {@link #emit} threw. */
        abstract void fail(RuntimeException e);

        /** Lets go of what the stream holds; once, when the wheel drops it. */
        abstract void release();
    }

    /** A stream rsocket-java's responder subscribed to: demand may come from any thread, the rest is the loop's. */
    private static final class SubscribedStream extends Ticked implements Subscription {
        static final AtomicLongFieldUpdater<SubscribedStream> REQUESTED =
                AtomicLongFieldUpdater.newUpdater(SubscribedStream.class, "requested");

        final CoreSubscriber<? super Payload> subscriber;
        final ByteBuf data;
        final long number;
        long k;
        volatile long requested;

        SubscribedStream(CoreSubscriber<? super Payload> subscriber, ByteBuf data, long number, long due) {
            super(due);
            this.subscriber = subscriber;
            this.data = data;
            this.number = number;
        }

        /** Sends the next message; without demand, fails the stream as {@code Flux.interval} did. */
        @Override
        boolean emit() {
            long asked = requested;
            if (asked == 0) {
                subscriber.onError(Exceptions.failWithOverflow(noDemand(k)));
                return false;
            }
            if (asked != Long.MAX_VALUE) {
                REQUESTED.decrementAndGet(this);
            }
            subscriber.onNext(ByteBufPayload.create(
                    data.retainedSlice(), StreamRequest.messageMetadata(ByteBufAllocator.DEFAULT, k++, number)));
            return true;
        }

        @Override
        void fail(RuntimeException e) {
            subscriber.onError(e);
        }

        @Override
        void release() {
            data.release();
        }

        @Override
        public void request(long n) {
            if (Operators.validate(n)) {
                Operators.addCap(REQUESTED, this, n);
            } else {
                cancelled = true;
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
        }
    }
}
