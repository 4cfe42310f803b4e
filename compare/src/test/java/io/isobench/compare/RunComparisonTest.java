package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two runs compared end to end, on the recorded repetitions: the outcome a CI gate and the operator act on. */
class RunComparisonTest {

    private static final RunResult RECORDED = RecordedRuns.recorded("udp-echo-closed");
    private static final RunResult A = RecordedRuns.slice(RECORDED, "a", 0, 5, 1.0);

    @Test
    void theSameBuildIsNoRegression() {
        RunComparison c = RunComparison.of(A, RecordedRuns.slice(RECORDED, "b", 5, 10, 1.0), 0.05, false);
        assertThat(c.outcome()).isEqualTo(Outcome.NO_REGRESSION);
        assertThat(c.verdicts()).hasSize(6).allMatch(v -> v.change() == Change.NO_CHANGE);
        assertThat(c.summary()).isEqualTo("no regression beyond 5% in 6 comparisons of 2 step(s)");
        assertThat(c.differences()).isEmpty();
        assertThat(c.comparedAnyway()).isFalse();
        assertThat(List.of(c.baseline(), c.candidate())).containsExactly("a", "b");
    }

    @Test
    void aBuildTwiceAsSlowRegressesAndSaysWhere() {
        RunComparison c = RunComparison.of(A, RecordedRuns.slice(RECORDED, "b", 5, 10, 2.0), 0.05, false);
        assertThat(c.outcome()).isEqualTo(Outcome.REGRESSED);
        assertThat(c.verdicts().stream()
                        .filter(v -> v.percentile().equals("p50"))
                        .map(PercentileVerdict::change))
                .containsOnly(Change.SLOWER);
        assertThat(c.summary())
                .startsWith("slower: in-process_clients-1 p50 ×")
                .contains(" (")
                .endsWith("[6 comparisons of 2 step(s)]");
    }

    @Test
    void aFasterBuildIsNoRegressionAndSaysSo() {
        RunComparison c = RunComparison.of(A, RecordedRuns.slice(RECORDED, "b", 5, 10, 0.5), 0.05, false);
        assertThat(c.outcome()).isEqualTo(Outcome.NO_REGRESSION);
        assertThat(c.summary()).matches("no regression beyond 5% in 6 comparisons of 2 step\\(s\\); [1-6] faster");
    }

    @Test
    void twoRepetitionsAreTooFewToTellUnlessSomethingIsSlowerElsewhere() {
        RunComparison few = RunComparison.of(A, RecordedRuns.slice(RECORDED, "b", 5, 7, 1.0), 0.05, false);
        assertThat(few.outcome()).isEqualTo(Outcome.TOO_FEW_REPETITIONS);
        assertThat(few.summary())
                .isEqualTo("too few repetitions to tell (fewer than 3): in-process_clients-1, in-process_clients-4 "
                        + "[6 comparisons of 2 step(s)]");
        RunResult oneStepFew = RecordedRuns.steps(
                RecordedRuns.slice(RECORDED, "b", 5, 10, 2.0),
                "b",
                s -> s.id().endsWith("4")
                        ? new StepResult(
                                s.id(),
                                s.label(),
                                s.variant(),
                                s.load(),
                                s.measure(),
                                s.repetitions().subList(0, 2),
                                s.merged(),
                                s.verdict(),
                                s.reason())
                        : s);
        assertThat(RunComparison.of(A, oneStepFew, 0.05, false).outcome()).isEqualTo(Outcome.REGRESSED);
        RunResult oneStepFewSame = RecordedRuns.steps(
                RecordedRuns.slice(RECORDED, "b", 5, 10, 1.0),
                "b",
                s -> s.id().endsWith("4")
                        ? new StepResult(
                                s.id(),
                                s.label(),
                                s.variant(),
                                s.load(),
                                s.measure(),
                                s.repetitions().subList(0, 2),
                                s.merged(),
                                s.verdict(),
                                s.reason())
                        : s);
        assertThat(RunComparison.of(A, oneStepFewSame, 0.05, false).summary())
                .isEqualTo(
                        "too few repetitions to tell (fewer than 3): in-process_clients-4 [6 comparisons of 2 step(s)]");
    }

