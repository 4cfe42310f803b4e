package io.isobench.runner.harness;

import io.isobench.result.Histograms;
import io.isobench.runner.platform.PaddedLong;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.LatencyRecorder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;

/**
 * The harness's {@link LatencyRecorder}: one recording thread's {@link SingleWriterIntervalRecorder} (so the hot path
 * takes no lock and allocates nothing) plus completion counters the rig reads from its own thread.
 *
 * <p>Only messages whose intended send time lies inside the measured window are recorded; warm-up
 * messages complete and are counted but leave no trace in the histogram.
 */
public final class WindowedLatencyRecorder implements LatencyRecorder {

    private static final VarHandle RECORDED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            RECORDED = lookup.findVarHandle(WindowedLatencyRecorder.class, "recorded", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String role;
    private final Clock clock;
    private final SingleWriterIntervalRecorder recorder = new SingleWriterIntervalRecorder();
    private Histogram recycled;

    // volatile: set by the rig's thread after the recording thread started; a plain load on x86
    private volatile long windowStartNanos = Long.MAX_VALUE;
    private volatile long windowEndNanos = Long.MAX_VALUE;
    // the recording thread, set by its first completion and never again: the closed-loop sender reads the completion
    // count less often when another thread writes it (InFlightLimit); read on every message, written once
    private volatile Thread writer;

    // single writer (the recording thread), published with release stores. The completion count alone on its lines:
    // a closed-loop sender reads it while this thread writes its other fields on every message
    private final PaddedLong completed = new PaddedLong();

    @SuppressWarnings("unused")
    private long recorded;

    private long clamped;
    private long negative;

    WindowedLatencyRecorder(String role, Clock clock) {
        this.role = role;
        this.clock = clock;
    }

    @Override
    public String role() {
        return role;
    }

    /** A message stamped {@code intendedNanos} completed now. */
    @Override
    public void record(long intendedNanos) {
        recordLatency(intendedNanos, clock.nanoTime() - intendedNanos);
    }

    /**
     * A message stamped {@code intendedNanos} completed with the given latency (for measures that are
     * not "now minus stamp", e.g. half a round trip).
     */
    @Override
    public void recordLatency(long intendedNanos, long latencyNanos) {
        complete();
        if (intendedNanos < windowStartNanos || intendedNanos >= windowEndNanos) {
            return;
        }
        long value = latencyNanos;
        if (value < 0) {
            // only possible across hosts or with a broken clock: keep the sample, count the anomaly
            negative++;
            value = 0;
        } else if (value > Histograms.HIGHEST_NANOS) {
            clamped++;
            value = Histograms.HIGHEST_NANOS;
        }
        recorder.recordValue(value);
        RECORDED.setRelease(this, (long) RECORDED.get(this) + 1);
    }

    /** Counts a completion that carries no latency (e.g. a warm-up reply without a stamp). */
    @Override
    public void complete() {
        if (writer == null) {
            writer = Thread.currentThread();
        }
        completed.setRelease(completed.getAcquire() + 1);
    }

    /** Whether a thread other than {@code thread} has completed a message here (so writes this recorder's count). */
    boolean writtenByOtherThan(Thread thread) {
        Thread w = writer;
        return w != null && w != thread;
    }

    void openWindow(long startNanos, long endNanos) {
        windowEndNanos = endNanos;
        windowStartNanos = startNanos;
    }

    long completed() {
        return completed.getAcquire();
    }

    long recorded() {
        return (long) RECORDED.getAcquire(this);
    }

    long clamped() {
        return clamped;
    }

    long negative() {
        return negative;
    }

    /** Adds what was recorded since the last call into {@code into}; called by the monitor thread only. */
    void drainInterval(Histogram into) {
        recycled = recorder.intervalHistogram(recycled);
        into.add(recycled);
    }
}
