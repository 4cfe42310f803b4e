package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.RepetitionResult;
import io.isobench.result.StepResult;
import io.isobench.result.VariantComparison;
import io.isobench.result.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Variants of one run against the first, by compare's decision rule: each pair matched by load, one Holm family. */
class VariantComparisonsTest {

    @Test
    void identicalVariantsAreNoChangeAndAShiftedOneIsSlowerWithItsRatioAndInterval() {
        List<StepResult> steps = List.of(
                variant("a", Steps.step("x", 100, 102, 98, 101, 99)),
                variant("a2", Steps.step("x", 101, 99, 100, 98, 102)),
                variant("slow", Steps.step("x", 150, 153, 147, 151, 149)));

        List<VariantComparison> out = VariantComparisons.of(steps, List.of("a", "a2", "slow"), 0.05);

        assertThat(out).extracting(VariantComparison::variant).containsExactly("a2", "slow");
        assertThat(out).allSatisfy(c -> assertThat(c.baseline()).isEqualTo("a"));
        assertThat(out.getFirst().verdicts())
                .extracting(VariantComparison.PercentileChange::change)
                .containsOnly("no change");
        assertThat(out.getFirst().outcome()).isEqualTo("NoRegression");
        VariantComparison.PercentileChange p50 = out.get(1).verdicts().getFirst();
        assertThat(p50.load()).isEqualTo("clients-1");
        assertThat(p50.percentile()).isEqualTo("p50");
        assertThat(p50.change()).isEqualTo("slower");
        assertThat(p50.ratio()).isBetween(1.49, 1.51);
        assertThat(p50.low()).isLessThan(1.5);
        assertThat(p50.high()).isGreaterThan(1.5);
        assertThat(out.get(1).outcome()).isEqualTo("Regressed");
        assertThat(out.get(1).summary()).startsWith("slower: clients-1 p50 ×1.500");
    }

    @Test
    void aFailedStepIsLeftOutWithWhyAndTooFewRepetitionsAreNotAGuess() {
        List<StepResult> steps = List.of(
                variant("a", Steps.step("x", 100, 101)),
                variant("b", Steps.step("x", 200, 201)),
                variant("c", Steps.step("x", Verdict.FAIL, 100, 101)));

        List<VariantComparison> out = VariantComparisons.of(steps, List.of("a", "b", "c"), 0.05);

        assertThat(out.getFirst().verdicts())
                .extracting(VariantComparison.PercentileChange::change)
                .containsOnly("too few repetitions to tell");
        assertThat(out.getFirst().outcome()).isEqualTo("TooFewRepetitions");
        assertThat(out.get(1).verdicts()).isEmpty();
        assertThat(out.get(1).leftOut()).singleElement().satisfies(l -> {
            assertThat(l.load()).isEqualTo("clients-1");
            assertThat(l.why()).isEqualTo("FAIL in B: why x");
        });
        assertThat(out.get(1).outcome()).isEqualTo("NothingCompared");
    }

    /**
     * The A/A mode's promise on real recorded repetitions of one build (compare's calibration fixture): two variants
     * drawn at random from them, 5 repetitions each, 1,000 times — at most 5 % of the pairs report any change.
     */
    @Test
    void twoVariantsOfOneBuildRarelyDifferOnRealRepetitions() {
        Calibration.RecordedRun run = Calibration.recorded("udp-echo-closed");
        Random random = new Random(18);
        int splits = 1000;
        int anyChange = 0;
        for (int split = 0; split < splits; split++) {
            List<StepResult> steps = new ArrayList<>();
            for (StepResult step : run.steps()) {
                List<RepetitionResult> reps = new ArrayList<>(step.repetitions());
                Collections.shuffle(reps, random);
                steps.add(variant("a", withRepetitions(step, reps.subList(0, 5))));
                steps.add(variant("a2", withRepetitions(step, reps.subList(5, 10))));
            }
            VariantComparison c =
                    VariantComparisons.of(steps, List.of("a", "a2"), 0.05).getFirst();
            assertThat(c.verdicts()).hasSize(3 * run.steps().size());
            if (c.verdicts().stream()
                    .anyMatch(v -> v.change().equals("slower") || v.change().equals("faster"))) {
                anyChange++;
            }
        }
        assertThat((double) anyChange / splits).isLessThanOrEqualTo(DecisionRule.ALPHA);
    }

    private static StepResult variant(String name, StepResult s) {
        return new StepResult(
                name + "_" + s.load().slug(),
                s.label(),
                name,
                s.load(),
                s.measure(),
                s.repetitions(),
                s.merged(),
                s.verdict(),
                s.reason());
    }

    private static StepResult withRepetitions(StepResult s, List<RepetitionResult> reps) {
        return new StepResult(
                s.id(), s.label(), s.variant(), s.load(), s.measure(), reps, s.merged(), s.verdict(), s.reason());
    }
}
