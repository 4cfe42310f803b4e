package io.isobench.runner.harness;

import io.isobench.result.GeneratorLag;
import io.isobench.result.Histograms;
import io.isobench.target.spi.Session;
import org.HdrHistogram.Histogram;

/**
 * What the rig's single sender thread itself adds to the latencies it measures, recorded on that thread inside the
 * window without allocating (both histograms exist before the window):
 * <ul>
 *   <li>send lag: how late each due message of the window was first tried, counted from its intended time or from
 *       when the target last accepted a refused send, whichever is later — a target refusing sends (backpressure) is
 *       the target's latency, not the sender's lag;</li>
 *   <li>reply-read delay: for every reply the sender reads in a receive poll ({@link Session#idle()}), the time since
 *       its previous poll began: a reply that arrived just after that poll looked waited unread this long. Recorded
 *       once per reply, from the window's start to the end of the drain. Only targets that complete messages in
 *       {@code idle()} on the sender thread (echo, HTTP, IPC) have it; a target whose replies are taken by threads of
 *       its own (dispatch's agent, rsocket's event loops) leaves it empty.</li>
 *   <li>refused sends: how many messages of the warm-up and of the window the target refused at their first try, and
 *       how long they waited for it to take them ({@link Verdicts#whoFellBehind}: whose pace a missed schedule
 *       was).</li>
 * </ul>
 */
public final class SenderLag {

    // refusals are counted apart for the warm-up and the window (index into the two arrays below)
    private static final int WARM_UP = 0;
    private static final int WINDOW = 1;

    private final WindowedLatencyRecorder replies;
    private final Histogram lateness = Histograms.newLatencyHistogram();
    // the longest send lag, kept here: HdrHistogram raises its own maximum with a compare-and-set, and a sender that
    // has fallen behind records a new maximum on every send, each one a locked instruction on the thread that must
    // catch up (15-19 ns a send instead of 4.5-7). The histogram is given its ceiling as maximum up front (a count of
    // zero, so no percentile moves) and never raises it again.
    private long latenessMax;
    private final Histogram replyWaits = Histograms.newLatencyHistogram();
    private long windowStart = Long.MAX_VALUE;
    private long lastPoll = Long.MIN_VALUE;
    private final long[] refusedSends = new long[2];
    private final long[] refusedWaitNanos = new long[2];
    private boolean measuring;

    /** @param replies the recorder the target completes messages in on the sender thread, or null when it has none */
    public SenderLag(WindowedLatencyRecorder replies) {
        this.replies = replies;
        lateness.recordValueWithCount(Histograms.HIGHEST_NANOS, 0);
    }

    void open(long windowStartNanos) {
        windowStart = windowStartNanos;
        measuring = true;
    }

    /** Stops measuring reply waits (the drain is over). */
    void close() {
        measuring = false;
    }

    /**
     * A due message stamped {@code intended} was first tried at {@code firstTry}; {@code acceptingSince} is when the
     * target last took a send it had refused (or {@link Long#MIN_VALUE}).
     */
    void sent(long intended, long firstTry, long acceptingSince) {
        if (intended >= windowStart) {
            long lag = Math.min(Math.max(0, firstTry - Math.max(intended, acceptingSince)), Histograms.HIGHEST_NANOS);
            lateness.recordValue(lag);
            if (lag > latenessMax) {
                latenessMax = lag;
            }
        }
    }

    /**
     * A message stamped {@code intended}, refused at {@code firstTry} (the target was full), was taken at {@code until}
     * (or given up on then). Counted apart for warm-up and window: a window never reached is explained by its warm-up.
     */
    void refused(long intended, long firstTry, long until) {
        int part = intended >= windowStart ? WINDOW : WARM_UP;
        refusedSends[part]++;
        refusedWaitNanos[part] += until - firstTry;
    }

    /** Messages of the window (or, {@code window} false, of the warm-up) the target refused at their first try. */
    long refusedSends(boolean window) {
        return refusedSends[window ? WINDOW : WARM_UP];
    }

    /** The time those messages waited, from their first try until the target took them (or the rig gave up). */
    long refusedWaitNanos(boolean window) {
        return refusedWaitNanos[window ? WINDOW : WARM_UP];
    }

    /** Polls {@code session} for replies at {@code now}, charging each reply read the time since the previous poll. */
    void poll(Session session, long now) {
        if (replies == null || !measuring || now < windowStart) {
            session.idle();
            return;
        }
        long before = replies.completed();
        session.idle();
        long read = replies.completed() - before;
        if (read > 0 && lastPoll >= windowStart) {
            replyWaits.recordValueWithCount(Math.min(Math.max(1, now - lastPoll), Histograms.HIGHEST_NANOS), read);
        }
        lastPoll = now;
    }

    /** The figures, with the generator's share of the repetition's latency p50 and p99. Called after the window. */
    public GeneratorLag figures(long latencyP50, long latencyP99) {
        boolean lagged = lateness.getTotalCount() > 0;
        boolean read = replyWaits.getTotalCount() > 0;
        long lagP50 = lagged ? lateness.getValueAtPercentile(50) : 0;
        long lagP99 = lagged ? lateness.getValueAtPercentile(99) : 0;
        Long readP50 = read ? replyWaits.getValueAtPercentile(50) : null;
        Long readP99 = read ? replyWaits.getValueAtPercentile(99) : null;
        long chargeP50 = Math.max(lagP50, readP50 == null ? 0 : readP50);
        long chargeP99 = Math.max(lagP99, readP99 == null ? 0 : readP99);
        return new GeneratorLag(
                lagP50,
                lagP99,
                lagged ? lateness.highestEquivalentValue(latenessMax) : 0,
                lateness.getTotalCount(),
                readP50,
                readP99,
                read ? replyWaits.getMaxValue() : null,
                share(chargeP50, latencyP50),
                share(chargeP99, latencyP99));
    }

    private static double share(long charge, long latency) {
        return latency <= 0 ? 0 : (double) charge / latency;
    }
}
