package io.isobench.operator.placement;

import static io.isobench.operator.Runs.dispatch;
import static io.isobench.operator.Runs.inPhase;
import static io.isobench.operator.Runs.shared;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeLedgerTest {

    private final Instant t0 = Instant.parse("2026-11-23T10:00:00Z");
    private static final List<Pod> NO_PODS = List.of();
    private final NodeLedger ledger = new NodeLedger();

    @Test
    void theOldestQueuedRunOfAPoolIsAdmittedFirstAndTheOthersGetTheirPosition() {
        BenchmarkRun first = inPhase(dispatch("first", t0), Phase.Queued);
        BenchmarkRun second = inPhase(dispatch("second", t0.plusSeconds(1)), Phase.Queued);
        BenchmarkRun third = inPhase(dispatch("third", t0.plusSeconds(2)), Phase.Queued);
        List<BenchmarkRun> all = List.of(third, second, first);

        assertThat(ledger.admit(third, "default", all, NO_PODS, List.of("bench-1"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Waiting(
                        3, "waiting behind 2 run(s) for pool default (first: team-a/first)"));
        assertThat(ledger.admit(first, "default", all, NO_PODS, List.of("bench-1"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
        // The admission holds before the status says so: nobody else gets bench-1.
        var secondAdmission = ledger.admit(second, "default", all, NO_PODS, List.of("bench-1"), 1, t0);
        assertThat(secondAdmission).isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(((NodeLedger.Admission.Waiting) secondAdmission).position()).isEqualTo(1);
        assertThat(((NodeLedger.Admission.Waiting) secondAdmission).reason()).contains("bench-1 (team-a/first)");
    }

    @Test
    void aNodeIsFreedWhenItsRunEndsAndAnOperatorRestartRebuildsHoldersFromStatus() {
        BenchmarkRun running = inPhase(dispatch("running", t0), Phase.Running, "bench-1");
        BenchmarkRun queued = inPhase(dispatch("queued", t0.plusSeconds(1)), Phase.Queued);
        var restarted = new NodeLedger();
        assertThat(restarted.admit(queued, "default", List.of(running, queued), NO_PODS, List.of("bench-1"), 1, t0))
                .isInstanceOf(NodeLedger.Admission.Waiting.class);
        BenchmarkRun ended = inPhase(running, Phase.Succeeded, "bench-1");
        assertThat(restarted.admit(queued, "default", List.of(ended, queued), NO_PODS, List.of("bench-1"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void sharedRunsShareANodeWithEachOtherButNeverWithAnExclusiveRun() {
        BenchmarkRun sharedA = inPhase(shared(dispatch("shared-a", t0)), Phase.Running, "node-1");
        BenchmarkRun sharedB = inPhase(shared(dispatch("shared-b", t0.plusSeconds(1))), Phase.Queued);
        BenchmarkRun exclusive = inPhase(dispatch("exclusive", t0.plusSeconds(2)), Phase.Queued);
        assertThat(ledger.admit(sharedB, "default", List.of(sharedA, sharedB), NO_PODS, List.of("node-1"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("node-1")));
        assertThat(ledger.admit(exclusive, "default", List.of(sharedA, exclusive), NO_PODS, List.of("node-1"), 1, t0))
                .isInstanceOf(NodeLedger.Admission.Waiting.class);
    }

    @Test
    void poolsQueueIndependentlyAndTwoNodeRunsWaitForTwoFreeNodes() {
        BenchmarkRun other = inPhase(dispatch("other-pool", t0), Phase.Queued);
        other.getSpec().getPlacement().setNodeSelector(java.util.Map.of("isobench.io/pool", "big"));
        BenchmarkRun mine = inPhase(dispatch("mine", t0.plusSeconds(5)), Phase.Queued);
        BenchmarkRun holder = inPhase(dispatch("holder", t0.minusSeconds(5)), Phase.Running, "bench-2");
        List<BenchmarkRun> all = List.of(other, mine, holder);
        assertThat(ledger.admit(mine, "default", all, NO_PODS, List.of("bench-1", "bench-2"), 2, t0))
                .isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(ledger.admit(mine, "default", all, NO_PODS, List.of("bench-1", "bench-2"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void withTwoFreeNodesTheSecondInLineIsAdmittedWithoutWaitingForTheFirstsTurn() {
        BenchmarkRun first = inPhase(dispatch("first", t0), Phase.Queued);
        BenchmarkRun second = inPhase(dispatch("second", t0.plusSeconds(1)), Phase.Queued);
        BenchmarkRun third = inPhase(dispatch("third", t0.plusSeconds(2)), Phase.Queued);
        List<BenchmarkRun> all = List.of(first, second, third);
        // the second may go now: the first will still find bench-1 free
        assertThat(ledger.admit(second, "default", all, NO_PODS, List.of("bench-1", "bench-2"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-2")));
        assertThat(ledger.admit(third, "default", all, NO_PODS, List.of("bench-1", "bench-2"), 1, t0))
                .isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(ledger.admit(first, "default", all, NO_PODS, List.of("bench-1", "bench-2"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void anOlderRunNotYetReconciledIsNotOvertakenByANewerOne() {
        // 50 runs applied at once: the newest may ask for a node before the oldest was first reconciled
        BenchmarkRun oldest = dispatch("burst-00", t0);
        BenchmarkRun pending = inPhase(dispatch("burst-01", t0), Phase.Pending);
        BenchmarkRun newer = inPhase(dispatch("burst-02", t0), Phase.Queued);
        List<BenchmarkRun> all = List.of(newer, pending, oldest);
        assertThat(ledger.admit(newer, "default", all, NO_PODS, List.of("real-1"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Waiting(
                        3, "waiting behind 2 run(s) for pool default (first: team-a/burst-00)"));
        assertThat(ledger.admit(inPhase(oldest, Phase.Queued), "default", all, NO_PODS, List.of("real-1"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("real-1")));
    }

    @Test
    void anEndedRunKeepsItsNodeWhileAPodOfItStillRunsThereAndFreesItOnceThePodHasTerminatedOrIsGone() {
        BenchmarkRun ended = inPhase(dispatch("ended", t0), Phase.Succeeded, "bench-1");
        BenchmarkRun queued = inPhase(dispatch("queued", t0.plusSeconds(1)), Phase.Queued);
        List<BenchmarkRun> all = List.of(ended, queued);
        Pod stopping = pod(ended, "ended-server", "bench-1", "Running");
        stopping.getMetadata().setDeletionTimestamp(t0.plusSeconds(5).toString());

        var waiting = ledger.admit(queued, "default", all, List.of(stopping), List.of("bench-1"), 1, t0);
        assertThat(waiting)
                .isEqualTo(
                        new NodeLedger.Admission.Waiting(
                                1,
                                "first in line for pool default; needs 1 free node(s), busy: bench-1 (team-a/ended: pod ended-server still there)"));
        assertThat(ledger.admit(
                        queued,
                        "default",
                        all,
                        List.of(pod(ended, "ended-server", "bench-1", "Succeeded")),
                        List.of("bench-1"),
                        1,
                        t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void aPodNotYetBoundHoldsTheNodeItsAffinityPinsItTo() {
        BenchmarkRun deleted = dispatch("deleted", t0);
        BenchmarkRun queued = inPhase(dispatch("queued", t0.plusSeconds(1)), Phase.Queued);
        Pod pending = pod(deleted, "deleted-client", null, "Pending");
        pending.getSpec()
                .setAffinity(new io.fabric8.kubernetes.api.model.AffinityBuilder()
                        .withNewNodeAffinity()
                        .withNewRequiredDuringSchedulingIgnoredDuringExecution()
                        .addNewNodeSelectorTerm()
                        .addNewMatchField()
                        .withKey("metadata.name")
                        .withOperator("In")
                        .withValues("bench-1")
                        .endMatchField()
                        .endNodeSelectorTerm()
                        .endRequiredDuringSchedulingIgnoredDuringExecution()
                        .endNodeAffinity()
                        .build());
        // the run itself is gone from the cache (deleted); its pod still counts
        assertThat(ledger.admit(
                        queued, "default", List.of(queued), List.of(pending), List.of("bench-1", "bench-2"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-2")));
    }

    @Test
    void aRunBackInTheQueueIsNotGivenTheNodeItsOwnEarlierAttemptStillOccupies() {
        BenchmarkRun requeued = inPhase(dispatch("requeued", t0), Phase.Queued);
        Pod lost = pod(requeued, "requeued-a1", "bench-1", "Running");
        assertThat(ledger.admit(
                        requeued, "default", List.of(requeued), List.of(lost), List.of("bench-1", "bench-2"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-2")));
    }

    @Test
    void namespacesTakeTurnsTheOneServedLeastRecentlyFirstEachInFifoOrder() {
        BenchmarkRun a1 = inPhase(dispatch("a1", t0), Phase.Queued);
        BenchmarkRun a2 = inPhase(dispatch("a2", t0.plusSeconds(1)), Phase.Queued);
        BenchmarkRun a3 = inPhase(dispatch("a3", t0.plusSeconds(2)), Phase.Queued);
        BenchmarkRun b1 = inNamespace("team-b", inPhase(dispatch("b1", t0.plusSeconds(3)), Phase.Queued));
        BenchmarkRun b2 = inNamespace("team-b", inPhase(dispatch("b2", t0.plusSeconds(4)), Phase.Queued));
        BenchmarkRun c1 = inNamespace("team-c", inPhase(dispatch("c1", t0.plusSeconds(5)), Phase.Queued));
        List<BenchmarkRun> fifo = List.of(a1, a2, a3, b1, b2, c1);
        // nobody served yet: the namespace whose oldest run came first begins
        assertThat(names(NodeLedger.inTurn(fifo, "default", fifo, java.util.Map.of(), java.util.Map.of())))
                .containsExactly("a1", "b1", "c1", "a2", "b2", "a3");

        // team-a was served most recently (a0 started after team-b's b0): team-c (never served) goes first, then team-b
        BenchmarkRun a0 = inPhase(dispatch("a0", t0.minusSeconds(60)), Phase.Running, "bench-1");
        a0.getStatus().setStartTime(t0.minusSeconds(10));
        BenchmarkRun b0 =
                inNamespace("team-b", inPhase(dispatch("b0", t0.minusSeconds(90)), Phase.Succeeded, "bench-1"));
        b0.getStatus().setStartTime(t0.minusSeconds(50));
        var all = new java.util.ArrayList<>(fifo);
        all.addAll(List.of(a0, b0));
        assertThat(names(NodeLedger.inTurn(fifo, "default", all, java.util.Map.of(), java.util.Map.of())))
                .containsExactly("c1", "b1", "a1", "b2", "a2", "a3");

        // and the queue admits in that order: team-b's run goes before team-a's older ones
        assertThat(ledger.admit(b1, "default", all, NO_PODS, List.of("bench-2"), 1, t0))
                .isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(((NodeLedger.Admission.Waiting) ledger.admit(a1, "default", all, NO_PODS, List.of("bench-2"), 1, t0))
                        .position())
                .isEqualTo(3);
        assertThat(ledger.admit(c1, "default", all, NO_PODS, List.of("bench-2"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-2")));
        assertThat(names(ledger.queueHeads(all))).containsExactly("b1");
    }

    private static BenchmarkRun inNamespace(String namespace, BenchmarkRun run) {
        run.getMetadata().setNamespace(namespace);
        return run;
    }

    private static List<String> names(List<BenchmarkRun> runs) {
        return runs.stream().map(r -> r.getMetadata().getName()).toList();
    }

    private static Pod pod(BenchmarkRun run, String name, String node, String phase) {
        return new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels(CrdConstants.LABEL_RUN_UID, run.getMetadata().getUid())
                .addToAnnotations(
                        CrdConstants.ANNOTATION_RUN_NAME, run.getMetadata().getName())
                .addToAnnotations(
                        CrdConstants.ANNOTATION_RUN_NAMESPACE, run.getMetadata().getNamespace())
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .endSpec()
                .withNewStatus()
                .withPhase(phase)
                .endStatus()
                .build();
    }

    @Test
    void aNamespaceWhoseServedRunWasDeletedStillWaitsItsTurn() {
        BenchmarkRun a1 = inPhase(dispatch("a1", t0), Phase.Queued);
        BenchmarkRun a2 = inPhase(dispatch("a2", t0.plusSeconds(1)), Phase.Queued);
        BenchmarkRun b1 = inNamespace("team-b", inPhase(dispatch("b1", t0.plusSeconds(2)), Phase.Queued));
        assertThat(ledger.admit(a1, "default", List.of(a1, a2, b1), NO_PODS, List.of("bench-1"), 1, t0.plusSeconds(3)))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
        // a1 ran and was deleted: nothing in the cache says team-a was served, the ledger remembers it
        var next = ledger.admit(a2, "default", List.of(a2, b1), NO_PODS, List.of("bench-1"), 1, t0.plusSeconds(60));
        assertThat(next).isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(((NodeLedger.Admission.Waiting) next).position()).isEqualTo(2);
        assertThat(ledger.admit(b1, "default", List.of(a2, b1), NO_PODS, List.of("bench-1"), 1, t0.plusSeconds(60)))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void aRunBackInTheQueueIsPlacedAfreshWhileTheCacheStillShowsItHoldingItsLostNode() {
        BenchmarkRun requeued = inPhase(dispatch("requeued", t0), Phase.Queued);
        // the informer has not yet seen the status this reconcile's copy comes from
        BenchmarkRun cached = inPhase(requeued, Phase.Running, "bench-1");
        assertThat(ledger.admit(requeued, "default", List.of(cached), NO_PODS, List.of("bench-2"), 1, t0))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-2")));
    }
}
