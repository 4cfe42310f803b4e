package io.isobench.compare;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The verdict on one percentile of one step, with what it rests on.
 *
 * @param step         the step's id
 * @param percentile   p50, p99 or p99.9
 * @param repetitionsA how many repetitions of A it rests on
 * @param repetitionsB how many of B
 * @param ratio        B's geometric mean over A's; null when a run has no repetition
 * @param low          the lower end of the ratio's {@link DecisionRule#CONFIDENCE} interval (this comparison alone); null with
 *                     too few repetitions
 * @param high         its upper end
 * @param p            the two-sided p-value of this comparison alone; null with too few repetitions
 * @param pHolm        p adjusted by Holm over every comparison of the two runs; significant when at most {@link DecisionRule#ALPHA}
 * @param change       slower, faster, no change, too few repetitions to tell
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PercentileVerdict(
        String step,
        String percentile,
        int repetitionsA,
        int repetitionsB,
        Double ratio,
        Double low,
        Double high,
        Double p,
        Double pHolm,
        Change change) {}
