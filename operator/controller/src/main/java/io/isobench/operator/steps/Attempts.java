package io.isobench.operator.steps;

import io.isobench.operator.api.Phase;
import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunObjects;
import java.time.Duration;

/**
 * An attempt that went wrong: its Jobs are removed and it is retried as a new attempt while spec.retries allows, else
 * the run fails. A retry normally keeps the run's nodes; after a lost node it goes back to the queue for a healthy one.
 */
final class Attempts {

    private Attempts() {}

    /** Retried on the same node(s). */
    static Outcome failed(RunContext ctx, FailureReason reason, String message) {
        return retry(ctx, reason, message, false);
    }

    /** The run's node is NotReady or gone: a retry is placed anew by the queue, which only takes Ready nodes. */
    static Outcome nodeLost(RunContext ctx, String message) {
        return retry(ctx, FailureReason.NodeNotReady, message, true);
    }

    private static Outcome retry(RunContext ctx, FailureReason reason, String message, boolean requeue) {
        var run = ctx.run();
        int attempt = ctx.attempt();
        int retries = run.getSpec().getRetries() == null ? 0 : run.getSpec().getRetries();
        String uid = run.getMetadata().getUid();
        String namespace = ctx.services().config().runners().namespace();
        var client = ctx.services().client();
        Outcome.Action removeAttempt = () -> RunObjects.deleteAttempt(client, namespace, uid, attempt);
        if (attempt > retries) {
            ctx.fail(reason, message + (retries > 0 ? " (after " + attempt + " attempts)" : ""));
            return Outcome.act(removeAttempt, null);
        }
        ctx.status().setAttempts(attempt + 1);
        String failed = "attempt " + attempt + " failed (" + reason + ": " + message + ")";
        if (!requeue) {
            ctx.moveTo(Phase.Scheduled, failed + "; retrying as attempt " + (attempt + 1) + " of " + (retries + 1));
            return Outcome.act(removeAttempt, Duration.ZERO);
        }
        ctx.status().setNodes(null);
        ctx.moveTo(
                Phase.Queued,
                failed + "; attempt " + (attempt + 1) + " of " + (retries + 1) + " waits for a healthy node");
        // its node is given back once the return to the queue is stored
        var ledger = ctx.services().ledger();
        return Outcome.act(
                () -> {
                    ledger.release(uid);
                    removeAttempt.run();
                },
                Duration.ZERO);
    }
}
