package io.isobench.runner.harness;

import io.isobench.target.spi.Clock;
import io.isobench.target.spi.Recording;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;

/**
 * The harness's {@link Recording}, the recorders of one repetition: one per recording thread, merged off the hot path by the monitor.
 * Targets ask for a recorder per thread that completes messages.
 */
public final class RepetitionRecording implements Recording {

    private final Clock clock;
    private final List<WindowedLatencyRecorder> recorders = new CopyOnWriteArrayList<>();
    private volatile long windowStart = Long.MAX_VALUE;
    private volatile long windowEnd = Long.MAX_VALUE;

    public RepetitionRecording(Clock clock) {
        this.clock = clock;
    }

    @Override
    public WindowedLatencyRecorder newRecorder(String role) {
        WindowedLatencyRecorder recorder = new WindowedLatencyRecorder(role, clock);
        recorder.openWindow(windowStart, windowEnd);
        recorders.add(recorder);
        return recorder;
    }

    @Override
    public WindowedLatencyRecorder recorderOf(String role) {
        return recorders.stream().filter(r -> r.role().equals(role)).findFirst().orElse(null);
    }

    @Override
    public Clock clock() {
        return clock;
    }

    /** From now on, record messages intended in [start, end). */
    void openWindow(long startNanos, long endNanos) {
        windowEnd = endNanos;
        windowStart = startNanos;
        for (WindowedLatencyRecorder r : recorders) {
            r.openWindow(startNanos, endNanos);
        }
    }

    @Override
    public long windowStart() {
        return windowStart;
    }

    @Override
    public long windowEnd() {
        return windowEnd;
    }

    @Override
    public long completed() {
        long sum = 0;
        for (int i = 0; i < recorders.size(); i++) {
            sum += recorders.get(i).completed();
        }
        return sum;
    }

    /** Whether any recorder's completion count is written by a thread other than {@code thread}. */
    boolean completedByOtherThan(Thread thread) {
        for (int i = 0; i < recorders.size(); i++) {
            if (recorders.get(i).writtenByOtherThan(thread)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public long recorded() {
        long sum = 0;
        // by index, like completed(): the rig polls this while draining, before the window's allocation snapshot
        for (int i = 0; i < recorders.size(); i++) {
            sum += recorders.get(i).recorded();
        }
        return sum;
    }

    long clamped() {
        return recorders.stream().mapToLong(WindowedLatencyRecorder::clamped).sum();
    }

    long negative() {
        return recorders.stream().mapToLong(WindowedLatencyRecorder::negative).sum();
    }

    /** Moves everything recorded since the last call into {@code into}. Monitor thread only. */
    void drainInterval(Histogram into) {
        for (WindowedLatencyRecorder r : recorders) {
            r.drainInterval(into);
        }
    }
}
