package io.isobench.operator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.RsocketServerImplementation;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.runner.cli.RunnerMain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The contract between operator and runner (docs/contracts.md): for every example BenchmarkRun, the command lines
 * the operator writes — client and, for client/server targets, server — parse in the real runner CLI. An option
 * renamed on one side and not the other fails here, not in a pod.
 */
class RunnerArgsContractTest {

    /** Every BenchmarkRun under examples/ (a BenchmarkSchedule's template is checked at admission, AdmissionIT). */
    static Stream<Path> examples() throws IOException {
        Path root = Path.of("../../examples");
        try (Stream<Path> files = Files.walk(root)) {
            return files
                    .filter(p -> p.toString().endsWith(".yaml")
                            && !p.getFileName().toString().equals("kustomization.yaml"))
                    .filter(RunnerArgsContractTest::isRun)
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    private static boolean isRun(Path file) {
        try {
            return Files.readString(file).contains("\nkind: BenchmarkRun\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final OperatorConfig CONFIG = OperatorConfig.fromEnvironment(Map.of(
            "ISOBENCH_STORE_ENDPOINT",
            "http://127.0.0.1:9000",
            "ISOBENCH_STORE_ACCESS_KEY",
            "a",
            "ISOBENCH_STORE_SECRET_KEY",
            "b"));

    @ParameterizedTest
    @MethodSource("examples")
    void theRunnerAcceptsWhatTheOperatorWritesForEveryExample(Path example) throws IOException {
        BenchmarkRun run = Serialization.unmarshal(Files.readString(example), BenchmarkRun.class);
        List<String> client =
                RunnerArgs.client(run.getSpec(), CONFIG, "runs/ns/name/uid/attempt-1/client/", "10.244.0.7:7000");
        assertThatCode(() -> new CommandLine(new RunnerMain()).parseArgs(client.toArray(String[]::new)))
                .as(example + " client: " + String.join(" ", client))
                .doesNotThrowAnyException();
        for (int part = 1; part < run.getSpec().getLoad().loadPods(); part++) {
            List<String> loader = RunnerArgs.loadPart(run.getSpec(), "10.244.0.7:7000", part, "10.244.0.9");
            assertThatCode(() -> new CommandLine(new RunnerMain()).parseArgs(loader.toArray(String[]::new)))
                    .as(example + " load part " + part + ": " + String.join(" ", loader))
                    .doesNotThrowAnyException();
            // the same command as load part 0's, but its part and where part 0 is, and no upload: the runner refuses a
            // part whose configuration differs
            assertThat(withoutPartAndUpload(loader)).isEqualTo(withoutPartAndUpload(client));
            assertThat(String.join(" ", loader)).contains("--part " + part + " --coordinator 10.244.0.9:7100");
            assertThat(String.join(" ", client)).contains("--part 0 --coordinator 0.0.0.0:7100");
        }
        var target = TargetProfiles.of(run.getSpec().getTarget());
        if (target.server().isPresent()) {
            List<String> server = RunnerArgs.server(run.getSpec());
            assertThat(server).startsWith("server", target.runnerName());
            assertThatCode(() -> new CommandLine(new RunnerMain()).parseArgs(server.toArray(String[]::new)))
                    .as(example + " server: " + String.join(" ", server))
                    .doesNotThrowAnyException();
        }
    }

    private static List<String> withoutPartAndUpload(List<String> args) {
        var kept = new java.util.ArrayList<String>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--part") || arg.equals("--coordinator") || arg.startsWith("--upload-")) {
                i++;
            } else {
                kept.add(arg);
            }
        }
        return kept;
    }

    @ParameterizedTest
    @MethodSource("examples")
    void autoRepetitionsReachTheRunnerWithTheirPrecisionAndBudget(Path example) throws IOException {
        BenchmarkRun run = Serialization.unmarshal(Files.readString(example), BenchmarkRun.class);
        var load = run.getSpec().getLoad();
        load.setRepetitions(new IntOrString("auto"));
        String defaults = String.join(
                " ", RunnerArgs.client(run.getSpec(), CONFIG, "runs/ns/name/uid/attempt-1/client/", "10.244.0.7:7000"));
        load.setPrecision("2.5%");
        load.setMaxRepetitions(12);
        List<String> client =
                RunnerArgs.client(run.getSpec(), CONFIG, "runs/ns/name/uid/attempt-1/client/", "10.244.0.7:7000");

        assertThat(defaults).contains("--repetitions auto").doesNotContain("--precision", "--max-repetitions");
        assertThat(String.join(" ", client)).contains("--repetitions auto --precision 2.5% --max-repetitions 12");
        assertThatCode(() -> new CommandLine(new RunnerMain()).parseArgs(client.toArray(String[]::new)))
                .as(example + " client: " + String.join(" ", client))
                .doesNotThrowAnyException();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void aNoiseBudgetReachesTheRunnerWithItsReruns(Path example) throws IOException {
        BenchmarkRun run = Serialization.unmarshal(Files.readString(example), BenchmarkRun.class);
        List<String> without =
                RunnerArgs.client(run.getSpec(), CONFIG, "runs/ns/name/uid/attempt-1/client/", "10.244.0.7:7000");
        assertThat(without).doesNotContain("--noise-budget", "--max-reruns");

        run.getSpec().getLoad().setNoiseBudget("500us");
        run.getSpec().getLoad().setMaxReruns(3);
        List<String> client =
                RunnerArgs.client(run.getSpec(), CONFIG, "runs/ns/name/uid/attempt-1/client/", "10.244.0.7:7000");

        assertThat(String.join(" ", client)).contains("--noise-budget 500us --max-reruns 3");
        var parsed = new CommandLine(new RunnerMain()).parseArgs(client.toArray(String[]::new));
        assertThat(parsed.subcommand().matchedOptionValue("--noise-budget", "")).isEqualTo("500us");
        assertThat(parsed.subcommand().matchedOptionValue("--max-reruns", 0)).isEqualTo(3);
    }

    /**
     * rsocket's serverImplementation reaches the server wherever it runs: the server pod's `--implementation`, or the
     * client's `--server-implementation` when the runner starts the server itself; both parse in the runner, and the
     * default says neither (a run written before the field keeps its command lines).
     */
    @Test
    void theRsocketServerImplementationReachesTheServerWhereverItRuns() {
        BenchmarkRunSpec spec = Serialization.unmarshal("""
                target:
                  rsocket: {serverImplementation: isobench}
                load: {mode: Open}
                """, BenchmarkRunSpec.class);
        List<String> server = RunnerArgs.server(spec);
        List<String> process = RunnerArgs.client(spec, CONFIG, "runs/p/", null);
        List<String> pod = RunnerArgs.client(spec, CONFIG, "runs/p/", "10.244.0.7:7001");

        assertThat(String.join(" ", server)).endsWith("--stream-interval 1s --implementation isobench");
        assertThat(String.join(" ", process)).contains("--server-process --server-implementation isobench");
        assertThat(pod).contains("--server-address").doesNotContain("--server-implementation");
        assertThat(parsedValue(server, "--implementation")).isEqualTo("isobench");
        assertThat(parsedValue(process, "--server-implementation")).isEqualTo("isobench");
        assertThat(parsedValue(pod, "--server-implementation")).as("not said").isEqualTo("rsocket-java");

        spec.getTarget().getRsocket().setServerImplementation(RsocketServerImplementation.RSOCKET_JAVA);
        assertThat(RunnerArgs.server(spec)).doesNotContain("--implementation");
        assertThat(RunnerArgs.client(spec, CONFIG, "runs/p/", null)).doesNotContain("--server-implementation");
    }

    /** What the runner's CLI reads for {@code option} in {@code args} ("rsocket-java" when the option is not given). */
    private static String parsedValue(List<String> args, String option) {
        var parsed = new CommandLine(new RunnerMain()).parseArgs(args.toArray(String[]::new));
        return parsed.subcommand().matchedOptionValue(option, "rsocket-java");
    }

    /**
     * The argument file as the runner reads it (picocli's @file, which splits on whitespace, ends a word at a quote and
     * takes '#' as a comment): header values holding each of them reach the runner's http command exactly as written.
     */
    @Test
    void headerValuesReachTheRunnerThroughTheArgumentFileUnchanged(@TempDir Path dir) throws IOException {
        BenchmarkRunSpec spec = Serialization.unmarshal("""
                target:
                  http:
                    url: http://orders.team-a.svc/orders?q='1'
                    headers:
                      Authorization: "Bearer a  b"
                      If-None-Match: 'W/"etag"'
                      X-Path: 'C:\\dir\\ #1'
                      X-Quote: "it's"
                load: {mode: Closed, clients: [1]}
                """, BenchmarkRunSpec.class);
        Path file = dir.resolve("client.args");
        Files.writeString(file, RunnerArgs.file(RunnerArgs.client(spec, CONFIG, "runs/p/", null)));

        var parsed = new CommandLine(new RunnerMain()).parseArgs("@" + file);

        assertThat(parsed.subcommand().matchedOptionValue("--url", ""))
                .isEqualTo("http://orders.team-a.svc/orders?q='1'");
        assertThat(parsed.subcommand().matchedOptionValue("--header", List.<String>of()))
                .containsExactly(
                        "Authorization: Bearer a  b",
                        "If-None-Match: W/\"etag\"",
                        "X-Path: C:\\dir\\ #1",
                        "X-Quote: it's");
    }
}
