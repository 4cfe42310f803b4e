package io.isobench.runner.harness;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.GeneratorLag;
import io.isobench.result.HgrmTable;
import io.isobench.result.Histograms;
import io.isobench.result.LatencySummary;
import io.isobench.result.Load;
import io.isobench.result.MachineProbe;
import io.isobench.result.NoiseSignals;
import io.isobench.result.PartResult;
import io.isobench.result.Pinning;
import io.isobench.result.RepetitionResult;
import io.isobench.result.Rerun;
import io.isobench.result.RunLayout;
import io.isobench.result.Verdict;
import io.isobench.runner.platform.AllocationMeter;
import io.isobench.runner.platform.HostSignals;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import io.isobench.target.spi.Target;
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

/**
 * Runs one repetition: probe, open the target, warm-up and measured window, probe again, judge, write its files. A
 * repetition the host's noise made INCONCLUSIVE (a noise budget was given, or the host made it miss its rate) is run
 * again, up to the allowed reruns. With
 * several load parts every attempt runs on all of them at once ({@link LoadParts}), and the rerun is decided on their sum.
 */
public final class RepetitionRunner {

    private static final long CLOSE_TIMEOUT_SECONDS = 10;

    private final Clock clock;
    private final RunSettings settings;
    private final Progress progress;
    private final NoiseSource noise;
    private final Path runDir;
    private final LoadParts parts;

    /** @param parts the other load parts this process coordinates, or null when it makes the load alone */
    public RepetitionRunner(
            Clock clock, RunSettings settings, Progress progress, NoiseSource noise, Path runDir, LoadParts parts) {
        this.clock = clock;
        this.settings = settings;
        this.progress = progress;
        this.noise = noise;
        this.runDir = runDir;
        this.parts = parts;
    }

    RepetitionResult run(Target target, StepPlan step, int repetition) throws InterruptedException {
        List<Rerun> reruns = new ArrayList<>();
        for (int attempt = 1; ; attempt++) {
            RepetitionResult result = parts == null
                    ? attempt(target, step, repetition, StartGate.NONE)
                    : parts.attempt(
                            step, repetition, attempt, (share, gate) -> attempt(target, share, repetition, gate));
            if (result.verdict() != Verdict.INCONCLUSIVE
                    || attempt > settings.noiseGating().maxReruns()) {
                if (!reruns.isEmpty()) {
                    result = result.toBuilder().reruns(reruns).build();
                }
                progress.repetitionFinished(step, result);
                return result;
            }
            progress.warn(step.id() + " repetition " + repetition + " attempt " + attempt
                    + " INCONCLUSIVE, running it again ("
                    + (settings.noiseGating().maxReruns() - attempt + 1) + " rerun(s) left): " + result.reason());
            deleteFiles(result.files());
            for (PartResult part : result.parts()) {
                deleteFiles(part.repetition().files());
            }
            reruns.add(new Rerun(attempt, result.startedAt(), result.reason(), result.latency()));
        }
    }

