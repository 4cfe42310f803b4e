package io.isobench.operator.steps;

import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunDeadline;
import java.time.Duration;

/**
 * Every unfinished phase: a run older than spec.timeout (counted from creation, queueing included) fails; its Jobs and pods are
 * removed once it has ended ({@link ReleaseStep}).
 */
public final class DeadlineStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var run = ctx.run();
        if (ctx.now().isBefore(RunDeadline.of(run))) {
            return Outcome.proceedToNext();
        }
        String phase = ctx.phase().name();
        ctx.fail(
                FailureReason.Timeout,
                "did not finish within spec.timeout " + run.getSpec().getTimeout() + " (was " + phase + ")");
        // a node admitted but not yet stored as held is given back once the end is stored
        var ledger = ctx.services().ledger();
        String uid = run.getMetadata().getUid();
        return Outcome.act(() -> ledger.release(uid), null);
    }

    /** How long until the deadline, for the reconciler's recheck. */
    public static Duration remaining(RunContext ctx) {
        return Duration.between(ctx.now(), RunDeadline.of(ctx.run()));
    }
}
