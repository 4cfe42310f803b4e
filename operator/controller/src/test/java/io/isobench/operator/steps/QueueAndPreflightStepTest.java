package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueueAndPreflightStepTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();

    private RunContext queued(BenchmarkRun run) {
        BenchmarkRun q = Runs.inPhase(run, Phase.Queued);
        cluster.runs.add(q);
        return cluster.context(q, now);
    }

    @Test
    void anExclusiveRunIsAdmittedToAStaticNodeAndScheduledWithTheNodesIsolationFacts() throws Exception {
        cluster.node("shared-1", 4, "none", "bench").node("bench-1", 4, "static", "bench");
        RunContext ctx = queued(Runs.dispatch("r1", now));
        assertThat(new QueueStep().apply(ctx).next()).isTrue();
        assertThat(ctx.status().getNodes()).containsExactly("bench-1");
        new PreflightStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Scheduled);
        assertThat(ctx.status().getIsolation().getCpuManagerPolicy()).isEqualTo("static");
        assertThat(ctx.status().getIsolation().getCpusRequested()).isEqualTo(2);
    }

    @Test
    void withoutAnyStaticNodeAnExclusiveRunFailsWithIsolatedFalseAndTheReason() throws Exception {
        cluster.node("shared-1", 4, "none", "bench");
        RunContext ctx = queued(Runs.dispatch("r1", now));
        new QueueStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        var isolated =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_ISOLATED).orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("CpuManagerNotStatic");
        assertThat(isolated.getMessage()).contains("shared-1 (cpuManagerPolicy none)");
        assertThat(Conditions.get(ctx.status(), CrdConstants.CONDITION_COMPLETED)
                        .orElseThrow()
                        .getReason())
                .as("the real reason, not just Failed")
                .isEqualTo("CpuManagerNotStatic");
    }

    @Test
    void aKubeletThatRefusesTheOperatorFailsAnExclusiveRunAtOnceSayingWhy() throws Exception {
        cluster.node("old-1", 4, "static", "bench").node("shared-1", 4, "none", "bench");
        cluster.kubelets.put(
                "old-1", KubeletFacts.refused("the kubelet on node old-1 authorizes GET /configz only as nodes/proxy"));
        RunContext ctx = queued(Runs.dispatch("r1", now));
        new QueueStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        var isolated =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_ISOLATED).orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("KubeletConfigUnreadable");
        assertThat(isolated.getMessage())
                .contains("old-1 (the kubelet on node old-1 authorizes GET /configz only as nodes/proxy)")
                .contains("shared-1 (cpuManagerPolicy none)");
    }

    @Test
    void anUnreachableKubeletKeepsTheRunQueuedSayingSoAndARefusingOneIsPassedOver() throws Exception {
        cluster.node("bench-1", 4, "static", "bench").node("old-1", 4, "static", "bench");
        cluster.kubelets.put(
                "bench-1", KubeletFacts.unreadable("GET https://10.0.0.7:10250/configz failed: connection refused"));
        cluster.kubelets.put(
                "old-1", KubeletFacts.refused("the kubelet on node old-1 did not authenticate the operator"));
        RunContext ctx = queued(Runs.dispatch("r1", now));
        assertThat(new QueueStep().apply(ctx).next()).isFalse();
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        assertThat(ctx.status().getMessage())
                .contains("bench-1 (GET https://10.0.0.7:10250/configz failed: connection refused)");

        cluster.kubelets.put("bench-1", KubeletFacts.read("static", "0"));
        assertThat(new QueueStep().apply(ctx).next()).isTrue();
        assertThat(ctx.status().getNodes()).containsExactly("bench-1");
    }

    @Test
    void theAdmittedNodesKubeletUnreadableAtPreflightFailsTheRunNamingWhy() throws Exception {
        cluster.node("bench-1", 4, "static", "bench");
        RunContext ctx = queued(Runs.dispatch("r1", now));
        assertThat(new QueueStep().apply(ctx).next()).isTrue();
        cluster.kubelets.put(
                "bench-1", KubeletFacts.refused("the kubelet's serving certificate on node bench-1 is not trusted"));
        new PreflightStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        var isolated =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_ISOLATED).orElseThrow();
        assertThat(isolated.getReason()).isEqualTo("KubeletConfigUnreadable");
        assertThat(isolated.getMessage())
                .isEqualTo("node bench-1: the kubelet's serving certificate on node bench-1 is not trusted");
    }

    @Test
    void aSecondExclusiveRunWaitsQueuedWithItsPositionWhileTheNodeIsHeld() throws Exception {
        cluster.node("bench-1", 4, "static", "bench");
        cluster.runs.add(Runs.inPhase(Runs.dispatch("first", now.minusSeconds(60)), Phase.Running, "bench-1"));
        RunContext ctx = queued(Runs.dispatch("second", now));
        var outcome = new QueueStep().apply(ctx);
        assertThat(outcome.next()).isFalse();
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        assertThat(ctx.status().getQueuePosition()).isEqualTo(1);
        assertThat(ctx.status().getMessage()).contains("busy: bench-1 (team-a/first)");
    }

    @Test
    void aRunNeedingMoreCpusThanAnyNodeHasFailsAtOnceNotPlaceableWithTheNumbers() throws Exception {
        cluster.node("bench-1", 1, "static", "bench");
        RunContext ctx = queued(Runs.dispatch("big", now));
        new QueueStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        String why =
                "asks 2 whole CPUs and 2560Mi of memory on one node; the most any of the 1 node(s) matching nodeSelector"
                        + " isobench.io/pool (any value) has allocatable: 1 CPUs (bench-1), 16Gi of memory (bench-1)";
        assertThat(ctx.status().getMessage()).isEqualTo(why);
        var placeable =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_PLACEABLE).orElseThrow();
        assertThat(placeable.getStatus()).isEqualTo("False");
        assertThat(placeable.getReason()).isEqualTo("Unschedulable");
        assertThat(placeable.getMessage()).isEqualTo(why);
    }

    @Test
    void withNoNodeInItsPoolARunWaitsQueuedNotPlaceableUntilANodeIsLabelled() throws Exception {
        cluster.node("other-1", 4, "static", "other");
        BenchmarkRun run = Runs.dispatch("lonely", now);
        run.getSpec().getPlacement().setNodeSelector(java.util.Map.of("isobench.io/pool", "bench"));
        RunContext ctx = queued(run);
        assertThat(new QueueStep().apply(ctx).next()).isFalse();
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        var placeable =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_PLACEABLE).orElseThrow();
        assertThat(placeable.getStatus()).isEqualTo("False");
        assertThat(placeable.getReason()).isEqualTo("NoMatchingNode");
        assertThat(placeable.getMessage()).contains("nodeSelector isobench.io/pool=bench");
        assertThat(ctx.status().getMessage()).isEqualTo(placeable.getMessage());

        cluster.node("bench-1", 4, "static", "bench");
        assertThat(new QueueStep().apply(ctx).next()).isTrue();
        assertThat(Conditions.get(ctx.status(), CrdConstants.CONDITION_PLACEABLE)
                        .orElseThrow()
                        .getReason())
                .isEqualTo("Fits");
        assertThat(ctx.status().getNodes()).containsExactly("bench-1");
    }

    @Test
    void aNodeThatFitsButIsNotReadyKeepsTheRunQueuedAndPlaceable() throws Exception {
        cluster.node("bench-1", 4, "static", "bench");
        cluster.nodes.getFirst().getStatus().getConditions().getFirst().setStatus("False");
        RunContext ctx = queued(Runs.dispatch("r1", now));
        assertThat(new QueueStep().apply(ctx).next()).isFalse();
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        assertThat(Conditions.isTrue(ctx.status(), CrdConstants.CONDITION_PLACEABLE))
                .isTrue();
        assertThat(ctx.status().getMessage())
                .isEqualTo("no Ready, schedulable node among those with room for it: bench-1 (NotReady)");
    }

    @Test
    void aSharedRunGoesToANonStaticNodeAndIsNeverIsolated() throws Exception {
        cluster.node("shared-1", 4, "none", "shared");
        BenchmarkRun run = Runs.shared(Runs.dispatch("s", now));
        RunContext ctx = queued(run);
        new QueueStep().apply(ctx);
        new PreflightStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Scheduled);
        assertThat(ctx.status().getIsolation().getMode()).isEqualTo("Shared");
    }

    @Test
    void preflightAsksNoKubeletWhileDecidingOneNotYetReadIsReadByTheActionAndJudgedNext() throws Exception {
        cluster.node("shared-1", 4, "none", "shared");
        RunContext ctx = queued(Runs.shared(Runs.dispatch("s", now)));
        assertThat(new QueueStep().apply(ctx).next()).isTrue();
        cluster.notReadYet.add("shared-1");
        var outcome = new PreflightStep().apply(ctx);
        assertThat(cluster.kubeletReads)
                .as("no kubelet is asked while deciding")
                .isEmpty();
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        assertThat(outcome.recheck()).as("judged as soon as it is read").isEqualTo(Duration.ZERO);
        outcome.action().run();
        assertThat(cluster.kubeletReads)
                .as("read by the action, after the status is stored")
                .containsExactly("shared-1");
        new PreflightStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Scheduled);
        assertThat(ctx.status().getIsolation().getCpuManagerPolicy()).isEqualTo("none");
    }

    @Test
    void aRunFailedAtPreflightGivesItsNodeBackOnlyOnceItsFailureIsStored() throws Exception {
        cluster.node("bench-1", 4, "static", "bench");
        RunContext ctx = queued(Runs.dispatch("r1", now));
        assertThat(new QueueStep().apply(ctx).next()).isTrue();
        cluster.kubelets.put("bench-1", KubeletFacts.read("none", null));
        var outcome = new PreflightStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        String uid = ctx.run().getMetadata().getUid();
        assertThat(cluster.ledger.holders(cluster.runs))
                .as("still held while the failure is not stored")
                .containsKey(uid);
        outcome.action().run();
        assertThat(cluster.ledger.holders(cluster.runs))
                .as("given back by the action")
                .doesNotContainKey(uid);
    }

    @Test
    void theQueueAsksNoKubeletWhileDecidingThoseNotYetReadAreReadByTheActionAndTheRunAdmittedNext() throws Exception {
        cluster.node("bench-1", 4, "static", "bench").node("bench-2", 4, "static", "bench");
        cluster.notReadYet.addAll(List.of("bench-1", "bench-2"));
        RunContext ctx = queued(Runs.dispatch("r1", now));
        var outcome = new QueueStep().apply(ctx);
        assertThat(cluster.kubeletReads)
                .as("no kubelet is asked while deciding")
                .isEmpty();
        assertThat(outcome.next()).isFalse();
        assertThat(ctx.status().getNodes())
                .as("not admitted before its isolation can be judged")
                .isNull();
        assertThat(outcome.recheck()).isEqualTo(Duration.ZERO);
        outcome.action().run();
        assertThat(cluster.kubeletReads)
                .as("read by the action, after the status is stored")
                .containsExactly("bench-1", "bench-2");
        assertThat(new QueueStep().apply(ctx).next()).isTrue();
        assertThat(ctx.status().getNodes()).containsExactly("bench-1");
    }

    @Test
    void anUnreachableKubeletIsAskedAgainOnlyByTheActionWhileTheRunWaits() throws Exception {
        cluster.node("bench-1", 4, "static", "bench");
        cluster.kubelets.put(
                "bench-1", KubeletFacts.unreadable("GET https://10.0.0.7:10250/configz failed: connection refused"));
        RunContext ctx = queued(Runs.dispatch("r1", now));
        var outcome = new QueueStep().apply(ctx);
        assertThat(ctx.status().getMessage())
                .startsWith("cannot verify isolation yet: kubelet config unreadable on bench-1");
        assertThat(cluster.kubeletReads)
                .as("no kubelet is asked while deciding")
                .isEmpty();
        outcome.action().run();
        assertThat(cluster.kubeletReads)
                .as("asked again after the status is stored")
                .containsExactly("bench-1");
    }
}
