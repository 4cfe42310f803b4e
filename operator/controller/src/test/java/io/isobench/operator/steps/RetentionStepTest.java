package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.Runs;
import io.isobench.operator.api.ArtifactsStatus;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.steps.RetentionStep.Decision;
import io.isobench.operator.steps.RetentionStep.KeepReason;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A finished run is deleted ttlSecondsAfterFinished after it ended, only once its result is published (or it has none),
 * never when it failed and asks to be kept; until then it is looked at again exactly when its time comes.
 */
class RetentionStepTest {

    private final Instant now = Instant.parse("2026-11-25T12:00:00Z");
    private FakeCluster cluster = new FakeCluster();

    /** A run that ended {@code agoSeconds} ago in {@code phase}, its result collected and published. */
    private BenchmarkRun ended(Phase phase, long agoSeconds, Integer ttl) {
        BenchmarkRun run = Runs.inPhase(Runs.dispatch("r1", now.minusSeconds(600)), phase, "bench-1");
        run.getSpec().setTtlSecondsAfterFinished(ttl);
        run.getStatus().setCompletionTime(now.minusSeconds(agoSeconds));
        run.getStatus().setPhaseSince(now.minusSeconds(agoSeconds));
        var artifacts = new ArtifactsStatus();
        artifacts.setResult("runs/team-a/r1/uid/result.json");
        run.getStatus().setArtifacts(artifacts);
        published(run, true);
        return run;
    }

    private void published(BenchmarkRun run, boolean published) {
        Conditions.set(
                run.getStatus(),
                CrdConstants.CONDITION_PUBLISHED,
                published,
                published ? "Published" : "PublishFailed",
                published ? "on the report site" : "IOException: connection refused; retrying",
                1,
                now.minusSeconds(1));
    }

    private Decision decide(BenchmarkRun run) {
        return RetentionStep.decide(cluster.context(run, now));
    }

    @Test
    void aPublishedRunWhoseTtlHasPassedIsDeletedByTheActionSayingWhyAndThatItsResultsStay() {
        BenchmarkRun run = ended(Phase.Succeeded, 61, 60);
        RunContext ctx = cluster.context(run, now);
        var outcome = new RetentionStep().apply(ctx);
        assertThat(outcome.action())
                .as("deleting is the action, after the status is stored")
                .isNotNull();
        assertThat(decide(run))
                .isEqualTo(new Decision.Delete("deleted 60s after it ended Succeeded at 2026-11-25T11:58:59Z"
                        + " (spec.ttlSecondsAfterFinished 60); its results stay in the bucket under runs/team-a/r1/"
                        + run.getMetadata().getUid() + "/ and on the report site"));
    }

    @Test
    void beforeItsTimeTheRunIsLookedAtAgainExactlyWhenItComesCountedFromTheStoredCompletionTime() {
        BenchmarkRun run = ended(Phase.Succeeded, 20, 60);
        var outcome = new RetentionStep().apply(cluster.context(run, now));
        assertThat(outcome.action()).as("nothing deleted before its time").isNull();
        assertThat(outcome.recheck()).isEqualTo(Duration.ofSeconds(40));
        assertThat(outcome.next()).isTrue();
        assertThat(decide(run)).isEqualTo(new Decision.DeleteAt(now.plusSeconds(40)));
        // a restarted operator reads the same stored completionTime: the same moment, not another full TTL
        assertThat(RetentionStep.decide(cluster.context(run, now.plusSeconds(30))))
                .isEqualTo(new Decision.DeleteAt(now.plusSeconds(40)));
        // phaseSince stands in for a run stored without a completionTime
        run.getStatus().setCompletionTime(null);
        run.getStatus().setPhaseSince(now.minusSeconds(50));
        assertThat(decide(run)).isEqualTo(new Decision.DeleteAt(now.plusSeconds(10)));
    }