    /**
     * One attempt at a repetition of this process's share of {@code step}: probe, open, wait at {@code gate}, warm up,
     * measure, probe, judge, write its files (under the step's repetition names).
     */
    public RepetitionResult attempt(Target target, StepPlan step, int repetition, StartGate gate)
            throws InterruptedException {
        Load load = step.share().load();
        List<String> roles = new ArrayList<>();
        roles.add(target.senderRole());
        roles.addAll(target.threadRoles());
        PinnedThreadPlacement placement = new PinnedThreadPlacement(
                roles, settings.placement().cpus(), settings.placement().pin());
        List<Integer> measuredCpus = roles.stream()
                .map(placement::cpuOf)
                .filter(java.util.Objects::nonNull)
                .distinct()
                .toList();

        MachineProbe probe = noise.probe(measuredCpus);
        progress.repetitionStarted(step, repetition, settings.repetitions().most());

        RepetitionRecording recording = new RepetitionRecording(clock);
        Path hlogPartial = runDir.resolve(RunLayout.repetitionPartialFile(step.id(), repetition, "hlog"));
        WindowMonitor monitor = new WindowMonitor(
                clock,
                recording,
                placement::threads,
                settings.timing().interval().toNanos(),
                hlogPartial,
                "isobench " + step.target() + " " + step.id() + " repetition " + repetition,
                step,
                repetition,
                progress,
                () -> noise.signals(measuredCpus, placement.threadIds()));
        Thread.ofPlatform().daemon().name("isobench-monitor").start(monitor);

        // until the session opens, when the attempt began; then when its measured window opens, on the wall clock
        Instant startedAt = Instant.now();
        AtomicReference<RigOutcome> outcome = new AtomicReference<>();
        AtomicReference<String> failure = new AtomicReference<>();
        Session session = null;
        try {
            // the target's own variant: a step named after an option set (--variant) still opens the target's one
            session = target.open(new SessionContext(step.targetVariant(), load, clock, recording, placement));
            Session open = session;
            gate.pass();
            long lead = settings.timing().lead().toNanos() + step.share().phaseNanos();
            startedAt = Instant.now().plusNanos(lead + TimeUnit.MILLISECONDS.toNanos(load.warmupMillis()));
            LoadRig rig = new LoadRig(
                    clock,
                    recording,
                    settings.timing().drainTimeout().toNanos(),
                    settings.timing().overrunFraction(),
                    monitor::endWindowFromSender,
                    recording.recorderOf(target.senderRole()));
            Thread sender = placement.start(target.senderRole(), () -> {
                try {
                    outcome.set(rig.run(open, load, lead));
                } catch (RuntimeException | Error e) {
                    failure.set("sender failed: " + e);
                    monitor.endWindowFromSender();
                }
            });
            sender.join();
        } catch (Exception e) {
            failure.set("could not start " + step.target()
                    + (step.targetVariant() == null ? "" : " " + step.targetVariant()) + ": "
                    + Failures.describe(e));
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
        // the measured threads are gone: the CPUs are free for the probes again
        MachineProbe probeAfter = noise.probe(measuredCpus);
        if (recording.clamped() > 0) {
            metrics.put("clampedSamples", recording.clamped());
        }
        if (recording.negative() > 0) {
            metrics.put("negativeSamples", recording.negative());
        }

        RigOutcome rig = outcome.get();
        Histogram histogram = totals.histogram();
        List<String> notes = new ArrayList<>();
        if (rig == null) {
            rig = RigOutcome.neverRan(recording.completed(), failure.get());
            // with no outcome the window has no known length: samples without a window are figures nothing can be
            // judged
            // against (ResultPlausibility refuses them), so this FAIL keeps its reason and the .hlog, not the samples
            if (histogram.getTotalCount() > 0) {
                notes.add(histogram.getTotalCount()
                        + " samples recorded before the sender broke are left out of the figures (the"
                        + " window never closed); the .hlog keeps them");
                histogram = Histograms.newLatencyHistogram();
            }
        } else if (failure.get() != null && rig.failure() == null) {
            rig = rig.failedWith(failure.get());
        }
        List<Pinning> pinnings = placement.pinnings();
        for (Pinning p : pinnings) {
            if (!p.applied()) {
                progress.warn(step.id() + ": thread " + p.role() + " is not pinned (" + p.detail() + ")");
            }
        }
        NoiseSignals signals = totals.signalsBefore() == null || totals.signalsAfter() == null
                ? null
                : HostSignals.delta(totals.signalsBefore(), totals.signalsAfter(), pinnings);
        Verdicts.Judgement judgement = Verdicts.judge(
                load,
                rig,
                histogram.getTotalCount(),
                settings.limits().rateTolerance(),
                settings.timing().drainTimeout(),
                NoiseGate.hostHold(signals));
        long p50 = histogram.getValueAtPercentile(50);
        long p99 = histogram.getValueAtPercentile(99);
        GeneratorLag generator =
                rig.senderLag() == null ? null : rig.senderLag().figures(p50, p99);
        if (generator != null && histogram.getTotalCount() > 0) {
            judgement = withGenerator(
                    judgement,
                    Verdicts.generator(
                            generator,
                            p50,
                            p99,
                            settings.limits().generatorLimit(),
                            NoiseGate.preempted(signals, target.senderRole())),
                    notes);
        }
        List<String> noise = NoiseGate.findings(settings.noiseGating().budget(), probe, probeAfter, signals);
        judgement = withNoise(judgement, noise, notes);
        String hostsPercentiles = NoiseGate.hostsPercentiles(probe, probeAfter);
        if (hostsPercentiles != null) {
            notes.add(hostsPercentiles);
        }
        ArtifactFiles files = writeFiles(step, repetition, judgement.verdict(), hlogPartial, histogram);
        AllocationMeter.Snapshot activity = totals.activity();
        return RepetitionResult.builder()
                .index(repetition)
                .startedAt(startedAt)
                .windowNanos(rig.windowNanos() > 0 ? rig.windowNanos() : 0)
                .targetRate(targetRate(load, rig))
                .achievedRate(judgement.achievedRate())
                .sent(rig.messages().sentInWindow())
                .received(histogram.getTotalCount())
                .latency(LatencySummary.of(histogram))
                .gc(activity.gc())
                .allocatedBytes(activity.allocatedBytes())
                .pinning(pinnings)
                .probe(probe)
                .probeAfter(probeAfter)
                .noise(signals)
                .generator(generator)
                .metrics(metrics)
                .histogram(Histograms.toBase64(histogram))
                .files(files)
                .verdict(judgement.verdict())
                .reason(judgement.reason())
                .notes(notes)
                .build();
    }

    /** Messages per second the repetition asked for (null in closed loop): what its achieved rate is held against. */
    private static Long targetRate(Load load, RigOutcome rig) {
        return load.targetRate() == null ? null : Math.round(rig.targetRate(load.targetRate()));
    }

    /** A generator that was the bottleneck FAILs the repetition; a busy one is a note. */
    private static Verdicts.Judgement withGenerator(
            Verdicts.Judgement judgement, Verdicts.GeneratorCheck check, List<String> notes) {
        if (check.warning() != null) {
            notes.add(check.warning());
        }
        if (check.failure() == null) {
            return judgement;
        }
        String reason = judgement.reason() == null ? check.failure() : judgement.reason() + "; " + check.failure();
        return new Verdicts.Judgement(Verdict.FAIL, reason, judgement.achievedRate());
    }

    /**
     * Host noise makes an OK repetition INCONCLUSIVE when a budget was given; a FAIL stays FAIL (FAIL beats INCONCLUSIVE)
     * and an INCONCLUSIVE one (a rate the host made it miss) stays so, with the noise named beside its reasons; without a
     * budget the noise is a note.
     */
    private Verdicts.Judgement withNoise(Verdicts.Judgement judgement, List<String> findings, List<String> notes) {
        if (findings.isEmpty()) {
            return judgement;
        }
        String noise = String.join("; ", findings);
        if (!settings.noiseGating().gates()) {
            notes.add("host noise during the window (not gated: no --noise-budget): " + noise);
            return judgement;
        }
        if (judgement.verdict() != Verdict.OK) {
            return new Verdicts.Judgement(
                    judgement.verdict(),
                    judgement.reason() + "; host noise during the window: " + noise,
                    judgement.achievedRate());
        }
        return new Verdicts.Judgement(
                Verdict.INCONCLUSIVE,
                "host noise beyond the "
                        + DurationText.of(settings.noiseGating().budget()) + " noise budget: " + noise,
                judgement.achievedRate());
    }

    /** Removes an attempt's files before it is run again (the rerun writes its own; the attempt is kept as a {@link Rerun}). */
    private void deleteFiles(ArtifactFiles files) {
        try {
            if (files.hlog() != null) {
                Files.deleteIfExists(runDir.resolve(files.hlog()));
            }
            if (files.hgrm() != null) {
                Files.deleteIfExists(runDir.resolve(files.hgrm()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the files of an inconclusive attempt", e);
        }
    }

    private ArtifactFiles writeFiles(
            StepPlan step, int repetition, Verdict verdict, Path hlogPartial, Histogram histogram) {
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
        CompletableFuture<Void> closing = CompletableFuture.runAsync(
                () -> {
                    try {
                        session.close();
                    } catch (Exception e) {
                        throw new IllegalStateException(e.getMessage(), e);
                    }
                },
                r -> Thread.ofPlatform().daemon().name("isobench-close").start(r));
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
