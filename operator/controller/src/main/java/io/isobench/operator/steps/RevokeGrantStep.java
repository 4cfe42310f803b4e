package io.isobench.operator.steps;

import io.isobench.operator.api.Phase;
import io.isobench.operator.api.UploadGrantStatus;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.uploads.UploadAccess;
import io.isobench.operator.workload.RunNames;
import io.isobench.store.ObjectStoreException;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scheduled (after a retry), Collecting, Succeeded and Failed: a runner may upload only while its attempt runs, so the
 * grant recorded in status is revoked as soon as its attempt is not the one running — the runner ended, the attempt
 * failed, or the run ended. Revoking is the action, after the status is stored ({@code Services.revocations()}); the
 * next reconcile records {@code revokedAt} and deletes the grant's Secret, or says in {@code uploadGrant.revokeError} why
 * the store would not revoke it and tries again after {@link #RETRY}; the grant's expiry is the backstop.
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
        // a retried attempt waits: its own grant would replace this record, leaving the old grant to its expiry
        boolean next = ctx.phase() != Phase.Scheduled;
        var revocations = ctx.services().revocations();
        String uid = ctx.run().getMetadata().getUid();
        int attempt = grant.getAttempt() == null ? 0 : grant.getAttempt();
        var done = revocations.take(uid, attempt);
        if (done.isEmpty()) {
            String prefix = grant.getPrefix();
            // how it went is said at once: the next reconcile follows without waiting
            return new Outcome(() -> revocations.record(uid, attempt, revoke(uploads, prefix)), next, Duration.ZERO);
        }
        if (done.get().isPresent()) {
            ObjectStoreException e = done.get().get();
            LOG.warn(
                    "cannot revoke the upload grant for {} yet (it expires at {}): {}",
                    grant.getPrefix(),
                    grant.getExpires(),
                    e.getMessage());
            grant.setRevokeError("cannot revoke it yet: " + e.getMessage() + "; retrying");
            return next ? Outcome.proceedToNext(RETRY) : Outcome.stop(RETRY);
        }
        grant.setRevokedAt(ctx.now());
        grant.setRevokeError(null);
        var client = ctx.services().client();
        String namespace = ctx.services().config().runners().namespace();
        String secret = RunNames.uploadGrant(ctx.run(), attempt);
        // the Secret now holds a dead grant: removing it is tidiness (its owner, the arguments ConfigMap, takes it at
        // the latest)
        return Outcome.proceedToNext(
                () -> client.secrets().inNamespace(namespace).withName(secret).delete());
    }

    /** Revokes every grant of the prefix; empty when done, else the store's failure (kept for the next reconcile). */
    private static Optional<ObjectStoreException> revoke(UploadAccess uploads, String prefix) {
        try {
            uploads.revoke(prefix);
            return Optional.empty();
        } catch (ObjectStoreException e) {
            return Optional.of(e);
        }
    }

    private static boolean running(RunContext ctx, UploadGrantStatus grant) {
        return grant.getAttempt() != null
                && grant.getAttempt() == ctx.attempt()
                && (ctx.phase() == Phase.Scheduled || ctx.phase() == Phase.Running);
    }
}