    @Test
    void aFailedRunIsKeptWhenItAsksToBeKeptAndDeletedWhenItDoesNot() {
        BenchmarkRun failed = ended(Phase.Failed, 3600, 60);
        failed.getSpec().setKeepFailed(true);
        var outcome = new RetentionStep().apply(cluster.context(failed, now));
        assertThat(outcome.action()).isNull();
        assertThat(outcome.recheck())
                .as("kept for good: nothing to look at again")
                .isNull();
        assertThat(decide(failed)).isEqualTo(new Decision.Keep(KeepReason.KeepFailed));

        failed.getSpec().setKeepFailed(false);
        assertThat(decide(failed)).isInstanceOf(Decision.Delete.class);
        BenchmarkRun succeeded = ended(Phase.Succeeded, 3600, 60);
        succeeded.getSpec().setKeepFailed(true);
        assertThat(decide(succeeded)).as("keepFailed keeps only failed runs").isInstanceOf(Decision.Delete.class);
    }

    @Test
    void aRunNotPublishedYetIsKeptPastItsTtlAndOneWithNoResultHasNothingToWaitFor() {
        BenchmarkRun run = ended(Phase.Succeeded, 3600, 60);
        run.getStatus().setConditions(new ArrayList<>());
        assertThat(decide(run)).as("not published yet").isEqualTo(new Decision.Keep(KeepReason.NotPublished));
        published(run, false);
        var outcome = new RetentionStep().apply(cluster.context(run, now));
        assertThat(decide(run))
                .as("its publication failing (PublishStep retries it)")
                .isEqualTo(new Decision.Keep(KeepReason.NotPublished));
        assertThat(outcome.action()).isNull();
        published(run, true);
        assertThat(decide(run)).isInstanceOf(Decision.Delete.class);

        BenchmarkRun noResult = ended(Phase.Failed, 3600, 60);
        noResult.getStatus().setArtifacts(null);
        noResult.getStatus().setConditions(new ArrayList<>());
        assertThat(decide(noResult))
                .as("failed before any result was collected: nothing to publish")
                .isInstanceOf(Decision.Delete.class);
    }

    @Test
    void withoutATtlInTheSpecTheInstallationsDefaultDecidesAndWithNeitherTheRunIsKept() {
        BenchmarkRun run = ended(Phase.Succeeded, 3600, null);
        assertThat(decide(run)).isEqualTo(new Decision.Keep(KeepReason.NoTtl));
        assertThat(new RetentionStep().apply(cluster.context(run, now)).recheck())
                .isNull();

        cluster = new FakeCluster(Map.of("ISOBENCH_TTL_SECONDS_AFTER_FINISHED", "7200"));
        assertThat(decide(run)).isEqualTo(new Decision.DeleteAt(now.plusSeconds(3600)));
        run.getSpec().setTtlSecondsAfterFinished(0);
        assertThat(decide(run))
                .as("the spec's TTL wins over the installation's")
                .isEqualTo(new Decision.Delete("deleted 0s after it ended Succeeded at 2026-11-25T11:00:00Z"
                        + " (spec.ttlSecondsAfterFinished 0); its results stay in the bucket under runs/team-a/r1/"
                        + run.getMetadata().getUid() + "/ and on the report site"));
        run.getSpec().setTtlSecondsAfterFinished(null);
        cluster = new FakeCluster(Map.of("ISOBENCH_TTL_SECONDS_AFTER_FINISHED", "60"));
        assertThat(decide(run).toString()).contains("(the installation's default ttlSecondsAfterFinished 60)");
    }

    @Test
    void theReconcileThatPublishesTheRunAlsoLetsRetentionDecide() throws Exception {
        BenchmarkRun run = ended(Phase.Succeeded, 3600, 0);
        run.getStatus().setConditions(new ArrayList<>());
        cluster.runs.add(run);
        var publishing = new PublishStep().apply(cluster.context(run, now));
        assertThat(publishing.next())
                .as("retention, after publishing, still decides: keep, not published yet")
                .isTrue();
        publishing.action().run();

        RunContext next = cluster.context(run, now.plusSeconds(1));
        var published = new PublishStep().apply(next);
        assertThat(published.next()).isTrue();
        assertThat(RetentionStep.decide(next))
                .as("published in this reconcile's status: deleted after it is stored")
                .isInstanceOf(Decision.Delete.class);
    }
}
