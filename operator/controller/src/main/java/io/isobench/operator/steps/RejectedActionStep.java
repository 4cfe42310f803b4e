package io.isobench.operator.steps;

import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;

/**
 * Scheduled: an action of this attempt the API server refused (a 4xx other than a conflict, timeout or rate limit: an
 * invalid Job, a forbidden create, an exceeded quota) fails the attempt with the API server's message, at once.
 */
public final class RejectedActionStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var rejection = ctx.services().rejections().take(ctx.run().getMetadata().getUid(), ctx.attempt());
        if (rejection.isEmpty()) {
            return Outcome.proceedToNext();
        }
        return Attempts.failed(
                ctx, FailureReason.ActionRejected, rejection.get().message());
    }
}
