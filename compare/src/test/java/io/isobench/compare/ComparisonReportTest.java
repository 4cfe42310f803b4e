package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonReportTest {

    private static final RunResult RECORDED = RecordedRuns.recorded("udp-echo-closed");
    private static final RunResult A = RecordedRuns.slice(RECORDED, "a", 0, 5, 1.0);
    private static final RunComparison SLOWER =
            RunComparison.of(A, RecordedRuns.slice(RECORDED, "b", 5, 10, 2.0), 0.05, false);

    @Test
    void markdownIsATableReadyForAPullRequestComment() {
        String md = ComparisonReport.markdown(SLOWER, ComparisonReport.labels(A, A));
        assertThat(md).startsWith("### isobench compare: regression — slower: ");
        assertThat(md)
                .contains(
                        "`b` against baseline `a` — Welch's t-test on the repetitions' log-percentiles, Holm over 6 comparisons");
        assertThat(md)
                .contains(
                        "| step | percentile | B/A | 95% interval | p (Holm) | verdict |\n|---|---|---|---|---|---|\n");
        assertThat(md)
                .contains(
                        "| in-process · 1 in flight (ping-pong) | p50 | 1.916 | 1.590–2.308 | 0.00029 | **slower** |\n");
        assertThat(md).contains("| in-process · 4 clients | p99 | 2.680 | 1.128–6.366 | 0.12 | no change |\n");
        assertThat(md).doesNotContain("Not compared").doesNotContain("Differences");
    }

    @Test
    void textSaysTheSameForATerminal() {
        String text = ComparisonReport.text(SLOWER, ComparisonReport.labels(A, A));
        assertThat(text).startsWith("regression — slower: ");
        assertThat(text)
                .contains(
                        "in-process · 1 in flight (ping-pong)  p50           1.916  1.590–2.308      0.00029    slower\n");
    }

    @Test
    void jsonCarriesEveryFigure() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ComparisonReport.json(SLOWER));
        assertThat(json.get("outcome").asText()).isEqualTo("REGRESSED");
        assertThat(json.get("verdicts")).hasSize(6);
        assertThat(json.get("verdicts").get(0).get("change").asText()).isEqualTo("slower");
        assertThat(json.get("verdicts").get(0).get("pHolm").asDouble()).isLessThanOrEqualTo(0.05);
        assertThat(json.get("threshold").asDouble()).isEqualTo(0.05);
    }

    @Test
    void whatWasNotComparedAndWhyIsListedAndAuthorTextCannotBreakOutOfItsCell() {
        RunResult hostile = RecordedRuns.steps(
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
                        "a | b\n<img src=x onerror=alert(1)> [link](http://x) `code`"));
        RunComparison c = RunComparison.of(A, hostile, 0.05, false);
        String md = ComparisonReport.markdown(c, ComparisonReport.labels(A, hostile));
        assertThat(md).contains("Not compared:\n\n- in-process · ");
        assertThat(md)
                .contains(": FAIL in B: a \\| b &lt;img src=x onerror=alert(1)&gt; \\[link\\](http://x) \\`code\\`\n");
        assertThat(md).doesNotContain("<img").doesNotContainPattern("[^\\\\]\\]\\(");
        assertThat(ComparisonReport.text(c, Map.of()))
                .contains("not compared: in-process · ")
                .contains(": FAIL in B: a | b");
    }

    @Test
    void differencesAreListedFieldByFieldAndSayWhetherTheyDecide() {
        Map<String, Object> config = new java.util.HashMap<>(A.config());
        config.put("messageBytes", 64);
        config.put("repetitions", 5);
        RunResult other = RunResult.builder()
                .runId("b")
                .target(A.target())
                .config(config)
                .configHash("x")
                .environment(A.environment())
                .steps(A.steps())
                .verdict(Verdict.OK)
                .build();
        RunComparison refused = RunComparison.of(A, other, 0.05, false);
        String md = ComparisonReport.markdown(refused, Map.of());
        assertThat(md).isEqualTo("""
                        ### isobench compare: not comparable — not comparable: config.messageBytes 256 → 64

                        `b` against baseline `a`

                        Differences:

                        | field | A | B | decides |
                        |---|---|---|---|
                        | config.messageBytes | 256 | 64 | yes |
                        | config.repetitions | 20 | 5 | no |
                        """);
        String anyway = ComparisonReport.markdown(RunComparison.of(A, other, 0.05, true), Map.of());
        assertThat(anyway)
                .startsWith("### isobench compare: no regression (compared anyway, across differences) — ")
                .contains("Compared anyway across these differences:");
        assertThat(ComparisonReport.text(refused, Map.of()))
                .contains("differs (decides): config.messageBytes: 256 → 64\n")
                .contains("differs: config.repetitions: 20 → 5\n");
    }

    @Test
    void tooFewRepetitionsShowTheirCountsInsteadOfAnInterval() {
        RunComparison few = RunComparison.of(A, RecordedRuns.slice(RECORDED, "b", 5, 7, 1.0), 0.05, false);
        assertThat(ComparisonReport.markdown(few, Map.of()))
                .startsWith("### isobench compare: too few repetitions to tell — ")
                .contains("| 5 vs 2 reps | – | too few repetitions to tell |");
        RunComparison nothing = RunComparison.of(
                A,
                RecordedRuns.steps(
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
                                Verdict.INCONCLUSIVE,
                                null)),
                0.05,
                false);
        assertThat(ComparisonReport.text(nothing, Map.of())).startsWith("nothing to compare — ");
    }
}
