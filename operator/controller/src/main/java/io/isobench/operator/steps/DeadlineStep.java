package io.isobench.operator.steps;

import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.reconcile.FailureReason;
import io.isobench.operator.reconcile.Outcome;
import io.isobench.operator.reconcile.ReconcileStep;
import io.isobench.operator.reconcile.RunContext;
import io.isobench.operator.reconcile.SpecDurations;
import java.time.Duration;
import java.time.Instant;

/** Every unfinished phase: a run older than spec.timeout (counted from creation, queueing included) fails, its Jobs removed. */
public final class DeadlineStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var run = ctx.run();
        Duration timeout = SpecDurations.parse(run.getSpec().getTimeout());
        Instant deadline = Instant.parse(run.getMetadata().getCreationTimestamp()).plus(timeout);
        if (ctx.now().isBefore(deadline)) {
            return Outcome.proceedToNext();
        }
        String phase = ctx.phase().name();
        ctx.services().ledger().release(run.getMetadata().getUid());
        ctx.fail(FailureReason.Timeout, "did not finish within spec.timeout " + run.getSpec().getTimeout() + " (was " + phase + ")");
        var client = ctx.services().client();
        String namespace = ctx.services().config().runNamespace();
        String uid = run.getMetadata().getUid();
        return Outcome.act(() -> client.batch().v1().jobs().inNamespace(namespace).withLabel(CrdConstants.LABEL_RUN_UID, uid).delete(), null);
    }

    /** How long until the deadline, for the reconciler's recheck. */
    public static Duration remaining(RunContext ctx) {
        var run = ctx.run();
        Instant deadline = Instant.parse(run.getMetadata().getCreationTimestamp()).plus(SpecDurations.parse(run.getSpec().getTimeout()));
        return Duration.between(ctx.now(), deadline);
    }
}
