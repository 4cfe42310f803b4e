package io.isobench.operator.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.placement.Placeability;
import io.isobench.operator.workload.ResourcePlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/operator.md "Preparing dedicated nodes": the whole CPUs and memory each example asks of a node, computed by the
 * code the queue uses ({@link ResourcePlan}, as {@link Placeability} compares it with a node's allocatable).
 */
class NodeSizingDocTest {

    @Test
    void theNodeSizesInTheDocsAreWhatTheQueueAsksForEachExample() throws IOException {
        GeneratedDocs.assertBlock("docs/operator.md", "node-sizing", render());
    }

    @Test
    void theTableCoversEveryExampleAndTheRsocketSeedNeedsFourCpusAndEightGibibytes() throws IOException {
        String table = render();
        assertThat(examples())
                .hasSizeGreaterThanOrEqualTo(8)
                .allSatisfy(f -> assertThat(table).contains("`" + f + "`"));
        assertThat(table).contains("| `examples/seeds/rsocket.yaml` | rsocket | Exclusive | 1 | 4 | 8Gi |");
    }

    @Test
    void theChartsNotesGiveWhatTheFirstExampleAsks() throws IOException {
        BenchmarkRun first = Serialization.unmarshal(
                Files.readString(GeneratedDocs.repoRoot().resolve("examples/seeds/dispatch.yaml")), BenchmarkRun.class);
        ResourcePlan plan = ResourcePlan.of(first.getSpec());
        assertThat(Files.readString(GeneratedDocs.repoRoot().resolve("charts/isobench/templates/NOTES.txt")))
                .as("NOTES.txt, step 2")
                .contains("It asks a node for " + plan.cpusPerNode() + " whole allocatable CPUs and "
                        + Placeability.size(plan.memoryPerNodeBytes()));
    }

    static String render() throws IOException {
        var out = new StringBuilder("""
                | example | target | isolation | nodes | whole CPUs per node | memory per node |
                |---|---|---|---:|---:|---:|
                """);
        for (String file : examples()) {
            BenchmarkRun run = Serialization.unmarshal(
                    Files.readString(GeneratedDocs.repoRoot().resolve(file)), BenchmarkRun.class);
            ResourcePlan plan = ResourcePlan.of(run.getSpec());
            out.append("| `")
                    .append(file)
                    .append("` | ")
                    .append(TargetProfiles.of(run.getSpec().getTarget()).runnerName())
                    .append(" | ")
                    .append(run.getSpec().getPlacement().getIsolation())
                    .append(" | ")
                    // Shared load pods take one node at least and one each where free, sharing what they get
                    .append(
                            plan.nodesWanted() > plan.nodesNeeded()
                                    ? plan.nodesNeeded() + "–" + plan.nodesWanted()
                                    : String.valueOf(plan.nodesNeeded()))
                    .append(" | ")
                    .append(plan.cpusPerNode())
                    .append(plan.loadPods().parallel() ? " per load pod" : "")
                    .append(" | ")
                    .append(Placeability.size(plan.memoryPerNodeBytes()))
                    .append(" |\n");
        }
        return out.toString();
    }

    /** Every BenchmarkRun under examples/, by path. */
    static List<String> examples() throws IOException {
        Path root = GeneratedDocs.repoRoot();
        var files = new ArrayList<String>();
        try (Stream<Path> walk = Files.walk(root.resolve("examples"))) {
            walk.filter(p -> p.toString().endsWith(".yaml")).sorted().forEach(p -> {
                try {
                    if (Files.readString(p).contains("kind: BenchmarkRun")) {
                        files.add(root.relativize(p).toString());
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        return files;
    }
}
