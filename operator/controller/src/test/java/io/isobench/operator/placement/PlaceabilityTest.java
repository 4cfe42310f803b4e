package io.isobench.operator.placement;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RoleResources;
import io.isobench.operator.workload.ResourcePlan;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlaceabilityTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final Map<String, String> BENCH = Map.of("isobench.io/pool", "bench");

    static Node node(String name, String pool, int cpus, String memory, boolean ready) {
        return new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("isobench.io/pool", pool)
                .endMetadata()
                .withNewStatus()
                .addToAllocatable("cpu", new Quantity(String.valueOf(cpus)))
                .addToAllocatable("memory", new Quantity(memory))
                .addNewCondition()
                .withType("Ready")
                .withStatus(ready ? "True" : "False")
                .endCondition()
                .endStatus()
                .build();
    }

    private static Placeability assess(BenchmarkRun run, Map<String, String> selector, Node... nodes) {
        return Placeability.assess(ResourcePlan.of(run.getSpec()), selector, List.of(nodes));
    }

    @Test
    void noNodeWithThePoolLabelIsNotPlaceableNamingTheSelectorAndHowToLabelANode() {
        Placeability p = assess(Runs.dispatch("r", NOW), BENCH, node("other-1", "other", 8, "16Gi", true));
        assertThat(p.fits()).isFalse();
        assertThat(p.reason()).isEqualTo("NoMatchingNode");
        assertThat(p.message())
                .isEqualTo("no node matches nodeSelector isobench.io/pool=bench"
                        + " (label one: kubectl label node <node> isobench.io/pool=bench)");
        assertThat(p.lasting())
                .as("a node may be labelled later: the run waits")
                .isFalse();
    }

    @Test
    void theDefaultPoolSelectorAsksForTheLabelWithAnyValue() {
        Placeability p = assess(Runs.dispatch("r", NOW), Map.of("isobench.io/pool", ""));
        assertThat(p.message())
                .isEqualTo("no node matches nodeSelector isobench.io/pool (any value)"
                        + " (label one: kubectl label node <node> isobench.io/pool=<pool>)");
    }

    @Test
    void tooFewWholeCpusOnEveryNodeNamesWhatTheRunAsksAndTheLargestAllocatable() {
        BenchmarkRun run = Runs.dispatch("r", NOW);
        var client = new RoleResources();
        client.setCpus(5);
        run.getSpec().getPlacement().setClient(client);
        Placeability p = assess(
                run, BENCH, node("bench-1", "bench", 4, "8Gi", true), node("bench-2", "bench", 2, "32Gi", false));
        assertThat(p.fits()).isFalse();
        assertThat(p.lasting()).isTrue();
        assertThat(p.reason()).isEqualTo("Unschedulable");
        assertThat(p.message())
                .isEqualTo(
                        "asks 6 whole CPUs and 2560Mi of memory on one node; the most any of the 2 node(s)"
                                + " matching nodeSelector isobench.io/pool=bench has allocatable: 4 CPUs (bench-1), 32Gi of memory (bench-2)");
    }

    @Test
    void tooLittleMemoryOnEveryNodeIsUnschedulableToo() {
        BenchmarkRun run = Runs.dispatch("r", NOW);
        var client = new RoleResources();
        client.setMemory("24Gi");
        run.getSpec().getPlacement().setClient(client);
        Placeability p = assess(run, BENCH, node("bench-1", "bench", 4, "16Gi", true));
        assertThat(p.reason()).isEqualTo("Unschedulable");
        assertThat(p.message())
                .startsWith("asks 2 whole CPUs and 24Gi of memory on one node;")
                .endsWith("4 CPUs (bench-1), 16Gi of memory (bench-1)");
    }

    @Test
    void aNodeThatFitsMakesTheRunPlaceableEvenWhileItIsNotReady() {
        Placeability p = assess(
                Runs.dispatch("r", NOW),
                BENCH,
                node("bench-1", "bench", 1, "64Gi", true),
                node("bench-2", "bench", 2, "3Gi", false));
        assertThat(p.fits()).isTrue();
        assertThat(p.reason()).isEqualTo("Fits");
        assertThat(p.nodes()).extracting(n -> n.getMetadata().getName()).containsExactly("bench-2");
        assertThat(p.message())
                .isEqualTo(
                        "1 of 2 node(s) matching nodeSelector isobench.io/pool=bench have the 2 whole CPUs and 2560Mi"
                                + " of memory it asks allocatable: bench-2");
    }

    @Test
    void exclusiveLoadPodsNeedANodeEachAndSharedOnesOneAtLeast() {
        BenchmarkRun run = Runs.parallelUdp("p", NOW, 3);
        run.getSpec().getPlacement().setNodeSelector(BENCH);
        Placeability two =
                assess(run, BENCH, node("bench-1", "bench", 4, "8Gi", true), node("bench-2", "bench", 4, "8Gi", true));
        assertThat(two.reason()).as("a third node may join the pool").isEqualTo("NoMatchingNode");
        assertThat(two.message())
                .isEqualTo(
                        "load.parallelism 3 with isolation Exclusive (a node for each load pod) needs 3 nodes matching"
                                + " nodeSelector isobench.io/pool=bench; 2 does: bench-1, bench-2");

        Runs.shared(run);
        assertThat(assess(run, BENCH, node("bench-1", "bench", 4, "8Gi", true)).fits())
                .as("Shared load pods may share one node")
                .isTrue();
    }

    @Test
    void separateNodesNeedTwoNodesThatFitEachTheBiggerRole() {
        BenchmarkRun run = Runs.tcpEcho("r", NOW, PlacementSpec.Topology.SeparateNodes);
        run.getSpec().getPlacement().setNodeSelector(BENCH);
        var server = new RoleResources();
        server.setCpus(3);
        run.getSpec().getPlacement().setServer(server);
        Placeability one = assess(run, BENCH, node("bench-1", "bench", 4, "8Gi", true));
        assertThat(one.reason()).as("a second node may join the pool").isEqualTo("NoMatchingNode");
        assertThat(one.message())
                .isEqualTo(
                        "topology SeparateNodes (the server on a node of its own) needs 2 nodes matching nodeSelector"
                                + " isobench.io/pool=bench; 1 does: bench-1");
        Placeability small =
                assess(run, BENCH, node("bench-1", "bench", 4, "8Gi", true), node("bench-2", "bench", 2, "8Gi", true));
        assertThat(small.reason()).isEqualTo("Unschedulable");
        assertThat(small.message())
                .isEqualTo("asks 3 whole CPUs and 1536Mi of memory on each of 2 nodes; 1 of the 2 node(s) matching"
                        + " nodeSelector isobench.io/pool=bench has them (bench-1); the most any has allocatable: 4 CPUs (bench-1),"
                        + " 8Gi of memory (bench-1)");
        assertThat(assess(
                                run,
                                BENCH,
                                node("bench-1", "bench", 4, "8Gi", true),
                                node("bench-2", "bench", 3, "8Gi", true))
                        .fits())
                .isTrue();
    }

    @Test
    void aServerOnTheSameNodeAddsItsCpusAndMemory() {
        BenchmarkRun run = Runs.tcpEcho("r", NOW, PlacementSpec.Topology.SameNode);
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        assertThat(plan.cpusPerNode()).isEqualTo(2);
        assertThat(plan.memoryPerNodeBytes()).isEqualTo(2 * 1536L * 1024 * 1024);
    }
}
