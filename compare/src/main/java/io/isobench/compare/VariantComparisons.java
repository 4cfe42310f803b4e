package io.isobench.compare;

import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.VariantComparison;
import java.util.ArrayList;
import java.util.List;

/**
 * Within one run of several variants ({@code --variant}): every variant against the first, load by load, by the same
 * decision rule as two runs ({@link RunComparison}; docs/compare.md § Variants in one run). Each pair is its own Holm
 * family, as two runs are: the baseline's steps are run A, the variant's are run B, matched by load.
 */
public final class VariantComparisons {

    private VariantComparisons() {}

    /**
     * @param steps     every step of the run, each naming its variant
     * @param variants  the variants in the order given, the baseline first
     * @param threshold the smallest change reported (0.05 = 5 %)
     */
    public static List<VariantComparison> of(List<StepResult> steps, List<String> variants, double threshold) {
        List<VariantComparison> out = new ArrayList<>();
        String baseline = variants.getFirst();
        RunResult a = variantRun(baseline, steps);
        for (String variant : variants.subList(1, variants.size())) {
            RunComparison c = RunComparison.of(a, variantRun(variant, steps), threshold, false);
            out.add(new VariantComparison(
                    baseline,
                    variant,
                    threshold,
                    c.outcome().reason(),
                    c.summary(),
                    c.verdicts().stream()
                            .map(v -> new VariantComparison.PercentileChange(
                                    v.step(),
                                    v.percentile(),
                                    v.repetitionsA(),
                                    v.repetitionsB(),
                                    v.ratio(),
                                    v.low(),
                                    v.high(),
                                    v.pHolm(),
                                    v.change().text()))
                            .toList(),
                    c.steps().leftOut().stream()
                            .map(l -> new VariantComparison.LeftOut(l.step(), l.why()))
                            .toList()));
        }
        return out;
    }

    /** One variant's steps as a run of their own, each step known by its load alone, so the two sides match by load. */
    private static RunResult variantRun(String variant, List<StepResult> steps) {
        return RunResult.builder()
                .runId(variant)
                .steps(steps.stream()
                        .filter(s -> variant.equals(s.variant()))
                        .map(s -> new StepResult(
                                s.load().slug(),
                                s.label(),
                                s.variant(),
                                s.load(),
                                s.measure(),
                                s.repetitions(),
                                s.merged(),
                                s.verdict(),
                                s.reason()))
                        .toList())
                .build();
    }
}
