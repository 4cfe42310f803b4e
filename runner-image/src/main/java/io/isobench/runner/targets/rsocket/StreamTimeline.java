package io.isobench.runner.targets.rsocket;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per-second counters of a streams run, and the tipping point found in them: the first second that starts a run
 * of {@link #SUSTAINED_SECONDS} seconds in which delivery falls behind what the open streams should receive, or
 * more than 1 % of messages arrive later than the latency bound. Written from the I/O threads (deliveries) and
 * the rig's thread (openings); read once at the end.
 */
final class StreamTimeline {

    static final int SUSTAINED_SECONDS = 3;
    private static final double BEHIND_FRACTION = 0.9;
    private static final double LATE_FRACTION = 0.01;

    private final long startNanos;
    private final long intervalNanos;
    private final long boundNanos;
    private final AtomicLongArray opened;
    private final AtomicLongArray delivered;
    private final AtomicLongArray late;

    StreamTimeline(long startNanos, int seconds, long intervalNanos, long boundNanos) {
        this.startNanos = startNanos;
        this.intervalNanos = intervalNanos;
        this.boundNanos = boundNanos;
        this.opened = new AtomicLongArray(seconds);
        this.delivered = new AtomicLongArray(seconds);
        this.late = new AtomicLongArray(seconds);
    }

    private int second(long nanos) {
        long s = (nanos - startNanos) / 1_000_000_000L;
        return (int) Math.max(0, Math.min(opened.length() - 1, s));
    }

    void opened(long nowNanos) {
        opened.incrementAndGet(second(nowNanos));
    }

    void delivered(long nowNanos, long latencyNanos) {
        int s = second(nowNanos);
        delivered.incrementAndGet(s);
        if (latencyNanos > boundNanos) {
            late.incrementAndGet(s);
        }
    }

    /** Messages second {@code s} should see: streams open for a whole interval by its start, one per interval each. */
    private double expected(int s, long[] openBy) {
        long intervalSeconds = Math.max(1, intervalNanos / 1_000_000_000L);
        int settled = (int) (s - intervalSeconds);
        return settled < 0 ? 0 : openBy[settled] * (1e9 / intervalNanos);
    }

    /** Seconds with data, as rows, and the tipping point (null when not reached), for result.json's metrics. */
    Map<String, Object> summary(int lastSecond) {
        int seconds = Math.min(lastSecond, opened.length());
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
            double expected = expected(s, openBy);
            long got = delivered.get(s);
            long lateCount = late.get(s);
            boolean behind = expected >= 10 && got < BEHIND_FRACTION * expected;
            boolean slow = got > 0 && lateCount > LATE_FRACTION * got;
            streak = behind || slow ? streak + 1 : 0;
            if (tipping == null && streak == SUSTAINED_SECONDS) {
                int first = s - SUSTAINED_SECONDS + 1;
                tipping = new LinkedHashMap<>();
                tipping.put("second", first);
                tipping.put("activeStreams", openBy[first]);
                tipping.put("reason", behind ? String.format(java.util.Locale.ROOT, "delivered %d of %.0f expected messages per second", got, expected)
                        : lateCount + " of " + got + " messages later than " + boundNanos / 1_000_000 + " ms");
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("second", s);
            row.put("activeStreams", openBy[s]);
            row.put("delivered", got);
            row.put("expected", Math.round(expected));
            row.put("late", lateCount);
            rows.add(row);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("tippingPoint", tipping);
        summary.put("timeline", rows);
        return summary;
    }

    int secondOf(long nanos) {
        return second(nanos);
    }
}
