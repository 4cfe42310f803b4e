package io.isobench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class RunnerCliTest {

    record Outcome(int exit, String out, String err) {}

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = RunnerMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    @Test
    void everyCommandsSummaryInHelpIsAWholeSentence() {
        String help = run("--help").out();
        String commands = help.substring(help.indexOf("Commands:") + "Commands:".length());
        // a summary starts on a line with the command's name and goes on in deeper-indented lines
        var summaries = new ArrayList<String>();
        for (String line : commands.split("\n")) {
            if (line.matches("^  \\S.*")) {
                summaries.add(line.strip());
            } else if (!line.isBlank() && !summaries.isEmpty()) {
                summaries.set(summaries.size() - 1, summaries.getLast() + " " + line.strip());
            }
        }
        // one summary per command: a summary that wraps badly would show up as a missing or an extra one
        int commandCount = new CommandLine(new RunnerMain()).getSubcommands().size();
        assertThat(summaries)
                .hasSize(commandCount)
                .allSatisfy(
                        summary -> assertThat(summary).as("summary in --help").endsWith("."));
        assertThat(help).as("the top line unbroken").contains("writes .hlog/.hgrm/result.json");
    }

    @Test
    void everyOptionsDescriptionIsAValidFormatSoHelpPrintsItWithoutAWarning() {
        // picocli formats each description line with String.format: a lone % ("95% interval") makes it print a WARN
        // line
        // on stderr for every --help and fall back to the raw text
        var bad = new ArrayList<String>();
        for (var command : new CommandLine(new RunnerMain()).getSubcommands().values()) {
            for (var option : command.getCommandSpec().options()) {
                // the text as written (picocli puts ${DEFAULT-VALUE} in after formatting: "Default: 50%" is fine there)
                if (!(option.userObject() instanceof java.lang.reflect.Field field)) {
                    continue;
                }
                for (String line : field.getAnnotation(CommandLine.Option.class).description()) {
                    try {
                        assertThat(String.format(java.util.Locale.ROOT, line)).isNotNull();
                    } catch (java.util.IllegalFormatException e) {
                        bad.add(command.getCommandName() + " " + option.longestName() + ": " + line);
                    }
                }
            }
        }
        assertThat(bad)
                .as("descriptions with a lone %% (write %%%% for a percent sign)")
                .isEmpty();
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("nosuch"), "unknown target 'nosuch' (commands: dispatch, "),
                Arguments.of(List.of("dispatch", "--rates", "0"), "--rates '0': must be between 1 and"),
                Arguments.of(List.of("dispatch", "--rates", "10k,fast"), "--rates 'fast': not a rate"),
                Arguments.of(List.of("dispatch", "--rates", "2G"), "--rates '2G': must be between 1 and 1000000000"),
                // a step and its files are named by its rate: a second 1M step would overwrite the first's files
                Arguments.of(
                        List.of("dispatch", "--rates", "1M,10k,1000k"),
                        "--rates '1000k': the same as '1M' before it; each value is one step of the sweep, and the"
                                + " step and its files are named by it"),
                Arguments.of(
                        List.of("dispatch", "--mode", "closed", "--clients", "1,16,16"),
                        "--clients '16': the same as '16' before it; each value is one step of the sweep"),
                Arguments.of(
                        List.of("dispatch", "--rates", "10k,1M", "--only-step", "2M msg/s"),
                        "--only-step '2M msg/s': not one of this sweep's steps [10k msg/s, 1M msg/s]"),
                Arguments.of(
                        List.of("dispatch", "--duration", "-5s"),
                        "--duration '-5s': not a duration; use a number and a unit like 5s, 500ms, 2m (durations cannot be negative)"),
                Arguments.of(List.of("dispatch", "--duration", "0s"), "--duration '0s': must be longer than zero"),
                Arguments.of(List.of("dispatch", "--warmup", "5"), "--warmup '5': not a duration"),
                Arguments.of(List.of("dispatch", "--repetitions", "0"), "--repetitions '0': must be between 1 and 100"),
                Arguments.of(
                        List.of("dispatch", "--repetitions", "x"),
                        "--repetitions 'x': use a number from 1 to 100, or auto"),
                Arguments.of(
                        List.of("dispatch", "--repetitions", "101"), "--repetitions '101': must be between 1 and 100"),
                Arguments.of(
                        List.of("dispatch", "--precision", "5%"),
                        "--precision '5%': only applies with --repetitions auto"),
                Arguments.of(
                        List.of("dispatch", "--max-repetitions", "9"),
                        "--max-repetitions '9': only applies with --repetitions auto"),
                Arguments.of(
                        List.of("dispatch", "--repetitions", "auto", "--precision", "0%"),
                        "--precision '0%': must be above 0%"),
                Arguments.of(
                        List.of("dispatch", "--repetitions", "auto", "--precision", "fine"),
                        "--precision 'fine': not a fraction"),
                Arguments.of(
                        List.of("dispatch", "--repetitions", "auto", "--max-repetitions", "2"),
                        "--max-repetitions '2': must be between 3 and 100"),
                Arguments.of(
                        List.of("dispatch", "--queues", "isobench,lmax"),
                        "--queues 'lmax': unknown queue 'lmax' (known: isobench, disruptor, jctools, agrona, abq)"),
                Arguments.of(List.of("dispatch", "--ring-size", "1000"), "--ring-size '1000': must be a power of two"),
                Arguments.of(
                        List.of("dispatch", "--ring-size", "4"),
                        "--ring-size '4': must be a power of two between 8 and"),
                Arguments.of(List.of("dispatch", "--batch", "0"), "--batch '0': must be between 1 and --ring-size"),
                Arguments.of(List.of("dispatch", "--mode", "sideways"), "--mode 'sideways': use open or closed"),
                Arguments.of(
                        List.of("dispatch", "--mode", "closed", "--rates", "1M"),
                        "--rates '1M': only applies with --mode open"),
                Arguments.of(
                        List.of("dispatch", "--mode", "closed", "--clients", "0"),
                        "--clients '0': must be between 1 and"),
                Arguments.of(
                        List.of("dispatch", "--cpus", "0-4096"),
                        "--cpus '0-4096': must be a non-empty subset of the granted cpuset"),
                Arguments.of(
                        List.of("dispatch", "--rate-tolerance", "150%"),
                        "--rate-tolerance '150%': must be at least 0% and below 100%"),
                Arguments.of(List.of("dispatch", "--interval", "1ms"), "--interval '1ms': must be at least 10ms"),
                Arguments.of(List.of("dispatch", "--fork", "sometimes"), "--fork 'sometimes': use auto or none"),
                Arguments.of(List.of("dispatch", "--noise-budget", "soon"), "--noise-budget 'soon': not a duration"),
                Arguments.of(
                        List.of("dispatch", "--noise-budget", "1ms", "--probe-duration", "0"),
                        "--noise-budget '1ms': needs the probes it judges; give --probe-duration more than 0"),
                Arguments.of(List.of("dispatch", "--max-reruns", "11"), "--max-reruns '11': must be between 0 and 10"),
                Arguments.of(
                        List.of("dispatch", "--generator-limit", "0%"), "--generator-limit '0%': must be above 0%"),
                Arguments.of(
                        List.of(
                                "dispatch",
                                "--progress",
                                "loud",
                                "--rates",
                                "1k",
                                "--warmup",
                                "0",
                                "--duration",
                                "10ms",
                                "--repetitions",
                                "1"),
                        "--progress 'loud': use auto, bar, log or none"));
    }

    @ParameterizedTest
    @MethodSource("badInput")
    void badInputExitsTwoWithAMessageNamingOptionAndValueAndWritesNothing(
            List<String> args, String message, @TempDir Path dir) throws Exception {
        List<String> all = new ArrayList<>(args);
        if (!all.getFirst().equals("nosuch")) {
            all.addAll(List.of("--out", dir.resolve("run").toString()));
        }
        Outcome outcome = run(all.toArray(String[]::new));

        assertThat(outcome.exit()).as(outcome.err()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(outcome.err()).contains(message);
        assertThat(dir.resolve("run").resolve("result.json")).doesNotExist();
    }

    @Test
    void unwritableOutIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        Outcome outcome = run("dispatch", "--out", file.resolve("run").toString());

        assertThat(outcome.exit()).isEqualTo(RunnerMain.EXIT_USAGE);
        assertThat(outcome.err()).contains("--out " + file.resolve("run")).contains("not writable");
    }

    @Test
    void aShortRunPrintsTheSeedTableAndExitsZero(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        Outcome outcome = run(
                "dispatch",
                "--queues",
                "isobench",
                "--rates",
                "10k,50k",
                "--warmup",
                "200ms",
                "--duration",
                "300ms",
                "--repetitions",
                "2",
                "--probe-duration",
                "50ms",
                "--progress",
                "none",
                "--rate-tolerance",
                "50%",
                "--out",
                out.toString());

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isZero();
        assertThat(outcome.out())
                .contains("| Rate | p50 | p90 | p99 | p99.9 | p99.99 | p99.999 | max | sample count |")
                .contains("| 10k mps |")
                .contains("| 50k mps |")
                .contains("result: " + out.resolve("result.json") + " (OK)");
        RunResult result = ResultJson.read(out.resolve("result.json"));
        assertThat(result.verdict()).isEqualTo(Verdict.OK);
        assertThat(result.steps().getFirst().repetitions()).hasSize(2);
        var first = result.steps().getFirst().repetitions().getFirst();
        assertThat(first.probe().jitter()).isNotEmpty();
        // no --noise-budget: nothing gated, every figure there
        assertThat(first.probeAfter().jitter()).isNotEmpty();
        assertThat(first.noise().cpus()).isNotEmpty();
        assertThat(first.noise().threads()).extracting(t -> t.role()).contains("publisher", "agent");
        assertThat(first.generator().sends()).isEqualTo(first.sent());
        assertThat(outcome.out())
                .contains("Repetitions and the machine around them")
                .contains("| isobench_rate-10000 | 1 | ");
        assertThat(result.config())
                .containsEntry("rates", List.of(10_000, 50_000))
                .containsEntry("queues", List.of("isobench"));
        // the typed choices are written to result.json as the words the user gives (a rerun passes them back)
        assertThat(result.config())
                .containsEntry("mode", "open-loop")
                .containsEntry("fork", "auto")
                .containsEntry("drainTimeout", "5s");
    }

    @Test
    void aRunLeftInconclusiveByHostNoiseExitsFiveAfterItsReruns(@TempDir Path dir) throws Exception {
        // a 1 ns budget: any two readings of the clock are further apart, so every attempt sees "noise"
        Path out = dir.resolve("run");
        Outcome outcome = run(
                "dispatch",
                "--queues",
                "isobench",
                "--rates",
                "10k",
                "--warmup",
                "100ms",
                "--duration",
                "200ms",
                "--repetitions",
                "1",
                "--probe-duration",
                "10ms",
                "--noise-budget",
                "1ns",
                "--max-reruns",
                "1",
                "--progress",
                "log",
                "--rate-tolerance",
                "50%",
                "--generator-limit",
                "99%",
                "--out",
                out.toString());

        assertThat(outcome.exit())
                .as(outcome.err() + outcome.out())
                .isEqualTo(RunnerMain.EXIT_INCONCLUSIVE)
                .isEqualTo(5);
        assertThat(outcome.out())
                .contains("result: " + out.resolve("result.json") + " (INCONCLUSIVE)")
                .contains("INCONCLUSIVE [");
        assertThat(outcome.err())
                .contains("INCONCLUSIVE, running it again (1 rerun(s) left): host noise beyond the 1ns noise budget: ");
        RunResult result = ResultJson.read(out.resolve("result.json"));
        assertThat(result.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        var rep = result.steps().getFirst().repetitions().getFirst();
        assertThat(rep.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(rep.reason()).startsWith("host noise beyond the 1ns noise budget: the jitter probe before saw a ");
        assertThat(rep.reruns()).hasSize(1);
        assertThat(out.resolve(rep.files().hgrm())).exists().hasFileName("rep-1_INCONCLUSIVE.hgrm");
        assertThat(result.config()).containsEntry("noiseBudget", "1ns").containsEntry("maxReruns", 1);
    }

    @Test
    void variantsRunInterleavedRoundsOfFreshJvmsAndTheirFilesLandInOneRun(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        Outcome outcome = forkedRun(out, "2k", "dispatch", "--queues", "isobench,jctools");

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isZero();
        RunResult result = ResultJson.read(out.resolve("result.json"));
        assertThat(result.steps()).extracting(s -> s.id()).containsExactly("isobench_rate-2000", "jctools_rate-2000");
        for (var step : result.steps()) {
            assertThat(step.repetitions()).extracting(r -> r.index()).containsExactly(1, 2);
            for (var rep : step.repetitions()) {
                assertThat(out.resolve(rep.files().hgrm())).exists();
                assertThat(out.resolve(rep.files().hlog())).exists();
                assertThat(rep.files().hgrm()).isEqualTo("steps/" + step.id() + "/rep-" + rep.index() + "_OK.hgrm");
            }
            assertThat(step.merged().latency().count()).isEqualTo(2 * 1_000);
        }
        // each round ran the variants in the order it recorded (drawn at random from the recorded seed)
        assertThat(result.variantRounds().orders())
                .hasSize(2)
                .allSatisfy(order -> assertThat(order).containsExactlyInAnyOrder("isobench", "jctools"));
        for (int round = 0; round < 2; round++) {
            var iso = result.steps().get(0).repetitions().get(round).startedAt();
            var jct = result.steps().get(1).repetitions().get(round).startedAt();
            assertThat(result.variantRounds().orders().get(round).getFirst())
                    .isEqualTo(iso.isBefore(jct) ? "isobench" : "jctools");
        }
        assertThat(result.variantComparisons()).as("queues are not option sets").isNull();
        assertThat(out.resolve(".forks")).doesNotExist();
    }

    /**
     * Each step of each variant runs in a JVM of its own: a step must not inherit what the steps before it left in the
     * JVM (compiled code, heap, the JIT's profiles). The test plugin reports how many sessions its JVM opened before
     * this one and the JVM's pid; run in one JVM per variant (as before), the second step of each said 1.
     */
    @Test
    void everyStepOfEveryVariantRunsInAJvmOfItsOwn(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        Outcome outcome = forkedRun(
                out, "1k,2k", "plugin", "--name", "test-quiet", "--variant", "a=", "--variant", "b=--option work=1");

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isZero();
        RunResult result = ResultJson.read(out.resolve("result.json"));
        assertThat(result.steps())
                .extracting(s -> s.id())
                .containsExactly("a_rate-1000", "a_rate-2000", "b_rate-1000", "b_rate-2000");
        List<Object> pids = new ArrayList<>();
        for (var step : result.steps()) {
            assertThat(step.repetitions()).extracting(r -> r.index()).containsExactly(1, 2);
            for (var rep : step.repetitions()) {
                assertThat(rep.metrics()).as(step.id()).containsEntry("sessionsBefore", 0);
                pids.add(rep.metrics().get("pid"));
                assertThat(out.resolve(rep.files().hgrm())).exists();
            }
        }
        assertThat(pids).hasSize(8).doesNotHaveDuplicates();
        assertThat(out.resolve(".forks")).doesNotExist();
    }

    /**
     * Two repetitions of a short sweep at {@code rates} whose variants fork: a rate a cold JVM keeps on a busy 2-CPU
     * machine (these tests are about rounds and files, not about the target's speed).
     */
    private static Outcome forkedRun(Path out, String rates, String... command) {
        List<String> args = new ArrayList<>(List.of(command));
        args.addAll(List.of("--rates", rates, "--rate-tolerance", "50%"));
        return twoShortRepetitions(out, "200ms", "500ms", args);
    }

    /** {@code command} with two repetitions of {@code duration} after {@code warmup}, no probes, quiet, into {@code out}. */
    static Outcome twoShortRepetitions(Path out, String warmup, String duration, List<String> command) {
        List<String> args = new ArrayList<>(command);
        args.addAll(shortRun(out, warmup, duration, 2));
        return run(args.toArray(String[]::new));
    }

    /** The options of a short run: its timing and repetitions, no probes, no progress, into {@code out}. */
    static List<String> shortRun(Path out, String warmup, String duration, int repetitions) {
        return List.of(
                "--warmup",
                warmup,
                "--duration",
                duration,
                "--repetitions",
                String.valueOf(repetitions),
                "--probe-duration",
                "0",
                "--progress",
                "none",
                "--out",
                out.toString());
    }

    @Test
    void variantsForkFromAnArgumentFileAsTheOperatorPassesIt(@TempDir Path dir) throws Exception {
        // the operator writes one token per line and starts `isobench-runner @/etc/isobench/client.args`
        Path out = dir.resolve("run");
        Path args = dir.resolve("client.args");
        java.nio.file.Files.write(
                args,
                List.of(
                        "dispatch",
                        "--queues",
                        "isobench,agrona",
                        "--rates",
                        "5k",
                        "--warmup",
                        "100ms",
                        "--duration",
                        "200ms",
                        "--repetitions",
                        "1",
                        "--probe-duration",
                        "0",
                        "--progress",
                        "log",
                        "--rate-tolerance",
                        "50%",
                        "--out",
                        out.toString()));
        Outcome outcome = run("@" + args);

        assertThat(outcome.exit()).as(outcome.err() + outcome.out()).isZero();
        assertThat(outcome.err()).doesNotContain("should be specified only once");
        assertThat(ResultJson.read(out.resolve("result.json")).steps())
                .allSatisfy(step -> assertThat(step.merged().latency().count()).isEqualTo(1_000));
    }
}
