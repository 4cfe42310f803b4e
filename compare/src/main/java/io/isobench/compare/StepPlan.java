package io.isobench.compare;

import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which steps of two runs are compared, and why each other one is not: a step is compared only when both runs measured
 * it OK. A FAIL or INCONCLUSIVE step is shown with its verdict and reason, never compared: its figures are not a result
 * about the code (docs/compare.md § Comparable).
 *
 * @param compared step ids both runs measured OK, in A's order
 * @param leftOut  every other step of either run, with why
 */
public record StepPlan(List<String> compared, List<LeftOut> leftOut) {

    /**
     * A step not compared.
     *
     * @param step  its id
     * @param label for humans ("isobench · 10k msg/s")
     * @param why   e.g. "FAIL in B: achieved rate 8,000 msg/s is 20% below …", "only in A"
     */
    public record LeftOut(String step, String label, String why) {}

    public static StepPlan of(RunResult a, RunResult b) {
        Map<String, StepResult> inB =
                b.steps().stream().collect(Collectors.toMap(StepResult::id, Function.identity(), (x, y) -> x));
        List<String> compared = new ArrayList<>();
        List<LeftOut> leftOut = new ArrayList<>();
        for (StepResult sa : a.steps()) {
            StepResult sb = inB.get(sa.id());
            String why = sb == null ? "only in A" : notMeasured(sa, "A");
            if (why == null) {
                why = notMeasured(sb, "B");
            }
            if (why == null) {
                compared.add(sa.id());
            } else {
                leftOut.add(new LeftOut(sa.id(), label(sa), why));
            }
        }
        Map<String, StepResult> inA =
                a.steps().stream().collect(Collectors.toMap(StepResult::id, Function.identity(), (x, y) -> x));
        b.steps().stream()
                .filter(s -> !inA.containsKey(s.id()))
                .forEach(s -> leftOut.add(new LeftOut(s.id(), label(s), "only in B")));
        return new StepPlan(List.copyOf(compared), List.copyOf(leftOut));
    }

    /** Why a run's step says nothing to compare, or null when it was measured OK. */
    private static String notMeasured(StepResult step, String run) {
        if (step.verdict() != Verdict.OK) {
            return step.verdict() + " in " + run
                    + (step.reason() == null || step.reason().isBlank() ? "" : ": " + step.reason());
        }
        return step.merged().latency().count() == 0 ? "no samples in " + run : null;
    }

    /** Steps of different variants share labels ("10k msg/s" for every queue): the variant is named too. */
    public static String label(StepResult step) {
        return step.variant() == null ? step.label() : step.variant() + " · " + step.label();
    }
}
