package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.UploadGrantStatus;
import io.isobench.operator.stepcontract.RunContext;
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
    void anEndedAttemptsGrantIsRevokedOnceAndItsSecretDeletedAfterTheStatusPatch() throws Exception {
        for (Phase phase : new Phase[] {Phase.Collecting, Phase.Succeeded, Phase.Failed}) {
            RunContext ctx = withGrant(phase, 1, 1);
            var outcome = new RevokeGrantStep().apply(ctx);
            assertThat(outcome.next()).as(phase.name()).isTrue();
            assertThat(outcome.action()).as("the Secret's deletion").isNotNull();
            assertThat(ctx.status().getUploadGrant().getRevokedAt()).isEqualTo(now);
            RunContext again = cluster.context(ctx.run(), now);
            again.status().setUploadGrant(ctx.status().getUploadGrant());
            assertThat(new RevokeGrantStep().apply(again).action())
                    .as("nothing left to do")
                    .isNull();
        }
        assertThat(cluster.revoked)
                .containsExactly(
                        "runs/team-a/r/uid/attempt-1/client/",
                        "runs/team-a/r/uid/attempt-1/client/",
                        "runs/team-a/r/uid/attempt-1/client/");
    }

    @Test
    void aRetriedRunRevokesTheFailedAttemptsGrantBeforeItsNextIsIssued() throws Exception {
        RunContext ctx = withGrant(Phase.Scheduled, 2, 1);
        assertThat(new RevokeGrantStep().apply(ctx).next()).isTrue();
        assertThat(cluster.revoked).containsExactly("runs/team-a/r/uid/attempt-1/client/");
    }

    @Test
    void anUnreachableStoreIsAskedAgainAndARetryWaitsForIt() throws Exception {
        cluster.storeDown = true;
        RunContext collecting = withGrant(Phase.Collecting, 1, 1);
        var outcome = new RevokeGrantStep().apply(collecting);
        assertThat(outcome.next()).as("collection goes on").isTrue();
        assertThat(outcome.recheck()).isEqualTo(RevokeGrantStep.RETRY);
        assertThat(collecting.status().getUploadGrant().getRevokedAt()).isNull();

        var retry = new RevokeGrantStep().apply(withGrant(Phase.Scheduled, 2, 1));
        assertThat(retry.next())
                .as("no new grant may replace the unrevoked one's record")
                .isFalse();
        assertThat(retry.recheck()).isEqualTo(RevokeGrantStep.RETRY);
    }
}
