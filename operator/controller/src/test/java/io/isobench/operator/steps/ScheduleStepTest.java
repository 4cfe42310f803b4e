package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunDeadline;
import io.isobench.operator.workload.RunNames;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ScheduleStepTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();

    private RunContext scheduled(BenchmarkRun run, String... nodes) {
        BenchmarkRun r = Runs.inPhase(run, Phase.Scheduled, nodes);
        r.getStatus().setAttempts(1);
        return cluster.context(r, now);
    }

    @Test
    void samePodCreatesTheArgumentsAndTheJobAsItsAction() throws Exception {
        var outcome = new ScheduleStep().apply(scheduled(Runs.dispatch("r", now), "bench-1"));
        assertThat(outcome.action()).isNotNull();
        assertThat(outcome.next()).isFalse();
    }

    @Test
    void theClientsUploadGrantIsRecordedWhileDecidingAndIssuedByTheActionBeforeAnyObjectIsMade() throws Exception {
        cluster.client = FakeCluster.unreachableApiServer();
        BenchmarkRun run = Runs.dispatch("r", now);
        RunContext ctx = scheduled(run, "bench-1");
        ctx.status().setAttempts(2);
        var outcome = new ScheduleStep().apply(ctx);
        String prefix = "runs/team-a/r/" + run.getMetadata().getUid() + "/attempt-2/client/";
        assertThat(cluster.issued)
                .as("nothing is written to the store while deciding")
                .isEmpty();
        var grant = ctx.status().getUploadGrant();
        assertThat(grant.getAttempt()).isEqualTo(2);
        assertThat(grant.getPrefix()).isEqualTo(prefix);
        assertThat(grant.getExpires()).as("the run's deadline").isEqualTo(RunDeadline.of(run));
        assertThat(grant.getRevokedAt()).isNull();

        assertThatThrownBy(() -> outcome.action().run())
                .as("the objects come after the grant: here no API server takes them")
                .isInstanceOf(KubernetesClientException.class);
        assertThat(cluster.issued).as("issued by the action, first").containsExactly(prefix);
    }

    @Test
    void aGrantTheStoreWouldNotIssueIsSaidInStatusByTheNextReconcileAndAskedForAgain() throws Exception {
        cluster.client = FakeCluster.unreachableApiServer();
        cluster.storeDown = true;
        RunContext ctx = scheduled(Runs.dispatch("r", now), "bench-1");
        var outcome = new ScheduleStep().apply(ctx);
        outcome.action().run(); // nothing reaches the absent API server: no object is made without the grant
        assertThat(cluster.issued).isEmpty();

        RunContext next = cluster.next(ctx, now.plusSeconds(2));
        var said = new ScheduleStep().apply(next);
        assertThat(said.action()).as("not again at once").isNull();
        assertThat(said.recheck()).isEqualTo(ScheduleStep.RECHECK);
        assertThat(next.status().getMessage())
                .startsWith("cannot issue the runner's upload grant for runs/team-a/r/")
                .contains("cannot reach http://127.0.0.1:29999")
                .endsWith("; retrying");

        cluster.storeDown = false;
        var retried = new ScheduleStep().apply(cluster.next(next, now.plusSeconds(4)));
        assertThatThrownBy(() -> retried.action().run()).isInstanceOf(KubernetesClientException.class);
        assertThat(cluster.issued).as("asked for again").hasSize(1);
    }

    @Test
    void anExistingJobIsLeftAloneAndObservationGoesOn() throws Exception {
        BenchmarkRun run = Runs.dispatch("r", now);
        cluster.jobs.add(new JobBuilder()
                .withNewMetadata()
                .withName(RunNames.job(run, 1))
                .endMetadata()
                .build());
        var outcome = new ScheduleStep().apply(scheduled(run, "bench-1"));
        assertThat(outcome.action()).isNull();
        assertThat(outcome.next()).isTrue();
    }

    @Test
    void separateNodesStartTheServerFirstThenTheClientOnceTheServerPodHasAnIp() throws Exception {
        BenchmarkRun run = Runs.tcpEcho("e", now, PlacementSpec.Topology.SeparateNodes);
        var first = new ScheduleStep().apply(scheduled(run, "bench-1", "bench-2"));
        assertThat(first.action()).as("server Job").isNotNull();

        cluster.jobs.add(new JobBuilder()
                .withNewMetadata()
                .withName(RunNames.job(run, 1) + "-server")
                .endMetadata()
                .build());
        RunContext waiting = scheduled(run, "bench-1", "bench-2");
        assertThat(new ScheduleStep().apply(waiting).action()).isNull();
        assertThat(waiting.status().getMessage())
                .isEqualTo("waiting for the server pod on bench-2 to run and get an IP");

        cluster.pods.add(new PodBuilder()
                .withNewMetadata()
                .withName("srv")
                .addToLabels(CrdConstants.LABEL_ATTEMPT, "1")
                .addToLabels(CrdConstants.LABEL_ROLE, "server")
                .withCreationTimestamp(now.toString())
                .endMetadata()
                .withNewStatus()
                .withPhase("Running")
                .withPodIP("10.244.0.7")
                .endStatus()
                .build());
        assertThat(new ScheduleStep()
                        .apply(scheduled(run, "bench-1", "bench-2"))
                        .action())
                .as("client Job pointed at 10.244.0.7:7000")
                .isNotNull();
        var args = cluster.context(run, now)
                .services()
                .workload()
                .arguments(run, 1, "10.244.0.7:7000")
                .getData()
                .get("client.args");
        assertThat(args.lines()).contains("--server-address", "10.244.0.7:7000");
    }
}
