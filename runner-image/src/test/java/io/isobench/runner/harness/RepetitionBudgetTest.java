package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.LatencySummary;
import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --repetitions auto}: repetitions until p50 and p99 are precise enough, or the budget says how wide they stayed. */
class RepetitionBudgetTest {

    private static RepetitionResult rep(int index, long p50, Verdict verdict) {
        long p99 = 2 * p50;
        return RepetitionResult.builder()
                .index(index)
                .verdict(verdict)
                .latency(LatencySummary.builder()
                        .count(100)
                        .min(1)
                        .p50(p50)
                        .p66(p50)
                        .p75(p50)
                        .p80(p50)
                        .p90(p50)
                        .p95(p50)
                        .p98(p50)
                        .p99(p99)
                        .p99_9(p99)
                        .p99_99(p99)
                        .p99_999(p99)
                        .max(p99)
                        .mean(p50)
                        .stddev(1)
                        .build())
                .build();
    }

    private static List<RepetitionResult> reps(long... p50s) {
        List<RepetitionResult> out = new ArrayList<>();
        for (long p : p50s) {
            out.add(rep(out.size() + 1, p, Verdict.OK));
        }
        return out;
    }

    private static final RunSettings FIXED = BenchmarkRunnerTest.settings(List.of(Load.openLoop(1000, 10, 100)), 4);

    @Test
    void aFixedCountIsRunWhateverTheSpread() {
        assertThat(FIXED.repetitions().wantsAnother(reps(1000, 1000, 1000))).isTrue();
        assertThat(FIXED.repetitions().wantsAnother(reps(1000, 1000, 1000, 1000)))
                .isFalse();
        assertThat(RepetitionBudget.noted(reps(1000), FIXED, Progress.NONE, "s"))
                .isEqualTo(reps(1000));
    }

    @Test
    void autoStopsOnceP50AndP99AreWithinThePrecisionNeverBelowThree() {
        RunSettings auto = FIXED.withPrecision(0.05);
        assertThat(auto.repetitions().wantsAnother(reps())).isTrue();
        assertThat(auto.repetitions().wantsAnother(reps(1000, 1000)))
                .as("two repetitions tell nothing")
                .isTrue();
        assertThat(auto.repetitions().wantsAnother(reps(1000, 1001, 999))).isFalse();
        assertThat(auto.repetitions().wantsAnother(reps(1000, 1400, 700))).isTrue();
        assertThat(auto.repetitions().wantsAnother(reps(1000, 1400, 700, 1000)))
                .as("the budget")
                .isFalse();
        List<RepetitionResult> precise = RepetitionBudget.noted(reps(1000, 1001, 999), auto, Progress.NONE, "s");
        assertThat(precise.getLast().notes())
                .singleElement()
                .asString()
                .matches("precision ±5% reached after 3 repetitions: " + "p50 ±0\\.\\d%, p99 ±0\\.\\d%");
        assertThat(precise.subList(0, 2)).isEqualTo(reps(1000, 1001, 999).subList(0, 2));
    }

    @Test
    void aBudgetThatRanOutSaysHowWideTheIntervalsStayed() {
        List<String> warnings = new ArrayList<>();
        Progress progress = new Progress() {
            @Override
            public void repetitionStarted(StepPlan step, int repetition, int repetitions) {}

            @Override
            public void interval(StepPlan step, int repetition, long e, long d, org.HdrHistogram.Histogram h, long c) {}

            @Override
            public void repetitionFinished(StepPlan step, RepetitionResult result) {}

            @Override
            public void stepFinished(io.isobench.result.StepResult result) {}

            @Override
            public void warn(String message) {
                warnings.add(message);
            }
        };
        List<RepetitionResult> wide =
                RepetitionBudget.noted(reps(1000, 1400, 700, 1000), FIXED.withPrecision(0.025), progress, "s");
        assertThat(wide.getLast().notes())
                .singleElement()
                .asString()
                .matches(
                        "precision ±2\\.5% not reached: the budget of 4 repetitions \\(--max-repetitions\\) ran out with p50 ±\\d+\\.\\d%, "
                                + "p99 ±\\d+\\.\\d%");
        assertThat(warnings).singleElement().asString().startsWith("s: precision ±2.5% not reached");
    }

    @Test
    void aRepetitionThatIsNotOkEndsTheSearchAndSaysSo() {
        RunSettings auto = FIXED.withPrecision(0.05);
        List<RepetitionResult> failed = List.of(rep(1, 1000, Verdict.OK), rep(2, 1400, Verdict.FAIL));
        assertThat(auto.repetitions().wantsAnother(failed)).isFalse();
        assertThat(RepetitionBudget.noted(failed, auto, Progress.NONE, "s")
                        .getLast()
                        .notes())
                .containsExactly("precision ±5% not judged: a repetition was not OK, so no more were run");
    }

    @Test
    void aWholeRunAsksForRepetitionsUntilPrecise(@TempDir Path dir) throws Exception {
        // a precision no spread on a loaded machine can miss (×10^10): three repetitions, the least that tells
        // anything, not ten
        RunResult result = BenchmarkRunnerTest.run(
                new InstantTarget("a"),
                BenchmarkRunnerTest.settings(List.of(Load.openLoop(1000, 10, 100)), 10)
                        .withPrecision(1e10),
                dir);
        assertThat(result.steps().getFirst().repetitions()).hasSize(3);
        assertThat(result.steps().getFirst().repetitions().getLast().notes())
                .anyMatch(n -> n.startsWith("precision ±1000000000000% reached " + "after 3 repetitions: p50 ±"));
    }
}
