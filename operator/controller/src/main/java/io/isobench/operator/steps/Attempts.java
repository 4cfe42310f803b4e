package io.isobench.operator.steps;

import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.reconcile.FailureReason;
import io.isobench.operator.reconcile.Outcome;
import io.isobench.operator.reconcile.RunContext;
import io.isobench.operator.workload.RunnerWorkload;
import java.time.Duration;

/** An attempt that went wrong: retried with a new Job while spec.retries allows, else the run fails. */
final class Attempts {

    private Attempts() {}

    static Outcome failed(RunContext ctx, FailureReason reason, String message) {
        var run = ctx.run();
        int attempt = ctx.attempt();
        int retries = run.getSpec().getRetries() == null ? 0 : run.getSpec().getRetries();
        String labelUid = run.getMetadata().getUid();
        String namespace = ctx.services().config().runNamespace();
        var client = ctx.services().client();
        String attemptLabel = String.valueOf(attempt);
        Outcome.Action removeAttempt = () -> client.batch().v1().jobs().inNamespace(namespace)
                .withLabel(CrdConstants.LABEL_RUN_UID, labelUid).withLabel(CrdConstants.LABEL_ATTEMPT, attemptLabel)
                .withLabel(CrdConstants.LABEL_ROLE, RunnerWorkload.ROLE_SERVER).delete();
        if (attempt <= retries) {
            ctx.status().setAttempts(attempt + 1);
            ctx.moveTo(Phase.Scheduled, "attempt " + attempt + " failed (" + reason + ": " + message + "); retrying as attempt " + (attempt + 1)
                    + " of " + (retries + 1));
            return Outcome.act(removeAttempt, Duration.ZERO);
        }
        ctx.fail(reason, message + (retries > 0 ? " (after " + attempt + " attempts)" : ""));
        return Outcome.act(removeAttempt, null);
    }
}
