package io.isobench.operator.steps;

import io.isobench.operator.reconcile.FailureReason;
import io.isobench.operator.reconcile.Outcome;
import io.isobench.operator.reconcile.ReconcileStep;
import io.isobench.operator.reconcile.RunContext;
import io.isobench.operator.reconcile.SpecDurations;
import java.time.Duration;
import java.time.Instant;

/**
 * Every unfinished phase: a run older than spec.timeout (counted from creation, queueing included) fails; its Jobs and pods are
 * removed once it has ended ({@link ReleaseStep}).
 */
public final class DeadlineStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var run = ctx.run();
        if (ctx.now().isBefore(deadline(run))) {
            return Outcome.proceedToNext();
        }
        String phase = ctx.phase().name();
        ctx.services().ledger().release(run.getMetadata().getUid());
        ctx.fail(FailureReason.Timeout, "did not finish within spec.timeout " + run.getSpec().getTimeout() + " (was " + phase + ")");
        return Outcome.stop(null);
    }

    /** How long until the deadline, for the reconciler's recheck. */
    public static Duration remaining(RunContext ctx) {
        return Duration.between(ctx.now(), deadline(ctx.run()));
    }

    /** When the run must have ended: its creation plus spec.timeout (queueing included). */
    public static Instant deadline(io.isobench.operator.api.BenchmarkRun run) {
        return Instant.parse(run.getMetadata().getCreationTimestamp()).plus(SpecDurations.parse(run.getSpec().getTimeout()));
    }
}
