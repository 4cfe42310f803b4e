package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** How an attempt ends when the cluster refuses or loses it, and what an ended run leaves behind. */
class EndOfAttemptStepsTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster =
            new FakeCluster().node("bench-1", 4, "static", "bench").node("bench-2", 4, "static", "bench");
    private final BenchmarkRun run = Runs.dispatch("r1", now.minusSeconds(30));

    private RunContext in(Phase phase, int retries) {
        run.getSpec().setRetries(retries);
        BenchmarkRun r = Runs.inPhase(run, phase, "bench-1");
        r.getStatus().setAttempts(1);
        return cluster.context(r, now);
    }

    private static KubernetesClientException invalid() {
        return new KubernetesClientException(new StatusBuilder()
                .withCode(422)
                .withReason("Invalid")
                .withMessage(
                        "Job.batch \"r1-a1\" is invalid: spec.template.spec.tolerations[1].operator: Invalid value: \"a b\"")
                .build());
    }

    @Test
    void anActionTheApiServerRefusedFailsTheAttemptWithTheApisMessage() throws Exception {
        cluster.rejections.record(run.getMetadata().getUid(), 1, invalid());
        RunContext ctx = in(Phase.Scheduled, 0);
        var outcome = new RejectedActionStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        assertThat(ctx.status().getMessage())
                .isEqualTo(
                        "the API server refused an action of attempt 1 (422 Invalid): Job.batch \"r1-a1\" is invalid: "
                                + "spec.template.spec.tolerations[1].operator: Invalid value: \"a b\"");
        var completed =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_COMPLETED).orElseThrow();
        assertThat(completed.getReason()).isEqualTo("ActionRejected");
        assertThat(completed.getMessage()).isEqualTo(ctx.status().getMessage());
        assertThat(outcome.action()).as("the attempt's Jobs are removed").isNotNull();
        assertThat(new RejectedActionStep().apply(in(Phase.Scheduled, 0)).next())
                .as("taken once")
                .isTrue();
    }

    @Test
    void aRefusalIsRetriedAsANewAttemptWhileRetriesAllowAndARefusalOfAnEarlierAttemptIsIgnored() throws Exception {
        cluster.rejections.record(run.getMetadata().getUid(), 1, invalid());
        RunContext ctx = in(Phase.Scheduled, 1);
        new RejectedActionStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Scheduled);
        assertThat(ctx.attempt()).isEqualTo(2);
        assertThat(ctx.status().getMessage())
                .startsWith("attempt 1 failed (ActionRejected: the API server refused an action of attempt 1");

        cluster.rejections.record(run.getMetadata().getUid(), 1, invalid());
        BenchmarkRun second = Runs.inPhase(run, Phase.Scheduled, "bench-1");
        second.getStatus().setAttempts(2);
        assertThat(new RejectedActionStep().apply(cluster.context(second, now)).next())
                .isTrue();
    }

    @Test
    void onlyRefusalsThatWouldRepeatCount() {
        for (int code : new int[] {400, 403, 404, 422}) {
            assertThat(io.isobench.operator.stepcontract.ActionRejections.refusal(
                            new KubernetesClientException("x", code, null)))
                    .as("%d", code)
                    .isTrue();
        }
        for (int code : new int[] {408, 409, 429, 500, 503}) {
            assertThat(io.isobench.operator.stepcontract.ActionRejections.refusal(
                            new KubernetesClientException("x", code, null)))
                    .as("%d", code)
                    .isFalse();
        }
    }

    @Test
    void aRetryAfterTheNodeWasLostGoesBackToTheQueueWithoutItsNode() throws Exception {
        cluster.nodes.getFirst().getStatus().getConditions().getFirst().setStatus("False");
        cluster.jobs.add(new JobBuilder()
                .withNewMetadata()
                .withName(RunNames.job(run, 1))
                .endMetadata()
                .withNewStatus()
                .endStatus()
                .build());
        RunContext ctx = in(Phase.Running, 1);
        var outcome = new ObserveStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        assertThat(ctx.attempt()).isEqualTo(2);
        assertThat(ctx.status().getNodes()).isNull();
        assertThat(ctx.status().getNode()).isNull();
        assertThat(ctx.status().getMessage())
                .isEqualTo("attempt 1 failed (NodeNotReady: node bench-1 has been NotReady since 2026-11-23T09:00:00Z);"
                        + " attempt 2 of 2 waits for a healthy node");
        assertThat(outcome.action()).as("the lost attempt's Jobs are removed").isNotNull();

        // the queue then places it on the node that is Ready
        BenchmarkRun requeued = Runs.inPhase(run, Phase.Queued);
        requeued.getStatus().setAttempts(2);
        cluster.runs.add(requeued);
        RunContext queued = cluster.context(requeued, now);
        new QueueStep().apply(queued);
        assertThat(queued.status().getNodes()).containsExactly("bench-2");
    }

    @Test
    void anEndedRunRemovesItsJobsWhileAnyIsLeft() throws Exception {
        cluster.jobs.add(new JobBuilder()
                .withNewMetadata()
                .withName(RunNames.job(run, 1) + "-server")
                .endMetadata()
                .build());
        var outcome = new ReleaseStep().apply(in(Phase.Succeeded, 0));
        assertThat(outcome.action()).isNotNull();
        assertThat(outcome.next()).as("publishing still runs").isTrue();

        cluster.jobs.clear();
        cluster.pods.add(new PodBuilder()
                .withNewMetadata()
                .withName("stopping")
                .endMetadata()
                .withNewStatus()
                .withPhase("Running")
                .endStatus()
                .build());
        var released = new ReleaseStep().apply(in(Phase.Failed, 0));
        assertThat(released.action()).as("pods go with their Jobs").isNull();
        assertThat(released.next()).isTrue();
    }
}
