package io.isobench.operator.placement;

import static io.isobench.operator.Runs.dispatch;
import static io.isobench.operator.Runs.inPhase;
import static io.isobench.operator.Runs.shared;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeLedgerTest {

    private final Instant t0 = Instant.parse("2026-11-23T10:00:00Z");
    private final NodeLedger ledger = new NodeLedger();

    @Test
    void theOldestQueuedRunOfAPoolIsAdmittedFirstAndTheOthersGetTheirPosition() {
        BenchmarkRun first = inPhase(dispatch("first", t0), Phase.Queued);
        BenchmarkRun second = inPhase(dispatch("second", t0.plusSeconds(1)), Phase.Queued);
        BenchmarkRun third = inPhase(dispatch("third", t0.plusSeconds(2)), Phase.Queued);
        List<BenchmarkRun> all = List.of(third, second, first);

        assertThat(ledger.admit(third, "default", all, List.of("bench-1"), 1))
                .isEqualTo(new NodeLedger.Admission.Waiting(3, "waiting behind 2 earlier run(s) for pool default (first: team-a/first)"));
        assertThat(ledger.admit(first, "default", all, List.of("bench-1"), 1)).isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
        // The admission holds before the status says so: nobody else gets bench-1.
        var secondAdmission = ledger.admit(second, "default", all, List.of("bench-1"), 1);
        assertThat(secondAdmission).isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(((NodeLedger.Admission.Waiting) secondAdmission).position()).isEqualTo(1);
        assertThat(((NodeLedger.Admission.Waiting) secondAdmission).reason()).contains("bench-1 (team-a/first)");
    }

    @Test
    void aNodeIsFreedWhenItsRunEndsAndAnOperatorRestartRebuildsHoldersFromStatus() {
        BenchmarkRun running = inPhase(dispatch("running", t0), Phase.Running, "bench-1");
        BenchmarkRun queued = inPhase(dispatch("queued", t0.plusSeconds(1)), Phase.Queued);
        var restarted = new NodeLedger();
        assertThat(restarted.admit(queued, "default", List.of(running, queued), List.of("bench-1"), 1)).isInstanceOf(NodeLedger.Admission.Waiting.class);
        BenchmarkRun ended = inPhase(running, Phase.Succeeded, "bench-1");
        assertThat(restarted.admit(queued, "default", List.of(ended, queued), List.of("bench-1"), 1)).isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void sharedRunsShareANodeWithEachOtherButNeverWithAnExclusiveRun() {
        BenchmarkRun sharedA = inPhase(shared(dispatch("shared-a", t0)), Phase.Running, "node-1");
        BenchmarkRun sharedB = inPhase(shared(dispatch("shared-b", t0.plusSeconds(1))), Phase.Queued);
        BenchmarkRun exclusive = inPhase(dispatch("exclusive", t0.plusSeconds(2)), Phase.Queued);
        assertThat(ledger.admit(sharedB, "default", List.of(sharedA, sharedB), List.of("node-1"), 1))
                .isEqualTo(new NodeLedger.Admission.Admitted(List.of("node-1")));
        assertThat(ledger.admit(exclusive, "default", List.of(sharedA, exclusive), List.of("node-1"), 1)).isInstanceOf(NodeLedger.Admission.Waiting.class);
    }

    @Test
    void poolsQueueIndependentlyAndTwoNodeRunsWaitForTwoFreeNodes() {
        BenchmarkRun other = inPhase(dispatch("other-pool", t0), Phase.Queued);
        other.getSpec().getPlacement().setNodeSelector(java.util.Map.of("isobench.io/pool", "big"));
        BenchmarkRun mine = inPhase(dispatch("mine", t0.plusSeconds(5)), Phase.Queued);
        BenchmarkRun holder = inPhase(dispatch("holder", t0.minusSeconds(5)), Phase.Running, "bench-2");
        List<BenchmarkRun> all = List.of(other, mine, holder);
        assertThat(ledger.admit(mine, "default", all, List.of("bench-1", "bench-2"), 2)).isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(ledger.admit(mine, "default", all, List.of("bench-1", "bench-2"), 1)).isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void withTwoFreeNodesTheSecondInLineIsAdmittedWithoutWaitingForTheFirstsTurn() {
        BenchmarkRun first = inPhase(dispatch("first", t0), Phase.Queued);
        BenchmarkRun second = inPhase(dispatch("second", t0.plusSeconds(1)), Phase.Queued);
        BenchmarkRun third = inPhase(dispatch("third", t0.plusSeconds(2)), Phase.Queued);
        List<BenchmarkRun> all = List.of(first, second, third);
        // the second may go now: the first will still find bench-1 free
        assertThat(ledger.admit(second, "default", all, List.of("bench-1", "bench-2"), 1)).isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-2")));
        assertThat(ledger.admit(third, "default", all, List.of("bench-1", "bench-2"), 1)).isInstanceOf(NodeLedger.Admission.Waiting.class);
        assertThat(ledger.admit(first, "default", all, List.of("bench-1", "bench-2"), 1)).isEqualTo(new NodeLedger.Admission.Admitted(List.of("bench-1")));
    }

    @Test
    void anOlderRunNotYetReconciledIsNotOvertakenByANewerOne() {
        // 50 runs applied at once: the newest may ask for a node before the oldest was first reconciled
        BenchmarkRun oldest = dispatch("burst-00", t0);
        BenchmarkRun pending = inPhase(dispatch("burst-01", t0), Phase.Pending);
        BenchmarkRun newer = inPhase(dispatch("burst-02", t0), Phase.Queued);
        List<BenchmarkRun> all = List.of(newer, pending, oldest);
        assertThat(ledger.admit(newer, "default", all, List.of("real-1"), 1))
                .isEqualTo(new NodeLedger.Admission.Waiting(3, "waiting behind 2 earlier run(s) for pool default (first: team-a/burst-00)"));
        assertThat(ledger.admit(inPhase(oldest, Phase.Queued), "default", all, List.of("real-1"), 1)).isEqualTo(new NodeLedger.Admission.Admitted(List.of("real-1")));
    }
}
