package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.UploadGrantStatus;
import io.isobench.operator.stepcontract.RunContext;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A grant lives exactly while its attempt runs: revoked once the attempt ends,
 * whatever the phase after it; retried while the store is away. */
class RevokeGrantStepTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();

    private RunContext withGrant(Phase phase, int attempt, int grantAttempt) {
        BenchmarkRun run = Runs.inPhase(Runs.dispatch("r", now), phase, "bench-1");
        run.getStatus().setAttempts(attempt);
        var grant = new UploadGrantStatus();
        grant.setAttempt(grantAttempt);
        grant.setPrefix("runs/team-a/r/uid/attempt-" + grantAttempt + "/client/");
        grant.setExpires(now.plusSeconds(600));
        run.getStatus().setUploadGrant(grant);
        return cluster.context(run, now);
    }

    @Test
    void theRunningAttemptsGrantIsLeftAlone() throws Exception {
        for (Phase phase : new Phase[] {Phase.Scheduled, Phase.Running}) {
            RunContext ctx = withGrant(phase, 1, 1);
            assertThat(new RevokeGrantStep().apply(ctx).next()).isTrue();
            assertThat(ctx.status().getUploadGrant().getRevokedAt()).isNull();
        }
        assertThat(cluster.revoked).isEmpty();
    }

    @Test
    void anEndedAttemptsGrantIsRevokedByTheActionAndTheNextReconcileRecordsItAndDeletesTheSecret() throws Exception {
        for (Phase phase : new Phase[] {Phase.Collecting, Phase.Succeeded, Phase.Failed}) {
            RunContext ctx = withGrant(phase, 1, 1);
            var outcome = new RevokeGrantStep().apply(ctx);
            assertThat(cluster.revoked)
                    .as("nothing is written to the store while deciding")
                    .isEmpty();
            assertThat(outcome.next()).as(phase.name()).isTrue();
            assertThat(outcome.recheck()).as("how it went is said at once").isEqualTo(Duration.ZERO);
            assertThat(ctx.status().getUploadGrant().getRevokedAt()).isNull();
            outcome.action().run();
            assertThat(cluster.revoked).containsExactly("runs/team-a/r/uid/attempt-1/client/");

            RunContext next = cluster.next(ctx, now.plusSeconds(1));
            var recorded = new RevokeGrantStep().apply(next);
            assertThat(next.status().getUploadGrant().getRevokedAt()).isEqualTo(now.plusSeconds(1));
            assertThat(recorded.action()).as("the Secret's deletion").isNotNull();
            assertThat(new RevokeGrantStep()
                            .apply(cluster.next(next, now.plusSeconds(2)))
                            .action())
                    .as("nothing left to do")
                    .isNull();
            cluster.revoked.clear();
        }
    }

    @Test
    void aRetriedRunRevokesTheFailedAttemptsGrantBeforeItsNextIsIssued() throws Exception {
        RunContext ctx = withGrant(Phase.Scheduled, 2, 1);
        var outcome = new RevokeGrantStep().apply(ctx);
        assertThat(outcome.next()).as("the next grant waits for the revocation").isFalse();
        outcome.action().run();
        assertThat(cluster.revoked).containsExactly("runs/team-a/r/uid/attempt-1/client/");
        RunContext next = cluster.next(ctx, now);
        assertThat(new RevokeGrantStep().apply(next).next()).isTrue();
        assertThat(next.status().getUploadGrant().getRevokedAt()).isEqualTo(now);
    }

    @Test
    void aRevocationTheStoreRefusedIsSaidInStatusByTheNextReconcileAndTriedAgain() throws Exception {
        cluster.storeDown = true;
        RunContext collecting = withGrant(Phase.Collecting, 1, 1);
        new RevokeGrantStep().apply(collecting).action().run();
        RunContext said = cluster.next(collecting, now.plusSeconds(1));
        var outcome = new RevokeGrantStep().apply(said);
        assertThat(outcome.next()).as("collection goes on").isTrue();
        assertThat(outcome.action()).as("not again at once").isNull();
        assertThat(outcome.recheck()).isEqualTo(RevokeGrantStep.RETRY);
        var grant = said.status().getUploadGrant();
        assertThat(grant.getRevokedAt()).isNull();
        assertThat(grant.getRevokeError())
                .isEqualTo("cannot revoke it yet: cannot delete a service account: cannot reach http://127.0.0.1:29999;"
                        + " retrying");

        cluster.storeDown = false;
        RunContext again = cluster.next(said, now.plusSeconds(11));
        new RevokeGrantStep().apply(again).action().run();
        assertThat(cluster.revoked).as("tried again").containsExactly("runs/team-a/r/uid/attempt-1/client/");
        RunContext revoked = cluster.next(again, now.plusSeconds(12));
        new RevokeGrantStep().apply(revoked);
        assertThat(revoked.status().getUploadGrant().getRevokedAt()).isEqualTo(now.plusSeconds(12));
        assertThat(revoked.status().getUploadGrant().getRevokeError()).isNull();
    }

    @Test
    void aRetryWaitsWhileTheStoreRefusesToRevokeItsPredecessorsGrant() throws Exception {
        cluster.storeDown = true;
        RunContext ctx = withGrant(Phase.Scheduled, 2, 1);
        new RevokeGrantStep().apply(ctx).action().run();
        RunContext next = cluster.next(ctx, now.plusSeconds(1));
        var retry = new RevokeGrantStep().apply(next);
        assertThat(retry.next())
                .as("no new grant may replace the unrevoked one's record")
                .isFalse();
        assertThat(retry.recheck()).isEqualTo(RevokeGrantStep.RETRY);
        assertThat(next.status().getUploadGrant().getRevokeError()).startsWith("cannot revoke it yet: ");
    }
}
