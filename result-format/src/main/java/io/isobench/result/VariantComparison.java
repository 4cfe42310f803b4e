package io.isobench.result;

import java.util.List;

/**
 * One variant of a run against the run's first variant (its baseline), by the decision rule of
 * {@code isobench-runner compare} (docs/compare.md): Holm over this pair's steps and percentiles.
 *
 * @param baseline  the first variant's name
 * @param variant   this variant's name
 * @param threshold the smallest change reported (0.05 = 5 %)
 * @param outcome   NoRegression, Regressed, NothingCompared or TooFewRepetitions (compare's outcomes)
 * @param summary   one line saying it
 * @param verdicts  per load both variants measured OK and percentile
 * @param leftOut   loads not compared, each with why (a FAIL or INCONCLUSIVE step is shown, never compared)
 */
public record VariantComparison(
        String baseline,
        String variant,
        double threshold,
        String outcome,
        String summary,
        List<PercentileChange> verdicts,
        List<LeftOut> leftOut) {

    public VariantComparison {
        verdicts = List.copyOf(verdicts);
        leftOut = List.copyOf(leftOut);
    }

    /**
     * @param load        the load's slug (a step id without its variant: {@code rate-10000})
     * @param percentile  p50, p99 or p99.9
     * @param repetitionsBaseline repetitions of the baseline it rests on
     * @param repetitionsVariant  repetitions of this variant
     * @param ratio       this variant's geometric mean over the baseline's; null when one has no repetition
     * @param low         the lower end of the ratio's 95 % interval; null with too few repetitions
     * @param high        its upper end
     * @param pHolm       p adjusted by Holm over this pair's comparisons; null with too few repetitions
     * @param change      slower, faster, no change, too few repetitions to tell
     */
    public record PercentileChange(
            String load,
            String percentile,
            int repetitionsBaseline,
            int repetitionsVariant,
            Double ratio,
            Double low,
            Double high,
            Double pHolm,
            String change) {}

    /**
     * @param load the load's slug
     * @param why  e.g. "FAIL in zgc: achieved rate …"
     */
    public record LeftOut(String load, String why) {}
}
