package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.ResultPlausibility;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.target.spi.Clock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Noise gating through the whole harness, with the host's noise scripted: INCONCLUSIVE, reruns, and the run's verdict. */
class NoiseGatingTest {

    static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    /** The generator check is off: on a busy test machine the sender's lag is the host's, and these tests judge noise alone. */
    static RunSettings quietGenerator(int repetitions) {
        return BenchmarkRunnerTest.settings(List.of(Load.openLoop(2_000, 20, 200)), repetitions)
                .withGeneratorLimit(Double.POSITIVE_INFINITY);
    }

    static RunSettings budget(long budgetNanos, int reruns) {
        return quietGenerator(1).withNoiseGating(new RunSettings.NoiseGating(Duration.ofNanos(budgetNanos), reruns));
    }

    static RunResult run(RunSettings settings, NoiseSource noise, Path dir) throws InterruptedException {
        RunResult result = new BenchmarkRunner(Clock.SYSTEM, Progress.NONE, EnvironmentProbe.system(), noise)
                .run(new InstantTarget("a"), settings, OutputDirectory.prepare(dir, "--out"), null);
        ResultPlausibility.check(
                ResultJson.read(dir.resolve(RunLayout.RESULT_FILE)), null); // what the operator and the site demand
        return result;
    }

    static RepetitionResult onlyRepetition(RunResult result) {
        return result.steps().getFirst().repetitions().getFirst();
    }

