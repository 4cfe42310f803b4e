package io.isobench.runner.harness;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.HgrmTable;
import io.isobench.result.Histograms;
import io.isobench.result.LatencySummary;
import io.isobench.result.MachineProbe;
import io.isobench.result.Pinning;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunLayout;
import io.isobench.result.Verdict;
import io.isobench.runner.platform.AllocationMeter;
import io.isobench.runner.probe.MachineProber;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/** Runs one repetition: probe, open the target, warm-up and measured window, judge, write its files. */
final class RepetitionRunner {

    private static final long CLOSE_TIMEOUT_SECONDS = 10;

    private final Clock clock;
    private final RunSettings settings;
    private final Progress progress;
    private final MachineProber prober;
    private final Path runDir;

    RepetitionRunner(Clock clock, RunSettings settings, Progress progress, MachineProber prober, Path runDir) {
        this.clock = clock;
        this.settings = settings;
        this.progress = progress;
        this.prober = prober;
        this.runDir = runDir;
    }

    RepetitionResult run(Target target, StepPlan step, int repetition) throws InterruptedException {
        List<String> roles = new ArrayList<>();
        roles.add(target.senderRole());
        roles.addAll(target.threadRoles());
        ThreadPlacement placement = new ThreadPlacement(roles, settings.cpus(), settings.pin());
        List<Integer> measuredCpus = roles.stream().map(placement::cpuOf).filter(java.util.Objects::nonNull).distinct().toList();

        MachineProbe probe = prober.probe(measuredCpus);
        progress.repetitionStarted(step, repetition, settings.repetitions());

        Recording recording = new Recording(clock);
        Path hlogPartial = runDir.resolve(RunLayout.repetitionPartialFile(step.id(), repetition, "hlog"));
        WindowMonitor monitor = new WindowMonitor(clock, recording, placement::threads, settings.intervalNanos(), hlogPartial,
                "isobench " + step.target() + " " + step.id() + " repetition " + repetition, step, repetition, progress);
        Thread.ofPlatform().daemon().name("isobench-monitor").start(monitor);

        Instant startedAt = Instant.now();
        AtomicReference<RigOutcome> outcome = new AtomicReference<>();
        AtomicReference<String> failure = new AtomicReference<>();
        Session session = null;
        try {
            session = target.open(new SessionContext(step.variant(), step.load(), clock, recording, placement));
            Session open = session;
            LoadRig rig = new LoadRig(clock, recording, settings.drainTimeoutNanos(), settings.overrunFraction(), monitor::endWindowFromSender);
            Thread sender = placement.start(target.senderRole(), () -> {
                try {
                    outcome.set(rig.run(open, step.load(), settings.leadNanos()));
                } catch (RuntimeException | Error e) {
                    failure.set("sender failed: " + e);
                    monitor.endWindowFromSender();
                }
            });
            sender.join();
        } catch (Exception e) {
            failure.set("could not start " + step.target() + (step.variant() == null ? "" : " " + step.variant()) + ": " + e.getMessage());
        }
        WindowMonitor.Totals totals = monitor.finish();
        Map<String, Object> metrics = new LinkedHashMap<>();
        if (session != null) {
            metrics.putAll(session.metrics());
            String closeProblem = closeWithin(session);
            if (closeProblem != null) {
                progress.warn(step.id() + " repetition " + repetition + ": " + closeProblem);
                metrics.put("closeProblem", closeProblem);
            }
        }
        if (recording.clamped() > 0) {
            metrics.put("clampedSamples", recording.clamped());
        }
        if (recording.negative() > 0) {
            metrics.put("negativeSamples", recording.negative());
        }

        RigOutcome rig = outcome.get();
        if (rig == null) {
            rig = new RigOutcome(0, 0, 0, 0, false, 0, 0, 0, recording.completed(), failure.get(), false);
        } else if (failure.get() != null && rig.failure() == null) {
            rig = new RigOutcome(rig.windowStart(), rig.windowEnd(), rig.sendingEnded(), rig.drainEnded(), rig.drained(), rig.expected(),
                    rig.sentInWindow(), rig.sentTotal(), rig.completedTotal(), failure.get(), rig.abandoned());
        }
        Histogram histogram = totals.histogram();
        Verdicts.Judgement judgement = Verdicts.judge(step.load(), rig, histogram.getTotalCount(), settings.rateTolerance(), settings.drainTimeoutText());
        List<Pinning> pinnings = placement.pinnings();
        for (Pinning p : pinnings) {
            if (!p.applied()) {
                progress.warn(step.id() + ": thread " + p.role() + " is not pinned (" + p.detail() + ")");
            }
        }
        ArtifactFiles files = writeFiles(step, repetition, judgement.verdict(), hlogPartial, histogram);
        AllocationMeter.Snapshot activity = totals.activity();
        RepetitionResult result = new RepetitionResult(
                repetition,
                startedAt,
                rig.windowNanos() > 0 ? rig.windowNanos() : 0,
                step.load().targetRate(),
                judgement.achievedRate(),
                rig.sentInWindow(),
                histogram.getTotalCount(),
                LatencySummary.of(histogram),
                activity.gc(),
                activity.allocatedBytes(),
                pinnings,
                probe,
                metrics,
                Histograms.toBase64(histogram),
                files,
                judgement.verdict(),
                judgement.reason());
        progress.repetitionFinished(step, result);
        return result;
    }

    private ArtifactFiles writeFiles(StepPlan step, int repetition, Verdict verdict, Path hlogPartial, Histogram histogram) {
        String hlog = RunLayout.repetitionFile(step.id(), repetition, verdict, "hlog");
        String hgrm = RunLayout.repetitionFile(step.id(), repetition, verdict, "hgrm");
        try {
            if (Files.exists(hlogPartial)) {
                Files.move(hlogPartial, runDir.resolve(hlog), StandardCopyOption.REPLACE_EXISTING);
            } else {
                hlog = null;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot finish " + hlogPartial, e);
        }
        HgrmTable.write(histogram, runDir.resolve(hgrm));
        return new ArtifactFiles(hlog, hgrm);
    }

    /** Closes the session on another thread so a hung target cannot hang the run. */
    private static String closeWithin(Session session) {
        CompletableFuture<Void> closing = CompletableFuture.runAsync(() -> {
            try {
                session.close();
            } catch (Exception e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }, r -> Thread.ofPlatform().daemon().name("isobench-close").start(r));
        try {
            closing.get(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return null;
        } catch (java.util.concurrent.TimeoutException e) {
            return "target did not close within " + CLOSE_TIMEOUT_SECONDS + " s";
        } catch (java.util.concurrent.ExecutionException e) {
            return "closing the target failed: " + e.getCause().getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while closing the target";
        }
    }
}
