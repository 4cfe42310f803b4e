package io.isobench.runner.harness;

import io.isobench.result.Histograms;
import io.isobench.runner.platform.AllocationMeter;
import io.isobench.runner.platform.HostSignals;
import io.isobench.target.spi.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The one unpinned helper thread of a repetition: at the window start it snapshots allocation and GC
 * counters; each interval it moves the recorders' histograms into the {@code .hlog} and the running
 * total and reports progress; at the end it takes the final interval and the closing snapshot. It
 * sleeps in between, so it costs the measured CPUs one short wake-up per interval. Just before the window opens and
 * just after it closes it also reads the host's counters (throttling, steal, interrupts, context switches): reading
 * them allocates and makes system calls, so never inside the window.
 */
final class WindowMonitor implements Runnable {

    /** How long before the window the host's counters are read: far longer than reading them takes (p50 0.17 ms, p99 0.33 ms here). */
    static final long SIGNALS_LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final Clock clock;
    private final RepetitionRecording recording;
    private final Supplier<Map<String, Thread>> measuredThreads;
    private final long intervalNanos;
    private final Path hlogFile;
    private final String comment;
    private final StepPlan step;
    private final int repetition;
    private final Progress progress;
    private final Supplier<HostSignals.Snapshot> hostSignals;

    private final Histogram total = Histograms.newLatencyHistogram();
    private final Histogram interval = Histograms.newLatencyHistogram();
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean stopRequested;
    private volatile boolean closingSnapshotTaken;
    private volatile Thread threadRef;
    private AllocationMeter.Snapshot atStart;
    private AllocationMeter.Snapshot delta;
    private HostSignals.Snapshot signalsBefore;
    private HostSignals.Snapshot signalsAfter;
    private Throwable error;

    WindowMonitor(
            Clock clock,
            RepetitionRecording recording,
            Supplier<Map<String, Thread>> measuredThreads,
            long intervalNanos,
            Path hlogFile,
            String comment,
            StepPlan step,
            int repetition,
            Progress progress,
            Supplier<HostSignals.Snapshot> hostSignals) {
        this.clock = clock;
        this.recording = recording;
        this.measuredThreads = measuredThreads;
        this.intervalNanos = intervalNanos;
        this.hlogFile = hlogFile;
        this.comment = comment;
        this.step = step;
        this.repetition = repetition;
        this.progress = progress;
        this.hostSignals = hostSignals;
    }

    @Override
    public void run() {
        threadRef = Thread.currentThread();
        try {
            Files.createDirectories(hlogFile.getParent());
            try (PrintStream out =
                    new PrintStream(Files.newOutputStream(hlogFile), false, java.nio.charset.StandardCharsets.UTF_8)) {
                HistogramLogWriter log = new HistogramLogWriter(out);
                long wallStart = System.currentTimeMillis();
                log.outputComment(comment);
                log.outputLogFormatVersion();
                log.outputStartTime(wallStart);
                log.setBaseTime(wallStart);
                log.outputLegend();

                // the sender fixes the window when it starts; until then, and through warm-up, just wait
                waitUntilWindowStart(SIGNALS_LEAD_NANOS);
                if (!stopRequested) {
                    signalsBefore = readSignals();
                }
                waitUntilWindowStart(0);
                atStart = AllocationMeter.snapshot(measuredThreads.get());
                long lastTick = Math.min(clock.nanoTime(), recording.windowStart());
                long lastWall = System.currentTimeMillis();
                long lastCompleted = recording.recorded();
                while (!stopRequested) {
                    parkUntil(lastTick + intervalNanos);
                    if (stopRequested) {
                        break;
                    }
                    long now = clock.nanoTime();
                    if (now - lastTick < intervalNanos) {
                        continue;
                    }
                    lastCompleted = tick(log, lastWall, lastCompleted, now);
                    lastTick = now;
                    lastWall = System.currentTimeMillis();
                }
                delta = AllocationMeter.snapshot(measuredThreads.get()).minus(atStart);
                signalsAfter = signalsBefore == null ? null : readSignals();
                closingSnapshotTaken = true;
                tick(log, lastWall, lastCompleted, clock.nanoTime());
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            error = e;
        } finally {
            closingSnapshotTaken = true;
            finished.countDown();
        }
    }

    /**
     * Called by the sender thread when its window (and drain) is over: ends the window and spins, without
     * allocating, until the closing allocation snapshot is taken, so the sender is still alive to be read.
     */
    void endWindowFromSender() {
        stopRequested = true;
        LockSupport.unpark(threadRef);
        while (!closingSnapshotTaken) {
            Thread.onSpinWait();
        }
    }

    private void waitUntilWindowStart(long leadNanos) {
        while (!stopRequested
                && (recording.windowStart() == Long.MAX_VALUE
                        || clock.nanoTime() < recording.windowStart() - leadNanos)) {
            parkUntil(
                    recording.windowStart() == Long.MAX_VALUE
                            ? clock.nanoTime() + 1_000_000
                            : recording.windowStart() - leadNanos);
        }
    }

    /** The host's counters now; null (the repetition then says they are unavailable) if reading them failed. */
    private HostSignals.Snapshot readSignals() {
        try {
            return hostSignals.get();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private long tick(HistogramLogWriter log, long lastWall, long lastCompleted, long now) {
        interval.reset();
        recording.drainInterval(interval);
        interval.setStartTimeStamp(lastWall);
        interval.setEndTimeStamp(System.currentTimeMillis());
        log.outputIntervalHistogram(interval);
        total.add(interval);
        long completed = recording.recorded();
        long windowStart = recording.windowStart();
        if (windowStart == Long.MAX_VALUE) {
            return completed;
        }
        long windowLength = recording.windowEnd() - windowStart;
        progress.interval(
                step,
                repetition,
                Math.min(now - windowStart, windowLength),
                windowLength,
                interval,
                completed - lastCompleted);
        return completed;
    }

    private void parkUntil(long deadline) {
        long wait = deadline - clock.nanoTime();
        if (wait > 0) {
            LockSupport.parkNanos(Math.min(wait, TimeUnit.MILLISECONDS.toNanos(100)));
        }
    }

    /** Ends the window: the final interval is taken and the totals returned. */
    Totals finish() throws InterruptedException {
        stopRequested = true;
        LockSupport.unpark(threadRef);
        if (!finished.await(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("window monitor did not finish within 30 s");
        }
        if (error != null) {
            throw new IllegalStateException("window monitor failed: " + error.getMessage(), error);
        }
        if (delta == null) {
            // stopped before the window opened (target failed early): nothing was measured
            delta = new AllocationMeter.Snapshot(Map.of(), 0, 0);
        }
        return new Totals(total, delta, signalsBefore, signalsAfter);
    }

    /** @param signalsBefore the host's counters just before the window, null when it never opened; likewise after */
    record Totals(
            Histogram histogram,
            AllocationMeter.Snapshot activity,
            HostSignals.Snapshot signalsBefore,
            HostSignals.Snapshot signalsAfter) {}
}
