package io.isobench.compare;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.isobench.result.RunResult;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * B (the candidate) against A (the baseline): whether they are comparable, which steps were compared, every
 * percentile's verdict, and the outcome (docs/compare.md).
 *
 * @param baseline       A's run id
 * @param candidate      B's run id
 * @param threshold      the smallest change reported (0.05 = 5 %)
 * @param differences    every field on which the runs differ
 * @param comparedAnyway the user asked for a comparison across deciding differences
 * @param steps          the steps compared and those left out, with why
 * @param verdicts       per compared step and percentile (empty when not compared)
 * @param outcome        what it concludes
 * @param summary        one line saying it, for a condition message or a log
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunComparison(
        String baseline,
        String candidate,
        double threshold,
        List<Difference> differences,
        boolean comparedAnyway,
        StepPlan steps,
        List<PercentileVerdict> verdicts,
        Outcome outcome,
        String summary) {

    /** Compares B with A; {@code anyway} compares across deciding differences (they are still listed). */
    public static RunComparison of(RunResult a, RunResult b, double threshold, boolean anyway) {
        List<Difference> differences = Comparability.differences(a, b);
        StepPlan steps = StepPlan.of(a, b);
        boolean comparable = Comparability.comparable(differences);
        List<PercentileVerdict> verdicts = List.of();
        Outcome outcome;
        String summary;
        if (!comparable && !anyway) {
            String deciding = differences.stream()
                    .filter(Difference::decides)
                    .map(d -> d.field() + " " + d.a() + " → " + d.b())
                    .collect(Collectors.joining("; "));
            outcome = Outcome.INCOMPARABLE;
            summary = "not comparable: " + deciding;
        } else if (steps.compared().isEmpty()) {
            outcome = Outcome.NOTHING_COMPARED;
            summary = "no step both runs measured OK (" + steps.leftOut().size() + " left out)";
        } else {
            verdicts = DecisionRule.decide(RepetitionValues.samples(a, b, steps.compared()), threshold);
            outcome = outcome(verdicts);
            summary = summary(outcome, verdicts, steps, threshold);
        }
        return new RunComparison(
                a.runId(), b.runId(), threshold, differences, !comparable && anyway, steps, verdicts, outcome, summary);
    }

    private static Outcome outcome(List<PercentileVerdict> verdicts) {
        if (verdicts.stream().anyMatch(v -> v.change() == Change.SLOWER)) {
            return Outcome.REGRESSED;
        }
        return verdicts.stream().anyMatch(v -> v.change() == Change.TOO_FEW_REPETITIONS)
                ? Outcome.TOO_FEW_REPETITIONS
                : Outcome.NO_REGRESSION;
    }

    private static String summary(Outcome outcome, List<PercentileVerdict> verdicts, StepPlan steps, double threshold) {
        String scope = verdicts.size() + " comparisons of " + steps.compared().size() + " step(s)";
        return switch (outcome) {
            case REGRESSED ->
                "slower: "
                        + verdicts.stream()
                                .filter(v -> v.change() == Change.SLOWER)
                                .map(v -> v.step() + " " + v.percentile() + " ×" + ratio(v.ratio()) + " ("
                                        + ratio(v.low()) + "–" + ratio(v.high()) + ")")
                                .collect(Collectors.joining("; "))
                        + " [" + scope + "]";
            case TOO_FEW_REPETITIONS ->
                "too few repetitions to tell (fewer than " + DecisionRule.MIN_REPETITIONS + "): "
                        + verdicts.stream()
                                .filter(v -> v.change() == Change.TOO_FEW_REPETITIONS)
                                .map(PercentileVerdict::step)
                                .distinct()
                                .collect(Collectors.joining(", "))
                        + " [" + scope + "]";
            default -> "no regression beyond " + percent(threshold) + " in " + scope + faster(verdicts);
        };
    }

    private static String faster(List<PercentileVerdict> verdicts) {
        long faster = verdicts.stream().filter(v -> v.change() == Change.FASTER).count();
        return faster == 0 ? "" : "; " + faster + " faster";
    }

    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    static String percent(double fraction) {
        return String.format(
                Locale.ROOT,
                "%s%%",
                new java.math.BigDecimal(String.valueOf(fraction * 100))
                        .stripTrailingZeros()
                        .toPlainString());
    }
}