    @Test
    void aDecidingDifferenceMakesThemIncomparableUnlessAskedAnyway() {
        Map<String, Object> config = new HashMap<>(RECORDED.config());
        config.put("messageBytes", 1024);
        config.put("repetitions", 5);
        RunResult b = RunResult.builder()
                .runId("b")
                .target(RECORDED.target())
                .config(config)
                .configHash("x")
                .environment(RECORDED.environment())
                .steps(RecordedRuns.slice(RECORDED, "b", 5, 10, 2.0).steps())
                .verdict(Verdict.OK)
                .build();
        RunComparison refused = RunComparison.of(A, b, 0.05, false);
        assertThat(refused.outcome()).isEqualTo(Outcome.INCOMPARABLE);
        assertThat(refused.verdicts()).isEmpty();
        assertThat(refused.summary()).isEqualTo("not comparable: config.messageBytes 256 → 1024");
        assertThat(refused.differences())
                .extracting(Difference::field)
                .containsExactly("config.messageBytes", "config.repetitions");
        RunComparison anyway = RunComparison.of(A, b, 0.05, true);
        assertThat(anyway.outcome()).isEqualTo(Outcome.REGRESSED);
        assertThat(anyway.comparedAnyway()).isTrue();
        // a difference that does not decide needs no asking
        config.remove("messageBytes");
        config.put("messageBytes", 256);
        assertThat(RunComparison.of(A, b.toBuilder().config(config).build(), 0.05, false)
                        .comparedAnyway())
                .isFalse();
    }

    @Test
    void withNoStepBothRunsMeasuredOkThereIsNothingToCompare() {
        RunResult failed = RecordedRuns.steps(
                A,
                "b",
                s -> new StepResult(
                        s.id(),
                        s.label(),
                        s.variant(),
                        s.load(),
                        s.measure(),
                        s.repetitions(),
                        s.merged(),
                        Verdict.FAIL,
                        "refused"));
        RunComparison c = RunComparison.of(A, failed, 0.05, false);
        assertThat(c.outcome()).isEqualTo(Outcome.NOTHING_COMPARED);
        assertThat(c.summary()).isEqualTo("no step both runs measured OK (2 left out)");
        assertThat(c.steps().leftOut()).extracting(StepPlan.LeftOut::why).containsOnly("FAIL in B: refused");
    }

    @Test
    void outcomesMapOntoExitCodesAndTheConditionsStatus() {
        assertThat(Outcome.NO_REGRESSION.exitCode()).isZero();
        assertThat(Outcome.REGRESSED.exitCode()).isEqualTo(1);
        assertThat(List.of(Outcome.INCOMPARABLE, Outcome.NOTHING_COMPARED, Outcome.TOO_FEW_REPETITIONS))
                .allMatch(o -> o.exitCode() == 3)
                .allMatch(o -> o.regressedStatus().equals("Unknown"));
        assertThat(Outcome.REGRESSED.regressedStatus()).isEqualTo("True");
        assertThat(Outcome.NO_REGRESSION.regressedStatus()).isEqualTo("False");
        assertThat(Outcome.TOO_FEW_REPETITIONS.reason()).isEqualTo("TooFewRepetitions");
    }

    @Test
    void thresholdsArePrintedAsUsersWroteThem() {
        assertThat(RunComparison.percent(0.05)).isEqualTo("5%");
        assertThat(RunComparison.percent(0.025)).isEqualTo("2.5%");
        assertThat(RunComparison.percent(0)).isEqualTo("0%");
        assertThat(RunComparison.ratio(1.23456)).isEqualTo("1.235");
    }
}
