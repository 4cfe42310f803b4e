package io.isobench.runner.harness;

import io.isobench.result.Histograms;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;

/**
 * One thread's latency histogram that another thread takes in intervals while it is being written: HdrHistogram's
 * {@code SingleWriterRecorder} with one locked instruction per value instead of two.
 *
 * <p>The hand-over is HdrHistogram's writer-reader phaser: the writer counts itself into the current phase before it
 * touches the active histogram and out after; the reader swaps in a fresh histogram, flips the phase and waits until
 * every writer counted into the old one has counted out. Counting in must be atomic, since the reader resets the count
 * when it flips. Counting out need not be: only the one writer adds to a phase's out-count, and the reader resets it
 * only while no writer can be in that phase. So the exit is a release store, where {@code SingleWriterRecorder} (built
 * on the multi-writer phaser) pays a second atomic add. In the dispatch agent's handler that add was ≈ 7 of the ≈ 31 ns
 * an event costs, with the clock read (≈ 24 ns here) the rest (BENCHMARKS.md, dispatch saturation).
 *
 * <p>{@link #recordValue} is called by one thread only; {@link #intervalHistogram} by any number, one at a time.
 */
final class SingleWriterIntervalRecorder {

    private static final VarHandle START_EPOCH;
    private static final VarHandle EVEN_END_EPOCH;
    private static final VarHandle ODD_END_EPOCH;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            START_EPOCH = lookup.findVarHandle(SingleWriterIntervalRecorder.class, "startEpoch", long.class);
            EVEN_END_EPOCH = lookup.findVarHandle(SingleWriterIntervalRecorder.class, "evenEndEpoch", long.class);
            ODD_END_EPOCH = lookup.findVarHandle(SingleWriterIntervalRecorder.class, "oddEndEpoch", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Writers counted into the current phase; its sign is the phase (even: from 0, odd: from Long.MIN_VALUE). */
    private volatile long startEpoch;

    private volatile long evenEndEpoch;
    private volatile long oddEndEpoch = Long.MIN_VALUE;
    private volatile Histogram active = newHistogram();

    static Histogram newHistogram() {
        return new Histogram(Histograms.LOWEST_NANOS, Histograms.HIGHEST_NANOS, Histograms.SIGNIFICANT_DIGITS);
    }

    /** The one writer's hot path: no lock, no allocation, one atomic add. */
    void recordValue(long value) {
        long epoch = (long) START_EPOCH.getAndAdd(this, 1L);
        try {
            active.recordValue(value);
        } finally {
            // counted out even when the value was out of range: a writer left counted in would hold the reader for ever
            if (epoch < 0) {
                ODD_END_EPOCH.setRelease(this, oddEndEpoch + 1);
            } else {
                EVEN_END_EPOCH.setRelease(this, evenEndEpoch + 1);
            }
        }
    }

    /**
     * What was recorded since the last call; {@code recycle} (a histogram this returned before, or null) is reset and
     * becomes the one recorded into next.
     */
    synchronized Histogram intervalHistogram(Histogram recycle) {
        Histogram fresh = recycle != null ? recycle : newHistogram();
        fresh.reset();
        Histogram interval = active;
        active = fresh;
        flipPhase();
        return interval;
    }

    /** Moves writers to the other phase and waits until every one that entered the old phase has left it. */
    private void flipPhase() {
        boolean nextPhaseIsEven = startEpoch < 0;
        long nextPhaseStart = nextPhaseIsEven ? 0 : Long.MIN_VALUE;
        // no writer is in the next phase yet: its out-count can be reset before anyone can enter it
        (nextPhaseIsEven ? EVEN_END_EPOCH : ODD_END_EPOCH).setRelease(this, nextPhaseStart);
        long enteredOldPhase = (long) START_EPOCH.getAndSet(this, nextPhaseStart);
        while ((nextPhaseIsEven ? oddEndEpoch : evenEndEpoch) != enteredOldPhase) {
            Thread.onSpinWait();
        }
    }
}
