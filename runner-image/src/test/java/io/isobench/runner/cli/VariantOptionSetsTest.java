package io.isobench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.isobench.result.ResultJson;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --variant NAME=ARGS}: option sets of one target, each in JVMs of its own, rounds interleaved in a recorded
 * random order, every variant compared with the first by compare's decision rule (docs/contracts.md § Variants).
 * result.json is read as JSON so the checks do not lean on the runner's own records.
 */
class VariantOptionSetsTest {

    /** tcp-echo ping-pong: on loopback it keeps any rate, so a slow fork cannot FAIL a step on its rate. */
    private static List<String> tcpEcho(Path out, String... more) {
        return tcpEcho(out, 5, more);
    }

    /**
     * Windows of a second: on a shared 2-CPU machine a short window can be stalled whole (no message completed), and
     * a repetition's p50 swings from microseconds to milliseconds when its threads are descheduled.
     */
    private static List<String> tcpEcho(Path out, int repetitions, String... more) {
        List<String> args = new ArrayList<>(List.of("tcp-echo", "--mode", "closed", "--clients", "1"));
        args.addAll(RunnerCliTest.shortRun(out, "300ms", "1s", repetitions));
        args.addAll(List.of(more));
        return args;
    }

    static Stream<Arguments> badVariants() {
        return Stream.of(
                Arguments.of(
                        List.of("--variant", "a=--message-bytes 64"),
                        "--variant 'a=--message-bytes 64': give at least two"),
                Arguments.of(
                        List.of("--variant", "novalue", "--variant", "b="), "--variant 'novalue': write NAME=ARGS"),
                Arguments.of(
                        List.of("--variant", "G1=", "--variant", "b="),
                        "--variant 'G1=': the name 'G1' must be lower-case"),
                Arguments.of(List.of("--variant", "a_1=", "--variant", "b="), "the name 'a_1' must be lower-case"),
                Arguments.of(
                        List.of("--variant", "a=", "--variant", "a="), "--variant 'a=': the name 'a' is given twice"),
                Arguments.of(
                        List.of("--variant", "a=--rates 1k", "--variant", "b="),
                        "--variant 'a=--rates 1k': --rates must be the same for every variant"),
                Arguments.of(
                        List.of("--variant", "a=--repetitions=9", "--variant", "b="),
                        "--variant 'a=--repetitions=9': --repetitions must be the same for every variant"),
                Arguments.of(
                        List.of("--variant", "a=", "--variant", "b=--out /tmp/elsewhere"),
                        "--variant 'b=--out /tmp/elsewhere': --out must be the same for every variant"),
                Arguments.of(
                        List.of("--variant", "a=--upload-endpoint http://127.0.0.1:1", "--variant", "b="),
                        "--upload-endpoint must be the same for every variant"),
                Arguments.of(
                        List.of("--variant", "a=--nosuch 1", "--variant", "b="),
                        "--variant 'a=--nosuch 1': '--nosuch' is not an option of tcp-echo"),
                Arguments.of(
                        List.of("--variant", "a=--message-bytes", "--variant", "b="),
                        "--variant 'a=--message-bytes': --message-bytes needs a value"),
                Arguments.of(
                        List.of("--variant", "a=--message-bytes 4", "--variant", "b="),
                        "--variant 'a=--message-bytes 4': --message-bytes '4': must be between 8"),
                Arguments.of(
                        List.of("--variant", "a=--message-bytes many", "--variant", "b="),
                        "--variant 'a=--message-bytes many': Invalid value for option '--message-bytes': 'many'"),
                Arguments.of(
                        List.of("--variant", "a=--jvm-option -Xint", "--variant", "b="),
                        "--variant 'a=--jvm-option -Xint': '--jvm-option': write --jvm-option=FLAG"),
                Arguments.of(
                        List.of("--variant", "a=--jvm-option=-javaagent:/tmp/x.jar", "--variant", "b="),
                        "--variant 'a=--jvm-option=-javaagent:/tmp/x.jar': JVM option '-javaagent:/tmp/x.jar' is refused"),
                Arguments.of(
                        List.of("--variant", "a=--jvm-option=-XX:OnError=sh", "--variant", "b="),
                        "JVM option '-XX:OnError=sh' is refused"),
                Arguments.of(
                        List.of("--variant", "a=", "--variant", "b=--installation"),
                        "--variant 'b=--installation': '--installation': write --installation=DIR"),
                Arguments.of(
                        List.of("--variant", "a=", "--variant", "b=--installation=/nonexistent/next"),
                        "--variant 'b=--installation=/nonexistent/next': /nonexistent/next/installation.json does not"
                                + " exist: not a runner installation"),
                Arguments.of(
                        List.of("--fork", "none", "--variant", "a=", "--variant", "b="),
                        "--fork 'none': --variant runs each variant in JVMs of its own"));
    }

