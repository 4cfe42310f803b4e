package io.isobench.operator.steps;

import io.isobench.operator.api.Phase;
import io.isobench.operator.api.UploadGrantStatus;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import io.isobench.store.ObjectStoreException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scheduled (after a retry), Collecting, Succeeded and Failed: a runner may upload only while its attempt runs, so the
 * grant recorded in status is revoked as soon as its attempt is not the one running — the runner ended, the attempt
 * failed, or the run ended. Done here rather than as an action after the status patch: revoking is idempotent, and what
 * calls for it (the phase, the attempt) is already stored, so a crash before {@code revokedAt} is stored only repeats it.
 * The grant's Secret goes with it. A store that cannot be reached is asked again; the grant's expiry is the backstop.
 */
public final class RevokeGrantStep implements ReconcileStep {

    private static final Logger LOG = LoggerFactory.getLogger(RevokeGrantStep.class);
    public static final Duration RETRY = Duration.ofSeconds(10);

    @Override
    public Outcome apply(RunContext ctx) {
        UploadGrantStatus grant = ctx.status().getUploadGrant();
        var uploads = ctx.services().uploads();
        if (grant == null || grant.getRevokedAt() != null || uploads == null || running(ctx, grant)) {
            return Outcome.proceedToNext();
        }
        try {
            uploads.revoke(grant.getPrefix());
        } catch (ObjectStoreException e) {
            LOG.warn(
                    "cannot revoke the upload grant for {} yet (it expires at {}): {}",
                    grant.getPrefix(),
                    grant.getExpires(),
                    e.getMessage());
            // a retried attempt waits: its own grant would replace this record, leaving the old grant to its expiry
            return ctx.phase() == Phase.Scheduled ? Outcome.stop(RETRY) : Outcome.proceedToNext(RETRY);
        }
        grant.setRevokedAt(ctx.now());
        var client = ctx.services().client();
        String namespace = ctx.services().config().runNamespace();
        String secret = RunNames.uploadGrant(ctx.run(), grant.getAttempt());
        // the Secret now holds a dead grant: removing it is tidiness (its owner, the arguments ConfigMap, takes it at
        // the latest)
        return Outcome.proceedToNext(
                () -> client.secrets().inNamespace(namespace).withName(secret).delete());
    }

    private static boolean running(RunContext ctx, UploadGrantStatus grant) {
        return grant.getAttempt() != null
                && grant.getAttempt() == ctx.attempt()
                && (ctx.phase() == Phase.Scheduled || ctx.phase() == Phase.Running);
    }
}
