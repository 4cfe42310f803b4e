package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * load.parallelism 3: load part 0's Job first; the other load pods only once part 0's pod has an IP (they reach it
 * there), each on its node of the run's; the run is Running only once every load pod is made.
 */
class LoadPodsStepTest {

    private final Instant now = Instant.parse("2026-11-28T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();
    private final BenchmarkRun run = Runs.parallelUdp("p", now, 3);

    LoadPodsStepTest() {
        cluster.node("bench-1", 4, "static", "bench")
                .node("bench-2", 4, "static", "bench")
                .node("bench-3", 4, "static", "bench");
    }

    private RunContext scheduled() {
        BenchmarkRun r = Runs.inPhase(run, Phase.Scheduled, "bench-1", "bench-2", "bench-3");
        r.getStatus().setAttempts(1);
        return cluster.context(r, now);
    }

    private static Job job(String name) {
        return new JobBuilder().withNewMetadata().withName(name).endMetadata().build();
    }

    private static Pod pod(String name, String role, String phase, String ip) {
        return new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels(CrdConstants.LABEL_ATTEMPT, "1")
                .addToLabels(CrdConstants.LABEL_ROLE, role)
                .withCreationTimestamp("2026-11-28T10:00:00Z")
                .endMetadata()
                .withNewSpec()
                .withNodeName("bench-1")
                .endSpec()
                .withNewStatus()
                .withPhase(phase)
                .withPodIP(ip)
                .endStatus()
                .build();
    }

    @Test
    void loadPartZeroComesFirstAndTheOthersOnlyOnceItHasAnAddress() {
        var first = new ScheduleStep().apply(scheduled());
        assertThat(first.action()).as("load part 0: its Job, secret and policy").isNotNull();

        cluster.jobs.add(job(RunNames.job(run, 1)));
        RunContext waiting = scheduled();
        var noAddressYet = new ScheduleStep().apply(waiting);
        assertThat(noAddressYet.action()).isNull();
        assertThat(noAddressYet.next()).as("observing part 0 goes on").isTrue();
        assertThat(waiting.status().getMessage())
                .isEqualTo("waiting for load part 0's pod to run and get an IP (the other 2 load pods join it there)");

        cluster.pods.add(pod("p0", RunnerWorkload.ROLE_CLIENT, "Running", "10.244.1.9"));
        RunContext ready = scheduled();
        var others = new ScheduleStep().apply(ready);
        assertThat(others.action())
                .as("the other load pods' arguments and Jobs")
                .isNotNull();
        assertThat(ready.status().getMessage()).isEqualTo("load part 0 runs at 10.244.1.9; starting load pods 1, 2");
        var files = ready.services()
                .workload()
                .arguments(run, 1, null, "10.244.1.9")
                .getData();
        assertThat(files).containsOnlyKeys("client.args", "part-1.args", "part-2.args");
        assertThat(files.get("part-2.args").lines().toList())
                .containsSubsequence("--part", "2", "--coordinator", "10.244.1.9:7100")
                .noneMatch(a -> a.startsWith("--upload-"));
        assertThat(files.get("client.args").lines().toList())
                .containsSubsequence("--parallelism", "3")
                .containsSubsequence("--part", "0", "--coordinator", "0.0.0.0:7100");

        cluster.jobs.add(job(RunNames.loadPartJob(run, 1, 1)));
        cluster.jobs.add(job(RunNames.loadPartJob(run, 1, 2)));
        var made = new ScheduleStep().apply(scheduled());
        assertThat(made.action()).isNull();
        assertThat(made.next()).isTrue();
    }

    @Test
    void theRunIsRunningOnlyOnceEveryLoadPodIsMade() {
        cluster.jobs.add(job(RunNames.job(run, 1)));
        cluster.pods.add(pod("p0", RunnerWorkload.ROLE_CLIENT, "Running", "10.244.1.9"));
        RunContext oneMissing = scheduled();
        cluster.jobs.add(job(RunNames.loadPartJob(run, 1, 1)));
        new ObserveStep().apply(oneMissing);
        assertThat(oneMissing.phase()).isEqualTo(Phase.Scheduled);

        cluster.jobs.add(job(RunNames.loadPartJob(run, 1, 2)));
        RunContext all = scheduled();
        new ObserveStep().apply(all);
        assertThat(all.phase()).isEqualTo(Phase.Running);
    }

    @Test
    void aLoadPodTheSchedulerCannotPlaceIsSaidWithItsReason() {
        cluster.jobs.add(job(RunNames.job(run, 1)));
        cluster.jobs.add(job(RunNames.loadPartJob(run, 1, 1)));
        cluster.jobs.add(job(RunNames.loadPartJob(run, 1, 2)));
        cluster.pods.add(pod("p0", RunnerWorkload.ROLE_CLIENT, "Running", "10.244.1.9"));
        Pod pending = pod("p-part-2", RunnerWorkload.ROLE_LOAD_PART, "Pending", null);
        pending.getMetadata().getLabels().put(CrdConstants.LABEL_LOAD_PART, "2");
        pending.getStatus()
                .setConditions(List.of(new io.fabric8.kubernetes.api.model.PodConditionBuilder()
                        .withType("PodScheduled")
                        .withStatus("False")
                        .withReason("Unschedulable")
                        .withMessage("0/3 nodes are available: 3 Insufficient cpu.")
                        .build()));
        cluster.pods.add(pending);
        BenchmarkRun running = Runs.inPhase(run, Phase.Running, "bench-1", "bench-2", "bench-3");
        running.getStatus().setAttempts(1);
        RunContext ctx = cluster.context(running, now);

        new ObserveStep().apply(ctx);

        assertThat(ctx.status().getMessage())
                .isEqualTo(
                        "load pod 2 (p-part-2) is not scheduled: Unschedulable: 0/3 nodes are available: 3 Insufficient"
                                + " cpu.; load part 0 waits for it to join, then fails the run naming it");
    }

    @Test
    void eachLoadPodHasANodeOfTheRunsInTurnAndTheServerOfSeparateNodesTheLast() {
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        List<String> nodes = List.of("bench-1", "bench-2", "bench-3");
        assertThat(plan.nodesNeeded()).as("Exclusive: one node each").isEqualTo(3);
        assertThat(List.of(plan.loadNode(nodes, 0), plan.loadNode(nodes, 1), plan.loadNode(nodes, 2)))
                .containsExactly("bench-1", "bench-2", "bench-3");

        ResourcePlan shared =
                ResourcePlan.of(Runs.shared(Runs.parallelUdp("s", now, 3)).getSpec());
        assertThat(shared.nodesNeeded()).as("Shared: one at least").isEqualTo(1);
        assertThat(shared.nodesWanted()).as("and up to one each").isEqualTo(3);
        assertThat(List.of(shared.loadNode(List.of("n1"), 2), shared.loadNode(List.of("n1", "n2"), 3)))
                .containsExactly("n1", "n2");

        BenchmarkRun separate = Runs.tcpEcho("t", now, io.isobench.operator.api.PlacementSpec.Topology.SeparateNodes);
        separate.getSpec().getPlacement().setServer(new io.isobench.operator.api.RoleResources());
        separate.getSpec().getLoad().setClients(List.of(4));
        separate.getSpec().getLoad().setParallelism(2);
        ResourcePlan two = ResourcePlan.of(separate.getSpec());
        List<String> held = List.of("bench-1", "bench-2", "bench-3");
        assertThat(two.nodesNeeded()).isEqualTo(3);
        assertThat(two.serverNode(held)).isEqualTo("bench-3");
        assertThat(List.of(two.loadNode(held, 0), two.loadNode(held, 1))).containsExactly("bench-1", "bench-2");
    }
}
