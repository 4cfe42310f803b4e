package io.isobench.operator.steps;

import io.isobench.compare.DecisionRule;
import io.isobench.compare.RunComparison;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.store.BucketLayout;
import io.isobench.store.ObjectTooLargeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * Succeeded/Failed with {@code report.baseline}: compares the run's collected result with its baseline's (docs/compare.md)
 * and says so in the {@code Regressed} condition — True, False, or Unknown with why — so a pipeline can
 * {@code kubectl wait --for=condition=Regressed=false}. A True or False verdict is final: it is never computed again.
 * Unknown while the baseline is still running or the store cannot answer, and then looked at again.
 */
public final class RegressionStep implements ReconcileStep {

    static final Duration RETRY = Duration.ofSeconds(30);
    /** A condition message is read in {@code kubectl describe}: the summary names every slower step, up to this. */
    static final int MESSAGE_LIMIT = 1000;

    @Override
    public Outcome apply(RunContext ctx) {
        var status = ctx.status();
        String baselineName = ctx.run().getSpec().getReport().getBaseline();
        if (baselineName == null || decided(ctx)) {
            return Outcome.proceedToNext();
        }
        if (status.getArtifacts() == null) {
            return unknown(ctx, "NoResult", "this run has no collected result to compare with " + baselineName, null);
        }
        Optional<BenchmarkRun> baseline = PublishStep.baseline(ctx);
        if (baseline.isEmpty()) {
            return unknown(ctx, "BaselineNotFound", "no BenchmarkRun " + baselineName + " in this namespace", RETRY);
        }
        var phase = baseline.get().getStatus() == null
                ? null
                : baseline.get().getStatus().getPhase();
        if (phase == null || !phase.terminal()) {
            return unknown(
                    ctx,
                    "BaselinePending",
                    "baseline " + baselineName + " is " + (phase == null ? "new" : phase) + "; compared once it ends",
                    RETRY);
        }
        if (baseline.get().getStatus().getArtifacts() == null) {
            return unknown(
                    ctx,
                    "BaselineHasNoResult",
                    "baseline " + baselineName + " ended " + phase + " with no collected result",
                    null);
        }
        try {
            RunResult base = collected(ctx, baseline.get());
            RunResult candidate = collected(ctx, ctx.run());
            RunComparison c = RunComparison.of(base, candidate, DecisionRule.DEFAULT_THRESHOLD, false);
            set(
                    ctx,
                    c.outcome().regressedStatus(),
                    c.outcome().reason(),
                    "against " + baselineName + ": " + c.summary());
            return Outcome.proceedToNext();
        } catch (IOException e) {
            return unknown(
                    ctx,
                    "StoreUnavailable",
                    "cannot read the results to compare: " + e.getMessage() + "; retrying",
                    RETRY);
        } catch (ResultFormatException | ObjectTooLargeException | IllegalArgumentException e) {
            return unknown(ctx, "UnreadableResult", e.getMessage(), null);
        }
    }

    /** A verdict already given (True or False) stands: a published verdict never moves later. */
    private static boolean decided(RunContext ctx) {
        return Conditions.get(ctx.status(), CrdConstants.CONDITION_REGRESSED)
                .map(c -> !"Unknown".equals(c.getStatus()))
                .orElse(false);
    }

    /** The result.json the operator kept for {@code run} when it collected it (checked then, read within the same cap). */
    private static RunResult collected(RunContext ctx, BenchmarkRun run) throws IOException {
        String key = BucketLayout.runResult(RunNames.key(run));
        byte[] bytes = ctx.services()
                .results()
                .read(key, ctx.services().config().store().readLimits().resultJson())
                .orElseThrow(
                        () -> new IOException("no " + ctx.services().results().describe(key)));
        return ResultJson.parse(new String(bytes, StandardCharsets.UTF_8));
    }

    private static Outcome unknown(RunContext ctx, String reason, String message, Duration recheck) {
        set(ctx, "Unknown", reason, message);
        return recheck == null ? Outcome.proceedToNext() : new Outcome(null, true, recheck);
    }

    private static void set(RunContext ctx, String value, String reason, String message) {
        String text = message.length() <= MESSAGE_LIMIT ? message : message.substring(0, MESSAGE_LIMIT) + "…";
        Conditions.set(
                ctx.status(), CrdConstants.CONDITION_REGRESSED, value, reason, text, ctx.generation(), ctx.now());
    }
}
