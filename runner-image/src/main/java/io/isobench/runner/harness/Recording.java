package io.isobench.runner.harness;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;

/**
 * The recorders of one repetition: one per recording thread, merged off the hot path by the monitor.
 * Targets ask for a recorder per thread that completes messages.
 */
public final class Recording {

    private final Clock clock;
    private final List<LatencyRecorder> recorders = new CopyOnWriteArrayList<>();
    private volatile long windowStart = Long.MAX_VALUE;
    private volatile long windowEnd = Long.MAX_VALUE;

    public Recording(Clock clock) {
        this.clock = clock;
    }

    /** A recorder for one thread; never share one between threads. */
    public LatencyRecorder newRecorder(String role) {
        LatencyRecorder recorder = new LatencyRecorder(role, clock);
        recorder.openWindow(windowStart, windowEnd);
        recorders.add(recorder);
        return recorder;
    }

    /** The recorder taken for {@code role}, or null: a target records on the threads that read its replies. */
    public LatencyRecorder recorderOf(String role) {
        return recorders.stream().filter(r -> r.role().equals(role)).findFirst().orElse(null);
    }

    public Clock clock() {
        return clock;
    }

    /** From now on, record messages intended in [start, end). */
    void openWindow(long startNanos, long endNanos) {
        windowEnd = endNanos;
        windowStart = startNanos;
        for (LatencyRecorder r : recorders) {
            r.openWindow(startNanos, endNanos);
        }
    }

    /** Start of the measured window, or Long.MAX_VALUE until the rig has fixed its schedule. */
    public long windowStart() {
        return windowStart;
    }

    public long windowEnd() {
        return windowEnd;
    }

    /** Messages completed so far, warm-up included. */
    public long completed() {
        long sum = 0;
        for (int i = 0; i < recorders.size(); i++) {
            sum += recorders.get(i).completed();
        }
        return sum;
    }

    /** Messages recorded (intended inside the measured window). */
    public long recorded() {
        long sum = 0;
        // by index, like completed(): the rig polls this while draining, before the window's allocation snapshot
        for (int i = 0; i < recorders.size(); i++) {
            sum += recorders.get(i).recorded();
        }
        return sum;
    }

    long clamped() {
        return recorders.stream().mapToLong(LatencyRecorder::clamped).sum();
    }

    long negative() {
        return recorders.stream().mapToLong(LatencyRecorder::negative).sum();
    }

    /** Moves everything recorded since the last call into {@code into}. Monitor thread only. */
    void drainInterval(Histogram into) {
        for (LatencyRecorder r : recorders) {
            r.drainInterval(into);
        }
    }
}