    @ParameterizedTest
    @MethodSource("badVariants")
    void aBadVariantExitsTwoNamingItBeforeAnythingRuns(List<String> variantArgs, String message, @TempDir Path dir) {
        Path out = dir.resolve("run");
        RunnerCliTest.Outcome outcome = RunnerCliTest.run(
                tcpEcho(out, variantArgs.toArray(String[]::new)).toArray(String[]::new));

        assertThat(outcome.exit()).as(outcome.err()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(outcome.err()).contains(message);
        assertThat(out.resolve("result.json")).doesNotExist();
    }

    @Test
    void aTargetWithVariantsOfItsOwnTakesOneToCompareOptionSets(@TempDir Path dir) {
        RunnerCliTest.Outcome outcome = RunnerCliTest.run(
                "dispatch",
                "--queues",
                "isobench,jctools",
                "--variant",
                "a=",
                "--variant",
                "b=",
                "--out",
                dir.resolve("run").toString());

        assertThat(outcome.exit()).as(outcome.err()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(outcome.err())
                .contains("--variant 'a=': dispatch already runs variants of its own [isobench, jctools]; give it one");
    }

    /** A/A: the same ARGS twice measure the node's noise floor; the rule must call it no change. */
    @Test
    void twoVariantsWithTheSameArgumentsAreNoChangeAndTheirRoundsAreRecorded(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        RunnerCliTest.Outcome outcome =
                RunnerCliTest.run(tcpEcho(out, "--variant", "a=", "--variant", "a2=", "--variant-seed", "7")
                        .toArray(String[]::new));

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isZero();
        JsonNode result = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(ids(result)).containsExactly("a_clients-1", "a2_clients-1");
        assertThat(result.at("/config/variants/a").asText()).isEmpty();
        assertThat(result.at("/config/variants/a2").asText()).isEmpty();
        JsonNode comparison = result.at("/variantComparisons/0");
        assertThat(comparison.at("/baseline").asText()).isEqualTo("a");
        assertThat(comparison.at("/variant").asText()).isEqualTo("a2");
        assertThat(comparison.at("/verdicts").findValuesAsText("change"))
                .as(comparison.toString())
                .hasSize(3)
                .containsOnly("no change");
        assertThat(comparison.at("/outcome").asText()).isEqualTo("NoRegression");
        assertThat(outcome.out()).contains("a2 against a (baseline) · no regression beyond 5%");
        assertThat(outcome.out())
                .containsPattern(
                        "\\| clients-1 \\| p50 \\| ×\\d+\\.\\d{3} \\| \\d+\\.\\d{3}–\\d+\\.\\d{3} \\| no change \\|");

        // each round's order is the seed's draw, and it is the order the round really ran in
        List<List<String>> orders = orders(result);
        Random random = new Random(7);
        for (List<String> order : orders) {
            List<String> drawn = new ArrayList<>(List.of("a", "a2"));
            Collections.shuffle(drawn, random);
            assertThat(order).isEqualTo(drawn);
        }
        assertThat(orders).hasSize(5).isNotEqualTo(Collections.nCopies(5, orders.getFirst()));
        for (int round = 1; round <= orders.size(); round++) {
            assertThat(ranInOrder(result, round)).as("round " + round).isEqualTo(orders.get(round - 1));
        }
        assertThat(out.resolve(".forks")).doesNotExist();
    }

    /** A known shift through a target option: 1 MiB echoed each way (the most tcp-echo takes) takes far longer than 64 bytes. */
    @Test
    void aVariantWithLargerMessagesIsFoundSlowerAndItsOptionOverridesTheCommands(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        // more repetitions than the A/A: the shift must stand out of this machine's noise, as the rule judges it
        RunnerCliTest.Outcome outcome = RunnerCliTest.run(tcpEcho(
                        out,
                        8,
                        "--message-bytes",
                        "64",
                        "--variant",
                        "small=",
                        "--variant",
                        "big=--message-bytes 1048576")
                .toArray(String[]::new));

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isZero();
        JsonNode result = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(result.at("/config/variants/big").asText()).isEqualTo("--message-bytes 1048576");
        JsonNode comparison = result.at("/variantComparisons/0");
        assertThat(comparison.at("/variant").asText()).isEqualTo("big");
        JsonNode p50 = comparison.at("/verdicts/0");
        assertThat(p50.at("/percentile").asText()).isEqualTo("p50");
        assertThat(p50.at("/change").asText()).as(comparison.toString()).isEqualTo("slower");
        assertThat(p50.at("/low").asDouble()).isGreaterThan(1.05);
        assertThat(comparison.at("/outcome").asText()).isEqualTo("Regressed");
        assertThat(outcome.out()).contains("big against small (baseline) · slower: clients-1 p50");
    }

    /**
     * A variant's --jvm-option reaches its JVMs: one the JVM refuses FAILs that variant's step, naming it, and only it. A
     * -D property's value is the run author's and may be a secret: result.json (published) names the property only.
     */
    @Test
    void aVariantsJvmOptionReachesItsOwnJvmsOnly(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        RunnerCliTest.Outcome outcome = RunnerCliTest.run(tcpEcho(
                        out,
                        "--variant",
                        "plain=--jvm-option=-Disobench.test.token=hunter2-variant",
                        "--variant",
                        "refused=--jvm-option=-XX:+NoSuchIsobenchFlag")
                .toArray(String[]::new));

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isEqualTo(1);
        JsonNode result = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(result.at("/steps/0/verdict").asText()).isEqualTo("OK");
        assertThat(result.at("/steps/1/verdict").asText()).isEqualTo("FAIL");
        assertThat(result.at("/steps/1/repetitions/0/reason").asText())
                .startsWith("the JVM for variant refused (round 1) exited with code 1 before writing its result");
        assertThat(result.at("/config/variants/refused").asText()).isEqualTo("--jvm-option=-XX:+NoSuchIsobenchFlag");
        assertThat(result.at("/config/variants/plain").asText())
                .isEqualTo("--jvm-option=-Disobench.test.token=(not recorded)");
        assertThat(Files.readString(out.resolve("result.json"))).doesNotContain("hunter2");
        JsonNode comparison = result.at("/variantComparisons/0");
        assertThat(comparison.at("/outcome").asText()).isEqualTo("NothingCompared");
        assertThat(comparison.at("/leftOut/0/why").asText()).startsWith("FAIL in B: ");
    }

    /**
     * A variant of another runner installation (another image's, copied by {@code installation --copy-to}) runs every
     * one of its JVMs from that installation's java and class path, with the run's JVM flags; the baseline's JVMs are
     * this runner's. The installation here is this JVM's runtime and class path behind a java that notes each launch.
     */
    @Test
    void aVariantOfAnotherInstallationRunsItsJvmsFromThatInstallation(@TempDir Path dir) throws Exception {
        Path installation = dir.resolve("next");
        Path java = installation.resolve("java/bin/java");
        Path launches = dir.resolve("launches.txt");
        Files.createDirectories(java.getParent());
        Files.writeString(
                java,
                "#!/bin/sh\necho \"$*\" >> '" + launches + "'\nexec '"
                        + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        // app/ is a link to the file system's root, so every class path entry is a path inside the installation
        Path app = Files.createSymbolicLink(installation.resolve("app"), Path.of("/"));
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.add("app" + Path.of(entry).toAbsolutePath());
        }
        Files.writeString(
                installation.resolve("installation.json"),
                ResultJson.toJson(Map.of(
                        "formatVersion", 1,
                        "image", "registry.example.com/team/runner:next",
                        "javaVersion", "25-test",
                        "java", "java/bin/java",
                        "classPath", classPath)));
        Path out = dir.resolve("run");

        RunnerCliTest.Outcome outcome;
        try {
            outcome = RunnerCliTest.run(
                    tcpEcho(out, 2, "--variant", "current=", "--variant", "next=--installation=" + installation)
                            .toArray(String[]::new));
        } finally {
            Files.delete(app); // before @TempDir's clean-up, which warns of a link leading out of it
        }

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isZero();
        List<String> launched = Files.readAllLines(launches);
        assertThat(launched)
                .as("one JVM per round of the variant, none of the baseline's")
                .hasSize(2);
        String ownClassPath = String.join(
                File.pathSeparator,
                classPath.stream().map(c -> installation.resolve(c).toString()).toList());
        assertThat(launched)
                .allSatisfy(line -> assertThat(line)
                        .contains(" -cp " + ownClassPath + " io.isobench.runner.cli.RunnerMain tcp-echo ")
                        .contains("--as-variant next"));
        JsonNode result = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(ids(result)).containsExactly("current_clients-1", "next_clients-1");
        assertThat(result.at("/steps/1/repetitions").size()).isEqualTo(2);
        assertThat(result.at("/config/variants/next").asText())
                .isEqualTo("--installation=registry.example.com/team/runner:next (Java 25-test)");
    }

    /**
     * Steps are named after the option sets, but the target opens its own one variant: dispatch's queue (and a plugin's
     * own variant) is found by its name, which a step named {@code small} is not — before, every repetition failed to
     * start.
     */
    @Test
    void anOptionSetRunsTheTargetsOwnVariantInStepsNamedAfterTheSet(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        List<String> args = new ArrayList<>(List.of(
                "dispatch --queues isobench --rates 10k --warmup 300ms --duration 1s --repetitions 1 --probe-duration 0"
                        .split(" ")));
        args.addAll(List.of(
                "--progress",
                "none",
                "--out",
                out.toString(),
                "--variant",
                "small=--ring-size 1024",
                "--variant",
                "big=--ring-size 65536"));
        RunnerCliTest.Outcome outcome = RunnerCliTest.run(args.toArray(String[]::new));

        JsonNode result = ResultJson.MAPPER.readTree(out.resolve("result.json").toFile());
        assertThat(ids(result)).as(outcome.err()).containsExactly("small_rate-10000", "big_rate-10000");
        for (JsonNode step : result.at("/steps")) {
            JsonNode repetition = step.at("/repetitions/0");
            assertThat(repetition.at("/reason").asText())
                    .as(step.at("/id").asText())
                    .doesNotContain("could not start");
            assertThat(repetition.at("/received").asLong())
                    .as(step.at("/id").asText())
                    .isPositive();
        }
    }

    /** Only an installed runner is copied: one run from a build's classes says so (make test's images test copies one). */
    @Test
    void theInstallationCommandRefusesARunnerRunFromABuildsClasses(@TempDir Path dir) {
        RunnerCliTest.Outcome outcome = RunnerCliTest.run(
                "installation", "--copy-to", dir.resolve("copy").toString());

        assertThat(outcome.exit()).as(outcome.err()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(outcome.err()).contains("not from an installed jar: only an installed runner");
        assertThat(dir.resolve("copy")).doesNotExist();
    }

    private static List<String> ids(JsonNode result) {
        List<String> ids = new ArrayList<>();
        result.at("/steps").forEach(s -> ids.add(s.at("/id").asText()));
        return ids;
    }

    private static List<List<String>> orders(JsonNode result) {
        List<List<String>> orders = new ArrayList<>();
        result.at("/variantRounds/orders").forEach(o -> {
            List<String> order = new ArrayList<>();
            o.forEach(v -> order.add(v.asText()));
            orders.add(order);
        });
        return orders;
    }

    /** The variants by when their repetition of {@code round} started. */
    private static List<String> ranInOrder(JsonNode result, int round) {
        record Started(String variant, Instant at) {}
        List<Started> started = new ArrayList<>();
        result.at("/steps")
                .forEach(s -> s.at("/repetitions").forEach(r -> {
                    if (r.at("/index").asInt() == round) {
                        started.add(new Started(
                                s.at("/variant").asText(),
                                Instant.parse(r.at("/startedAt").asText())));
                    }
                }));
        return started.stream()
                .sorted(Comparator.comparing(Started::at))
                .map(Started::variant)
                .toList();
    }
}
