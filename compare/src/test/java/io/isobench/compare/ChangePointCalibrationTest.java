package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The change-point rule holds its stated false-alarm rate on series made of real repetitions of one build: of 1,000
 * series of 100 runs with no change, at most 5 % show any change point. A 10 % slowdown half-way is found as often as
 * BENCHMARKS.md says. Figures go to target/change-points.md ({@code make bench-change-points} puts them in BENCHMARKS.md).
 */
class ChangePointCalibrationTest {

    private static final int SERIES = 1000;
    private static final int RUNS = ChangePointRule.STATED_RUNS;
    private static final int REPETITIONS = 3;
    private static final List<String> ROWS = new ArrayList<>();
    private static final List<String> UNCORRECTED = new ArrayList<>();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"udp-echo-closed", "dispatch-closed", "udp-echo-closed-quiet"})
    void seriesOfOneBuildRarelyShowAChangePoint(String name) {
        Calibration.RecordedRun run = Calibration.recorded(name);
        var aa = ChangePointCalibration.run(
                run,
                SERIES,
                RUNS,
                REPETITIONS,
                1.0,
                RUNS,
                ChangePointRule.WINDOW,
                ChangePointRule.ALPHA_PER_BOUNDARY,
                7);
        var shifted = ChangePointCalibration.run(
                run,
                SERIES,
                RUNS,
                REPETITIONS,
                1.10,
                RUNS / 2,
                ChangePointRule.WINDOW,
                ChangePointRule.ALPHA_PER_BOUNDARY,
                1007);
        ROWS.add(String.format(
                Locale.ROOT,
                "| %s | %s | %d | %d | %d | %d | %.1f %% | %.1f %% | %.1f %% |",
                name,
                run.p50Spread(),
                RUNS,
                REPETITIONS,
                ChangePointRule.WINDOW,
                SERIES,
                100 * aa.anyChangePoint(),
                100 * shifted.shiftFound(),
                100 * shifted.exact()));
        assertThat(aa.anyChangePoint())
                .as("%s: share of %d-run series of one build with a change point", name, RUNS)
                .isLessThanOrEqualTo(RUNS * ChangePointRule.ALPHA_PER_BOUNDARY);
    }

    /**
     * The same test fails a rule that does not correct for testing every boundary of a series: each boundary at 5 %
     * (Holm over its steps and percentiles only) finds change points in far more than 5 % of series of one build.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"udp-echo-closed", "dispatch-closed", "udp-echo-closed-quiet"})
    void wouldFailARuleThatTestsEachBoundaryAtFivePercent(String name) {
        var aa = ChangePointCalibration.run(
                Calibration.recorded(name),
                SERIES,
                RUNS,
                REPETITIONS,
                1.0,
                RUNS,
                ChangePointRule.WINDOW,
                DecisionRule.ALPHA,
                77);
        UNCORRECTED.add(String.format(Locale.ROOT, "%s %.1f %%", name, 100 * aa.anyChangePoint()));
        assertThat(aa.anyChangePoint()).isGreaterThan(RUNS * ChangePointRule.ALPHA_PER_BOUNDARY);
    }

    @AfterAll
    static void writeFigures() throws IOException {
        Path out = Path.of("target", "change-points.md");
        Files.createDirectories(out.getParent());
        Files.writeString(
                out,
                String.join(
                                "\n",
                                List.of(
                                        "| recorded run | p50 spread between repetitions (CV, per step) | runs per series | repetitions per run | window "
                                                + "| series | no change: series with any change point | 10 % slower from run 50: found within a window "
                                                + "| … marked at runs 49/50 |",
                                        "|---|---|---|---|---|---|---|---|---|"))
                        + "\n" + String.join("\n", ROWS) + "\n\nThe same series of one build judged with "
                        + "each boundary at 5 % (Holm over its steps and percentiles, no correction over boundaries): "
                        + String.join(", ", UNCORRECTED) + " of series show a change point.\n");
    }
}
