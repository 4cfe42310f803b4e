package io.isobench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code list} and {@code plugin} against the plugins on the test class path ({@code TestPlugins}, registered in
 * src/test/resources/META-INF/services as a user's jar registers its own): one that works, one whose hot path
 * allocates, one that throws and one whose class is missing.
 */
class PluginCommandTest {

    @Test
    void listShowsEveryBuiltInTargetWithItsOwnOptionsAndEveryPluginWithItsOptionsAndDefaults() {
        var listed = RunnerCliTest.run("list");

        assertThat(listed.exit()).as(listed.err()).isZero();
        assertThat(listed.out())
                .contains("  dispatch: In-VM dispatch hop")
                .contains("      --queues LIST")
                .contains("  test-quiet: Completes each message on the sender thread, allocating nothing. ["
                        + "io.isobench.runner.plugins.TestPlugins$Quiet]")
                .contains("      work  Rounds of arithmetic per message, 0 to 1000. (default: 0)")
                .contains("Options of every target:")
                .contains("      --rates LIST");
        for (String builtIn : builtInTargets()) {
            assertThat(listed.out()).contains("\n  " + builtIn + ": ");
        }
        assertThat(listed.out()).as("list and plugin are no targets").doesNotContain("  plugin: ", "  list: ");
    }

    @Test
    void aPluginThatThrowsOrIsMissingIsReportedAndTheOthersAreStillListed() {
        var listed = RunnerCliTest.run("list");

        assertThat(listed.exit()).isZero();
        assertThat(listed.out())
                .contains("Plugins not loaded:")
                .contains("io.isobench.runner.plugins.TestPlugins$Throwing did not describe itself: "
                        + "java.lang.IllegalStateException: broken on purpose")
                .contains("io.isobench.runner.plugins.NoSuchProvider")
                .contains("  test-allocating: ");
        assertThat(listed.err())
                .contains("isobench-runner: plugin skipped: io.isobench.runner.plugins.TestPlugins$Throwing");
    }

    @Test
    void listAsJsonNamesEveryTargetItsKindAndItsOptions() throws Exception {
        var listed = RunnerCliTest.run("list", "--format", "json");

        assertThat(listed.exit()).as(listed.err()).isZero();
        JsonNode json = ResultJson.MAPPER.readTree(listed.out());
        List<JsonNode> targets =
                StreamSupport.stream(json.get("targets").spliterator(), false).toList();
        assertThat(targets.stream()
                        .filter(t -> t.get("kind").asText().equals("built-in"))
                        .map(t -> t.get("name").asText()))
                .containsExactlyElementsOf(builtInTargets());
        JsonNode dispatch = targets.stream()
                .filter(t -> t.get("name").asText().equals("dispatch"))
                .findFirst()
                .orElseThrow();
        assertThat(names(dispatch.get("options"))).contains("--queues").doesNotContain("--rates", "--help");
        JsonNode quiet = targets.stream()
                .filter(t -> t.get("name").asText().equals("test-quiet"))
                .findFirst()
                .orElseThrow();
        assertThat(quiet.get("kind").asText()).isEqualTo("plugin");
        assertThat(quiet.get("provider").asText()).isEqualTo("io.isobench.runner.plugins.TestPlugins$Quiet");
        assertThat(quiet.get("options").get(0).get("name").asText()).isEqualTo("work");
        assertThat(quiet.get("options").get(0).get("defaultValue").asText()).isEqualTo("0");
        assertThat(names(json.get("commonOptions")))
                .contains("--mode", "--rates", "--clients", "--warmup", "--duration", "--repetitions", "--out");
        assertThat(json.get("pluginFailures")).hasSize(2);
    }

    @Test
    void anUnknownPluginExits2NamingItAndListingThePluginsFound() {
        var run = RunnerCliTest.run("plugin", "--name", "nope", "--duration", "100ms");

        assertThat(run.exit()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(run.err())
                .contains("isobench-runner: --name 'nope': no plugin target of that name "
                        + "(plugins found: test-quiet, test-allocating; not loaded: ");
    }

    @Test
    void anOptionThePluginDoesNotDeclareExits2NamingItsKeyAndValue() {
        var run = RunnerCliTest.run("plugin", "--name", "test-quiet", "--option", "colour=red");

        assertThat(run.exit()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(run.err())
                .contains("isobench-runner: --option 'colour=red': plugin 'test-quiet' has no option 'colour' "
                        + "(its options: work)");
    }

    @Test
    void aValueThePluginRefusesExits2NamingTheOptionAndTheValue() {
        var run = RunnerCliTest.run("plugin", "--name", "test-quiet", "--option", "work=lots");

        assertThat(run.exit()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(run.err()).contains("isobench-runner: --option 'work=lots': not a whole number");
    }

    @Test
    void anOptionWithoutAValueExits2NamingIt() {
        var run = RunnerCliTest.run("plugin", "--name", "test-quiet", "--option", "work");

        assertThat(run.exit()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(run.err()).contains("--option").contains("work");
    }

    @Test
    void aPluginRunsThroughTheHarnessWithItsNameAndOptionsInResultJsonAndNoAllocation(@TempDir Path dir)
            throws Exception {
        var run = shortRun(dir, "test-quiet", "--option", "work=3");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        RunResult result = ResultJson.read(dir.resolve("result.json"));
        assertThat(result.target()).isEqualTo("test-quiet");
        assertThat(result.config()).containsEntry("options", Map.of("work", "3"));
        assertThat(result.verdict()).isEqualTo(Verdict.OK);
        assertThat(run.out())
                .contains("result: " + dir.resolve("result.json") + " (OK)")
                .contains("allocation: none per message on the measured threads in any step");
    }

    @Test
    void aPluginWhoseHotPathAllocatesIsReportedAsAllocating(@TempDir Path dir) {
        var run = shortRun(dir, "test-allocating");

        assertThat(run.exit()).as(run.out() + run.err()).isZero();
        assertThat(run.out())
                .containsPattern(
                        "allocation: step 1 in flight \\(ping-pong\\) \\(test-allocating\\) allocates on its hot path: client "
                                + "allocated [0-9,]+ bytes over [0-9,]+ messages \\((7[0-9]|8[0-9])\\.[0-9] bytes per message\\)");
    }

    private static RunnerCliTest.Outcome shortRun(Path dir, String name, String... options) {
        List<String> args = new ArrayList<>(List.of("plugin", "--name", name));
        args.addAll(List.of(options));
        args.addAll(List.of("--mode", "closed", "--fork", "none"));
        return RunnerCliTest.twoShortRepetitions(dir, "300ms", "1s", args);
    }

    /** The commands that run a target, as --help lists them. */
    private static List<String> builtInTargets() {
        return new CommandLine(new RunnerMain())
                .getSubcommands().values().stream()
                        .filter(c ->
                                c.getCommand() instanceof TargetCommand && !(c.getCommand() instanceof PluginCommand))
                        .map(CommandLine::getCommandName)
                        .toList();
    }

    private static List<String> names(JsonNode options) {
        return StreamSupport.stream(options.spliterator(), false)
                .map(o -> o.get("name").asText())
                .toList();
    }
}
