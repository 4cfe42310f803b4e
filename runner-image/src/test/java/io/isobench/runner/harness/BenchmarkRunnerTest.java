package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.result.HgrmTable;
import io.isobench.result.Histograms;
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
import io.isobench.target.spi.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkRunnerTest {

    static RunSettings settings(List<Load> loads, int repetitions) {
        List<Integer> cpus = EnvironmentProbe.system().grantedCpus();
        return new RunSettings(
                loads,
                RunSettings.Repetitions.fixed(repetitions),
                new RunSettings.Placement(cpus, true),
                new RunSettings.Timing(
                        Duration.ZERO, Duration.ofMillis(100), Duration.ofMillis(5), Duration.ofMillis(500), 0.5),
                new RunSettings.Limits(0.5, RunSettings.Limits.DEFAULT_GENERATOR_LIMIT),
                RunSettings.NoiseGating.OFF,
                RunSettings.Forking.IN_THIS_JVM,
                Map.of("test", true));
    }

    static RunResult run(Target target, RunSettings settings, Path dir) throws InterruptedException {
        return new BenchmarkRunner(Clock.SYSTEM, Progress.NONE, EnvironmentProbe.system())
                .run(target, settings, OutputDirectory.prepare(dir, "--out"), null);
    }

    @Test
    void writesAResultDirectoryThatHdrHistogramsOwnReadersAccept(@TempDir Path dir) throws Exception {
        List<Load> loads = List.of(Load.openLoop(2_000, 50, 300), Load.openLoop(20_000, 50, 300));
        RunResult result = run(new InstantTarget("a"), settings(loads, 2), dir);

        assertThat(result.verdict()).isEqualTo(Verdict.OK);
        assertThat(ResultJson.read(dir.resolve(RunLayout.RESULT_FILE)))
                .usingRecursiveComparison()
                .isEqualTo(result);
        ResultPlausibility.check(result, null); // what the operator and publisher demand of an upload
        assertThat(result.steps()).extracting(StepResult::id).containsExactly("a_rate-2000", "a_rate-20000");
        assertThat(result.configHash()).hasSize(16);
        assertThat(result.environment().cpuset().cpus()).isNotEmpty();

        for (StepResult step : result.steps()) {
            long mergedCount = 0;
            for (RepetitionResult rep : step.repetitions()) {
                long expected = step.load().targetRate() * 300 / 1000;
                assertThat(rep.latency().count()).as(step.id()).isBetween(expected - 1, expected + 1);
                assertThat(rep.achievedRate())
                        .isCloseTo(step.load().targetRate(), org.assertj.core.data.Percentage.withPercentage(50));
                // the interval log adds up to the repetition's histogram
                Histogram fromLog = Histograms.newLatencyHistogram();
                try (var reader = Files.newInputStream(dir.resolve(rep.files().hlog()))) {
                    HistogramLogReader log = new HistogramLogReader(reader);
                    EncodableHistogram interval;
                    int intervals = 0;
                    while ((interval = log.nextIntervalHistogram()) != null) {
                        fromLog.add((Histogram) interval);
                        intervals++;
                    }
                    assertThat(intervals).isGreaterThanOrEqualTo(3);
                }
                assertThat(fromLog.getTotalCount()).isEqualTo(rep.latency().count());
                HgrmTable table = HgrmTable.read(dir.resolve(rep.files().hgrm()));
                assertThat(table.totalCount()).isEqualTo(rep.latency().count());
                assertThat(rep.files().hgrm()).endsWith("_OK.hgrm");
                mergedCount += rep.latency().count();
            }
            assertThat(step.merged().latency().count()).isEqualTo(mergedCount);
            assertThat(Histograms.fromBase64(step.merged().histogram()).getTotalCount())
                    .isEqualTo(mergedCount);
            assertThat(HgrmTable.read(dir.resolve(step.merged().files().hgrm())).totalCount())
                    .isEqualTo(mergedCount);
        }
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.map(Path::toString))
                    .noneMatch(f -> f.endsWith(RunLayout.PARTIAL_SUFFIX) || f.endsWith(".tmp"));
        }
    }

    @Test
    void aTargetThatCannotStartFailsItsStepsWithTheReason(@TempDir Path dir) throws Exception {
        InstantTarget target = new InstantTarget("a");
        target.failOpen = "port 9 in use";
        RunResult result = run(target, settings(List.of(Load.openLoop(1000, 10, 100)), 1), dir);

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(result.reason()).contains("could not start instant a: port 9 in use");
        assertThat(BenchmarkRunner.exitCode(result)).isEqualTo(1);
        assertThat(result.steps().getFirst().repetitions().getFirst().files().hgrm())
                .endsWith("_FAIL.hgrm");
        ResultPlausibility.check(
                result, null); // a FAIL is a result: the operator and the publisher take it with its reason
    }

    @Test
    void aSenderThatBreaksMidWindowFailsWithTheReasonAndAResultReadersBelieve(@TempDir Path dir) throws Exception {
        InstantTarget target = new InstantTarget("a");
        target.throwAfterSends = 40; // 20 in warm-up at 1000/s over 20 ms, the rest inside the window
        RunResult result = run(target, settings(List.of(Load.openLoop(1000, 20, 200)), 1), dir);

        assertThat(result.verdict()).isEqualTo(Verdict.FAIL);
        RepetitionResult rep = result.steps().getFirst().repetitions().getFirst();
        assertThat(rep.reason()).contains("sender failed: java.lang.IllegalStateException: send 41 broke");
        assertThat(rep.notes())
                .anySatisfy(note -> assertThat(note)
                        .endsWith("samples recorded before the sender broke are left out of"
                                + " the figures (the window never closed); the .hlog keeps them"));
        assertThat(rep.received()).isZero();
        ResultPlausibility.check(result, null);
    }

    @Test
    void refusesADirectoryHoldingAFinishedRun(@TempDir Path dir) throws Exception {
        run(new InstantTarget("a"), settings(List.of(Load.openLoop(1000, 10, 100)), 1), dir);
        String before = Files.readString(dir.resolve(RunLayout.RESULT_FILE));

        assertThatThrownBy(() -> OutputDirectory.prepare(dir, "--out"))
                .isInstanceOf(UsageException.class)
                .hasMessageContaining("--out " + dir)
                .hasMessageContaining("already holds a finished run");
        assertThat(Files.readString(dir.resolve(RunLayout.RESULT_FILE))).isEqualTo(before);
    }

    @Test
    void closedLoopRunsRecordServiceTime(@TempDir Path dir) throws Exception {
        RunResult result = run(new InstantTarget("a"), settings(List.of(Load.closedLoop(1, 20, 200)), 1), dir);

        StepResult step = result.steps().getFirst();
        assertThat(step.id()).isEqualTo("a_clients-1");
        assertThat(step.verdict()).isEqualTo(Verdict.OK);
        assertThat(step.merged().latency().count()).isGreaterThan(1000);
    }
}
