package io.isobench.operator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RoleResources;
import io.isobench.operator.config.OperatorConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the operator creates for every example, kept byte for byte: the argument ConfigMap, the client Job and, with two
 * pods, the server Job and its NetworkPolicy, with the resource plan the queue places by — for the example as written and
 * for the placements it could have (defaults, a server pod on the same or another node, a server process on the client's
 * CPUs, an agent sharing the client's CPUs). A change to any of them is a change of what runs in the cluster, so it must be
 * seen here and the golden file rewritten on purpose ({@code -Disobench.golden.update=true}).
 *
 * <p>The Job's activeDeadlineSeconds is left out: it counts down from the run's creation to now.
 */
class ExampleWorkloadGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/workload-golden");
    private static final OperatorConfig CONFIG = OperatorConfig.fromEnvironment(Map.of(
            "ISOBENCH_STORE_ENDPOINT",
            "http://minio.isobench-system:9000",
            "POD_NAMESPACE",
            "isobench-system",
            "ISOBENCH_RUNNER_IMAGE",
            "isobench/runner:golden"));
    private static final String SERVER_POD_IP = "10.244.0.7";
    private static final String LOAD_PART_ZERO_IP = "10.244.0.9";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectMapper SORTED_YAML = new ObjectMapper(YAMLFactory.builder()
                    .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
                    .build())
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    /** The placements each example is rendered with, beside its own. */
    private static Map<String, Consumer<PlacementSpec>> variants() {
        var variants = new LinkedHashMap<String, Consumer<PlacementSpec>>();
        variants.put("as-written", p -> {});
        variants.put("placement-defaults", p -> {
            p.setClient(null);
            p.setServer(null);
            p.setAgent(null);
            p.setTopology(PlacementSpec.Topology.SamePod);
        });
        variants.put("same-node", p -> p.setTopology(PlacementSpec.Topology.SameNode));
        variants.put("separate-nodes", p -> p.setTopology(PlacementSpec.Topology.SeparateNodes));
        variants.put("server-process", p -> {
            p.setTopology(PlacementSpec.Topology.SamePod);
            p.setServer(new RoleResources(0, null));
        });
        variants.put("agent-shares-client-cpus", p -> p.setAgent(new RoleResources(0, null)));
        return variants;
    }

    static Stream<Arguments> examplesAndPlacements() throws IOException {
        var cases = new ArrayList<Arguments>();
        for (Path example : RunnerArgsContractTest.examples().toList()) {
            for (String variant : variants().keySet()) {
                cases.add(Arguments.of(example, variant));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("examplesAndPlacements")
    void theObjectsOfEveryExampleAreWhatTheyWere(Path example, String variant) throws IOException {
        BenchmarkRun run = read(example);
        variants().get(variant).accept(run.getSpec().getPlacement());
        String rendered = render(run);
        Path golden = GOLDEN.resolve(example.getParent().getFileName() + "_"
                        + example.getFileName().toString().replace(".yaml", ""))
                .resolve(variant + ".yaml");
        if (Boolean.getBoolean("isobench.golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, rendered);
        }
        assertThat(golden)
                .as("golden file (write it with -Disobench.golden.update=true)")
                .exists();
        assertThat(rendered)
                .as(example + " " + variant + " differs from " + golden)
                .isEqualTo(Files.readString(golden));
    }

    private static BenchmarkRun read(Path example) throws IOException {
        BenchmarkRun run = Serialization.unmarshal(Files.readString(example), BenchmarkRun.class);
        run.getMetadata().setNamespace("examples");
        run.getMetadata().setUid("00000000-0000-4000-8000-000000000001");
        run.getMetadata().setCreationTimestamp(Instant.now().toString());
        return run;
    }

    private static String render(BenchmarkRun run) {
        var workload = new RunnerWorkload(CONFIG);
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        var out = new StringBuilder("# plan: " + plan + "; nodes " + plan.nodesNeeded() + ", cpus per node "
                + plan.cpusPerNode() + ", memory per node " + plan.memoryPerNodeBytes() + "\n");
        String serverAddress = plan.serverAddress(run.getSpec().getTarget(), SERVER_POD_IP);
        var objects = new ArrayList<HasMetadata>();
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < plan.nodesNeeded(); i++) {
            nodes.add("node-" + (char) ('a' + i));
        }
        boolean parallel = plan.loadPods().parallel();
        // load part 0's pod IP, once it runs: the other load pods' argument files point at it
        var arguments = workload.arguments(run, 1, serverAddress, parallel ? LOAD_PART_ZERO_IP : null);
        objects.add(arguments);
        Job client = workload.clientJob(run, 1, plan.loadNode(nodes, 0));
        objects.add(client);
        if (parallel) {
            // as created: the parts' secret is owned by the ConfigMap, their policy by part 0's Job
            arguments.getMetadata().setUid("00000000-0000-4000-8000-00000000000a");
            client.getMetadata().setUid("00000000-0000-4000-8000-00000000000c");
            objects.add(workload.partsTokenSecret(run, 1, "drawn-by-the-operator", arguments));
            objects.add(workload.partsPolicy(run, 1, client));
            for (int part = 1; part < plan.loadPods().count(); part++) {
                objects.add(workload.loadPartJob(run, 1, part, plan.loadNode(nodes, part)));
            }
        }
        if (plan.twoPods()) {
            Job server = workload.serverJob(run, 1, plan.serverNode(nodes));
            objects.add(server);
            server.getMetadata().setUid("00000000-0000-4000-8000-00000000000b");
            objects.add(workload.serverPolicy(run, 1, server));
        }
        for (HasMetadata object : objects) {
            if (object instanceof Job job) {
                job.getSpec().setActiveDeadlineSeconds(null);
            }
            out.append(sortedYaml(object));
        }
        return out.toString();
    }

    /** Kubernetes' YAML of the object with every map's keys in order: the code builds some maps with Map.of, whose order varies per JVM. */
    private static String sortedYaml(HasMetadata object) {
        try {
            Object tree = JSON.readValue(Serialization.asJson(object), Object.class);
            return SORTED_YAML.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