    @Test
    void aStallOverTheBudgetMakesTheRepetitionInconclusiveAndAQuietRerunCounts(@TempDir Path dir) throws Exception {
        ScriptedNoise noise = new ScriptedNoise(ScriptedNoise.Attempt.quiet().stallBefore(5 * MS));

        RunResult result = run(budget(MS, 2), noise, dir);

        RepetitionResult rep = onlyRepetition(result);
        assertThat(rep.verdict()).as(rep.reason()).isEqualTo(Verdict.OK);
        assertThat(rep.reruns()).singleElement().satisfies(rerun -> {
            assertThat(rerun.attempt()).isEqualTo(1);
            assertThat(rerun.reason())
                    .isEqualTo(
                            "host noise beyond the 1ms noise budget: the jitter probe before saw a 5 ms stall on CPU "
                                    + rep.probe().jitter().getFirst().cpu() + " (budget 1ms)");
            assertThat(rerun.latency().count()).isPositive();
        });
        assertThat(noise.probes)
                .as("probed before and after each of two attempts")
                .isEqualTo(4);
        assertThat(result.verdict()).isEqualTo(Verdict.OK);
        assertThat(BenchmarkRunner.exitCode(result)).isZero();
        // only the counted attempt's files remain
        try (Stream<Path> files = Files.walk(dir.resolve(RunLayout.STEPS_DIR))) {
            assertThat(files.filter(Files::isRegularFile)
                            .map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrder("rep-1_OK.hlog", "rep-1_OK.hgrm", "merged_OK.hgrm");
        }
    }

    @Test
    void aRepetitionStillNoisyAfterItsRerunsLeavesTheStepAndTheRunInconclusiveExitFive(@TempDir Path dir)
            throws Exception {
        ScriptedNoise noise = ScriptedNoise.always(ScriptedNoise.Attempt.quiet().stallBefore(5 * MS));

        RunResult result = run(budget(MS, 2), noise, dir);

        RepetitionResult rep = onlyRepetition(result);
        assertThat(rep.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(rep.reason())
                .startsWith("host noise beyond the 1ms noise budget: the jitter probe before saw a 5 ms stall");
        assertThat(rep.reruns()).extracting(r -> r.attempt()).containsExactly(1, 2);
        assertThat(rep.files().hgrm()).endsWith("rep-1_INCONCLUSIVE.hgrm");
        StepResult step = result.steps().getFirst();
        assertThat(step.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(step.reason()).startsWith("1 of 1 inconclusive: repetition 1: host noise");
        assertThat(result.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(BenchmarkRunner.exitCode(result)).isEqualTo(5);
        assertThat(noise.probes).as("three attempts").isEqualTo(6);
    }

    @Test
    void withoutABudgetNothingIsGatedButEveryFigureIsThere(@TempDir Path dir) throws Exception {
        ScriptedNoise noise = ScriptedNoise.always(ScriptedNoise.Attempt.quiet()
                .stallBefore(50 * MS)
                .coreToCore(70, 275)
                .throttled(3));

        RunResult result = run(quietGenerator(2), noise, dir);

        assertThat(result.verdict()).isEqualTo(Verdict.OK);
        for (RepetitionResult rep : result.steps().getFirst().repetitions()) {
            assertThat(rep.verdict()).isEqualTo(Verdict.OK);
            assertThat(rep.reruns()).isEmpty();
            assertThat(rep.probe().jitter().getFirst().maxStallNanos()).isEqualTo(50 * MS);
            assertThat(rep.probeAfter().coreToCore().p50()).isEqualTo(275);
            assertThat(rep.noise().throttling().throttledPeriods()).isEqualTo(3);
            assertThat(rep.noise().threads()).extracting(t -> t.role()).containsExactly("client");
            assertThat(rep.notes())
                    .filteredOn(n -> n.startsWith("host noise"))
                    .singleElement()
                    .asString()
                    .startsWith("host noise during the window (not gated: no --noise-budget): ")
                    .contains("core-to-core latency CPU")
                    .contains("changed from 70 ns before to 275 ns after")
                    .contains("the cgroup was CPU-throttled in 3 of 100 CFS periods, 15 ms in all");
            assertThat(rep.notes())
                    .as("50 ms stalled in the 1 s probe before, 20 µs after: 2.501 % of the messages met a stall, so"
                            + " from p97.499 up, named p97.4")
                    .contains("the jitter probes around the window saw the measured CPUs stalled 2.5% of the time:"
                            + " about as many of the messages met a stall, so from about p97.4 up the latency"
                            + " percentiles are the host's stalls, not the target's");
        }
    }

    @Test
    void aCoreToCoreStateThatChangedBetweenTheProbesIsInconclusive(@TempDir Path dir) throws Exception {
        RunResult result = run(
                budget(MS, 0),
                ScriptedNoise.always(ScriptedNoise.Attempt.quiet().coreToCore(70, 275)),
                dir);

        assertThat(onlyRepetition(result).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(onlyRepetition(result).reason())
                .contains("changed from 70 ns before to 275 ns after (the host moved the vCPUs)");
        assertThat(onlyRepetition(result).reruns()).as("--max-reruns 0").isEmpty();
    }

    @Test
    void throttlingDuringTheWindowIsInconclusive(@TempDir Path dir) throws Exception {
        RunResult result = run(
                budget(MS, 0),
                ScriptedNoise.always(ScriptedNoise.Attempt.quiet().throttled(2)),
                dir);

        assertThat(onlyRepetition(result).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(onlyRepetition(result).reason())
                .contains("the cgroup was CPU-throttled in 2 of 100 CFS periods, 10 ms in all");
    }

    @Test
    void aFailStaysAFailAndNamesTheNoiseBesideItsReason(@TempDir Path dir) throws Exception {
        InstantTarget target = new InstantTarget("a");
        target.failOpen = "port 9 in use";
        RunResult result = new BenchmarkRunner(
                        Clock.SYSTEM,
                        Progress.NONE,
                        EnvironmentProbe.system(),
                        ScriptedNoise.always(ScriptedNoise.Attempt.quiet().stallBefore(5 * MS)))
                .run(target, budget(MS, 2), OutputDirectory.prepare(dir, "--out"), null);

        RepetitionResult rep = onlyRepetition(result);
        assertThat(rep.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(rep.reason())
                .contains("could not start instant a: port 9 in use")
                .contains("; host noise during the window: the jitter probe");
        assertThat(rep.reruns()).as("a FAIL is not run again").isEmpty();
        assertThat(BenchmarkRunner.exitCode(result)).isEqualTo(1);
    }
}
