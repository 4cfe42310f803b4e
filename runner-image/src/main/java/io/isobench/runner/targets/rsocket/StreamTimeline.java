package io.isobench.runner.targets.rsocket;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The schedule of every stream and what became of it, on the client's clock. Stream {@code i}'s message {@code k} is due
 * at {@code firstDue[i] + k × interval}: the client picks each stream's first due time when it opens it and asks the
 * server for that phase, so how many messages a window is owed follows from the schedule alone, and a message is late
 * by its arrival minus its due time — never a second clock. Per second of due time: messages due, delivered, later than
 * the bound; and the tipping point found in them: the first second that starts a run of {@link #SUSTAINED_SECONDS}
 * seconds in which under 90 % of the messages due were delivered, or more than 1 % of those delivered were later than the
 * bound. Streams are opened on the rig's thread; messages are delivered on the transport's I/O threads.
 */
final class StreamTimeline {

    static final int SUSTAINED_SECONDS = 3;
    private static final double DELIVERED_FRACTION = 0.9;
    private static final double LATE_FRACTION = 0.01;
    private static final long SECOND = 1_000_000_000L;

    private final long startNanos;
    private final long intervalNanos;
    private final long boundNanos;
    private final long[] firstDue;
    /** Streams opened; written by the rig's thread after the stream's first due time (volatile: that write is published). */
    private volatile int streams;

    private final AtomicLongArray opened;
    private final AtomicLongArray delivered;
    private final AtomicLongArray late;

    StreamTimeline(long startNanos, int seconds, int maxStreams, long intervalNanos, long boundNanos) {
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
        this.boundNanos = boundNanos;
        this.firstDue = new long[maxStreams];
        this.opened = new AtomicLongArray(seconds);
        this.delivered = new AtomicLongArray(seconds);
        this.late = new AtomicLongArray(seconds);
    }

    private int second(long nanos) {
        long s = Math.floorDiv(nanos - startNanos, SECOND);
        return (int) Math.max(0, Math.min(opened.length() - 1, s));
    }

    long intervalNanos() {
        return intervalNanos;
    }

    /**
     * Opens the next stream at {@code nowNanos}, its first message due {@code phaseNanos} later. Rig thread only.
     *
     * @return the stream's index, or -1 when every stream is open
     */
    int open(long nowNanos, long phaseNanos) {
        int index = streams;
        if (index >= firstDue.length) {
            return -1;
        }
        firstDue[index] = nowNanos + phaseNanos;
        opened.incrementAndGet(second(nowNanos));
        streams = index + 1;
        return index;
    }

    int streams() {
        return streams;
    }

    /** When message {@code k} of stream {@code stream} is due, or -1 when that stream was never opened. */
    long due(long stream, long k) {
        if (stream < 0 || stream >= streams || k < 0) {
            return -1;
        }
        return firstDue[(int) stream] + k * intervalNanos;
    }

    /** A message due at {@code dueNanos} arrived {@code latenessNanos} after it. */
    void delivered(long dueNanos, long latenessNanos) {
        int s = second(dueNanos);
        delivered.incrementAndGet(s);
        if (latenessNanos > boundNanos) {
            late.incrementAndGet(s);
        }
    }

    /** Messages of the open streams due in [{@code fromNanos}, {@code toNanos}): what that span is owed. */
    long dueBetween(long fromNanos, long toNanos) {
        long sum = 0;
        int n = streams;
        for (int i = 0; i < n; i++) {
            sum += dueBefore(firstDue[i], toNanos) - dueBefore(firstDue[i], fromNanos);
        }
        return sum;
    }

    /** Messages of a stream first due at {@code first} that are due before {@code t}. */
    private long dueBefore(long first, long t) {
        return t <= first ? 0 : Math.ceilDiv(t - first, intervalNanos);
    }

    /**
     * The whole seconds of due time before {@code endNanos} (the measured window's end: later messages were not
     * waited for), as rows, and the tipping point (null when not reached), for result.json's metrics.
     */
    Map<String, Object> summary(long endNanos) {
        int seconds = (int) Math.max(0, Math.min(opened.length(), Math.floorDiv(endNanos - startNanos, SECOND)));
        long[] openBy = new long[seconds];
        long total = 0;
        for (int s = 0; s < seconds; s++) {
            total += opened.get(s);
            openBy[s] = total;
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        Map<String, Object> tipping = null;
        int streak = 0;
        for (int s = 0; s < seconds; s++) {
            long from = startNanos + s * SECOND;
            long due = dueBetween(from, from + SECOND);
            long got = delivered.get(s);
            long lateCount = late.get(s);
            boolean behind = due >= 10 && got < DELIVERED_FRACTION * due;
            boolean slow = got > 0 && lateCount > LATE_FRACTION * got;
            streak = behind || slow ? streak + 1 : 0;
            if (tipping == null && streak == SUSTAINED_SECONDS) {
                int first = s - SUSTAINED_SECONDS + 1;
                tipping = new LinkedHashMap<>();
                tipping.put("second", first);
                tipping.put("activeStreams", openBy[first]);
                tipping.put(
                        "reason",
                        behind
                                ? String.format(Locale.ROOT, "delivered %d of %d messages due in a second", got, due)
                                : lateCount + " of " + got + " messages later than " + boundNanos / 1_000_000 + " ms");
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("second", s);
            row.put("activeStreams", openBy[s]);
            row.put("due", due);
            row.put("delivered", got);
            row.put("late", lateCount);
            rows.add(row);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("tippingPoint", tipping);
        summary.put("timeline", rows);
        return summary;
    }
}
