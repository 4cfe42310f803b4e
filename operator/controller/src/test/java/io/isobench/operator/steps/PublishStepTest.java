package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.Runs;
import io.isobench.operator.api.ArtifactsStatus;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Publishing is decided in the step and done by its action, after the status is stored; the next reconcile says how it went. */
class PublishStepTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();

    /** A run that ended with its result collected, as the status store has it. */
    private BenchmarkRun ended() {
        BenchmarkRun run = Runs.inPhase(Runs.dispatch("r1", now.minusSeconds(60)), Phase.Succeeded, "bench-1");
        var artifacts = new ArtifactsStatus();
        artifacts.setResult("runs/team-a/r1/uid/attempt-1/client/result.json");
        run.getStatus().setArtifacts(artifacts);
        cluster.runs.add(run);
        return run;
    }

    @Test
    void decidingWritesNothingToTheStoreTheActionPublishesAndTheNextReconcileSaysWhere() throws Exception {
        BenchmarkRun run = ended();
        RunContext ctx = cluster.context(run, now);
        var outcome = new PublishStep().apply(ctx);
        assertThat(cluster.published).as("nothing is written while deciding").isEmpty();
        assertThat(outcome.recheck()).as("how it went is said at once").isEqualTo(Duration.ZERO);
        outcome.action().run();
        assertThat(cluster.published)
                .as("published by the action, after the status is stored")
                .containsExactly("r1");

        RunContext next = cluster.context(run, now.plusSeconds(1));
        var after = new PublishStep().apply(next);
        assertThat(after.action()).as("published once").isNull();
        var published =
                Conditions.get(next.status(), CrdConstants.CONDITION_PUBLISHED).orElseThrow();
        assertThat(published.getStatus()).isEqualTo("True");
        assertThat(published.getMessage()).isEqualTo("on the report site: http://site/runs/r1");
        assertThat(next.status().getArtifacts().getSite()).isEqualTo("http://site/runs/r1");
    }

    @Test
    void aFailedPublicationIsSaidAsPublishedFalseAndTriedAgainAtTheRecheck() throws Exception {
        cluster.publishFailure =
                new IllegalStateException("no result.json collected at runs/team-a/r1/uid/result.json");
        BenchmarkRun run = ended();
        new PublishStep().apply(cluster.context(run, now)).action().run();

        RunContext next = cluster.context(run, now.plusSeconds(1));
        var after = new PublishStep().apply(next);
        var published =
                Conditions.get(next.status(), CrdConstants.CONDITION_PUBLISHED).orElseThrow();
        assertThat(published.getStatus()).isEqualTo("False");
        assertThat(published.getReason()).isEqualTo("PublishFailed");
        assertThat(published.getMessage())
                .isEqualTo(
                        "IllegalStateException: no result.json collected at runs/team-a/r1/uid/result.json; retrying");
        assertThat(after.action()).as("not again at once").isNull();
        assertThat(after.recheck()).isEqualTo(PublishStep.RETRY);

        cluster.publishFailure = null;
        new PublishStep()
                .apply(cluster.context(run, now.plusSeconds(31)))
                .action()
                .run();
        assertThat(cluster.published).containsExactly("r1");
    }
}
