package io.isobench.operator.steps;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.isobench.operator.api.ArtifactsStatus;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.RunVerdict;
import io.isobench.operator.api.StepStatus;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.results.CollectedArtifacts;
import io.isobench.operator.results.IsolationVerdict;
import io.isobench.operator.results.StatusFromResult;
import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.result.ReadLimits;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import io.isobench.store.ObjectTooLargeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Collecting: reads the attempt's result.json from the object store (the runner uploads it last, so its
 * presence means the artifacts are complete) and checks it; keeping it and the histogram files it names under the run's
 * own prefix ({@link CollectedArtifacts}: read once, within the caps, checked) is the action, after the status is stored.
 * The next reconcile reads how that went ({@code Services.collections()}): kept, the result as kept goes into status,
 * isolation is judged from what the runner found, and the run ends: Succeeded when every step is OK, else Failed (an
 * INCONCLUSIVE result, which says nothing about the code, also sets Conclusive=False, reason HostNoise). An unreachable
 * store is waited for (the run's timeout bounds it); a result that never comes fails the attempt after the collect grace.
 */
public final class CollectStep implements ReconcileStep {

    static final Duration RECHECK = Duration.ofSeconds(2);

    @Override
    public Outcome apply(RunContext ctx) {
        var services = ctx.services();
        var run = ctx.run();
        if (services.results() == null) {
            ctx.fail(
                    FailureReason.NoObjectStore,
                    "the operator has no object store configured (ISOBENCH_STORE_ENDPOINT): results cannot be collected");
            return Outcome.stop(null);
        }
        String key = RunNames.attemptPrefix(run, ctx.attempt(), RunnerWorkload.ROLE_CLIENT) + "result.json";
        var collected = services.collections().take(run.getMetadata().getUid(), ctx.attempt());
        if (collected.isEmpty()) {
            return read(ctx, key);
        }
        RunResult result;
        switch (collected.get()) {
            case CollectedArtifacts.Collection.Failed(ObjectTooLargeException e) -> {
                ctx.fail(FailureReason.ResultTooLarge, e.getMessage());
                return Outcome.stop(null);
            }
            case CollectedArtifacts.Collection.Failed(IOException e) -> {
                return unreachable(ctx, "keeping the files of", key, e);
            }
            case CollectedArtifacts.Collection.Failed(var e) -> {
                return invalid(ctx, key, e);
            }
            case CollectedArtifacts.Collection.Kept(var kept) -> {
                // the status is made from the bytes kept, which the site publishes, never from a later upload
                try {
                    result = ResultJson.parse(kept);
                    ctx.status().setSteps(steps(run, result));
                } catch (ResultFormatException | IllegalArgumentException e) {
                    return invalid(ctx, key, e);
                }
            }
        }
        var status = ctx.status();
        status.setSummary(StatusFromResult.summary(status.getSteps()));
        status.setVariantComparisons(StatusFromResult.variantComparisons(result));
        var artifacts = new ArtifactsStatus();
        artifacts.setBucket(services.config().store().bucket());
        artifacts.setPrefix(RunNames.runPrefix(run));
        artifacts.setResult(key);
        status.setArtifacts(artifacts);
        var isolation = status.getIsolation();
        if (result.environment() != null && result.environment().cpuset() != null) {
            isolation.setCpusetGranted(result.environment().cpuset().affinity());
        }
        IsolationVerdict verdict = IsolationVerdict.judge(isolation, result);
        ctx.condition(CrdConstants.CONDITION_ISOLATED, verdict.isolated(), verdict.reason(), verdict.message());
        status.setVerdict(result.verdict() == null ? RunVerdict.FAIL : StatusFromResult.verdict(result.verdict()));
        status.setCompletionTime(ctx.now());
        if (result.verdict() == Verdict.OK) {
            ctx.moveTo(
                    Phase.Succeeded,
                    "all " + status.getSteps().size() + " steps OK; headline "
                            + status.getSummary().getStep() + " p50 "
                            + status.getSummary().getP50() + ", p99 "
                            + status.getSummary().getP99());
            ctx.condition(CrdConstants.CONDITION_COMPLETED, true, "Succeeded", status.getMessage());
        } else if (result.verdict() == Verdict.INCONCLUSIVE) {
            ctx.condition(CrdConstants.CONDITION_CONCLUSIVE, false, "HostNoise", result.reason());
            ctx.fail(FailureReason.Inconclusive, result.reason());
        } else {
            String reason = result.reason() != null ? result.reason() : "a step FAILed";
            ctx.fail(FailureReason.StepFailed, reason);
        }
        ctx.condition(CrdConstants.CONDITION_PUBLISHED, false, "Pending", "not yet on the report site");
        return Outcome.stop(Duration.ZERO);
    }

    /**
     * Reads the attempt's result.json and checks it; once there and plausible, keeping it (and the files it names) is the
     * action, and the next reconcile ends the run on how that went.
     */
    private static Outcome read(RunContext ctx, String key) {
        var services = ctx.services();
        var run = ctx.run();
        ReadLimits limits = services.config().store().readLimits();
        Optional<byte[]> bytes;
        try {
            bytes = services.results().read(key, limits.resultJson());
        } catch (IOException e) {
            return unreachable(ctx, "reading", key, e);
        } catch (ObjectTooLargeException e) {
            ctx.fail(FailureReason.ResultTooLarge, e.getMessage());
            return Outcome.stop(null);
        }
        if (bytes.isEmpty()) {
            Instant ended = runnerEnd(ctx).orElse(ctx.now());
            Duration grace = services.config().timing().collectGrace();
            if (ended.plus(grace).isBefore(ctx.now())) {
                return Attempts.failed(
                        ctx,
                        FailureReason.NoResult,
                        "no result.json at " + services.results().describe(key) + " " + grace.toSeconds()
                                + "s after the runner ended (upload failed?)");
            }
            ctx.status()
                    .setMessage("waiting for the runner's upload of "
                            + services.results().describe(key));
            return Outcome.stop(RECHECK);
        }
        RunResult uploaded;
        try {
            uploaded = ResultJson.parse(new String(bytes.get(), StandardCharsets.UTF_8));
            steps(run, uploaded);
        } catch (ResultFormatException | IllegalArgumentException e) {
            return invalid(ctx, key, e);
        }
        ctx.status()
                .setMessage("keeping result.json and the histogram files it names under " + RunNames.runPrefix(run));
        var collections = services.collections();
        var results = services.results();
        String uid = run.getMetadata().getUid();
        int attempt = ctx.attempt();
        byte[] json = bytes.get();
        return Outcome.act(
                () -> collections.record(
                        uid, attempt, CollectedArtifacts.collect(results, run, attempt, json, uploaded, limits)),
                Duration.ZERO);
    }

    /** The result's steps for status; refuses (IllegalArgumentException) a result of another target. */
    private static List<StepStatus> steps(BenchmarkRun run, RunResult result) {
        return StatusFromResult.steps(
                result, TargetProfiles.of(run.getSpec().getTarget()).targetName());
    }

    private static Outcome invalid(RunContext ctx, String key, Exception e) {
        ctx.fail(
                FailureReason.InvalidResult,
                ctx.services().results().describe(key) + " was rejected: " + e.getMessage());
        return Outcome.stop(null);
    }

    private static Outcome unreachable(RunContext ctx, String doing, String key, IOException e) {
        ctx.status()
                .setMessage("object store unreachable while " + doing + " "
                        + ctx.services().results().describe(key) + ": " + e.getMessage() + "; retrying");
        return Outcome.stop(Duration.ofSeconds(5));
    }

    /** When the runner ended: its Job's end, or before that its container's (Collecting can begin before the Job ends). */
    private static Optional<Instant> runnerEnd(RunContext ctx) {
        return jobEnd(ctx.job(RunnerWorkload.ROLE_CLIENT))
                .or(() -> ctx.pods(RunnerWorkload.ROLE_CLIENT).stream()
                        .findFirst()
                        .flatMap(ObserveStep::clientExit)
                        .map(t -> t.getFinishedAt())
                        .filter(t -> t != null)
                        .map(Instant::parse));
    }

    private static Optional<Instant> jobEnd(Optional<Job> job) {
        return job.filter(j -> j.getStatus() != null)
                .flatMap(j -> j.getStatus().getConditions().stream()
                        .filter(c -> ("Complete".equals(c.getType()) || "Failed".equals(c.getType()))
                                && "True".equals(c.getStatus()))
                        .map(c -> c.getLastTransitionTime())
                        .filter(t -> t != null)
                        .map(Instant::parse)
                        .findFirst());
    }
}
