package io.isobench.runner.harness;

import io.isobench.result.Environment;
import io.isobench.result.LoadPart;
import io.isobench.result.RepetitionResult;
import java.util.List;

/**
 * The other processes that make a run's load with this one ({@code --parallelism}), seen from part 0, which coordinates
 * them: every attempt at a repetition runs on all parts at once, behind one {@link StartGate}, and comes back as one
 * repetition — the parts added together, each part's own figures kept beside the sum.
 */
public interface LoadParts {

    /** How many parts make the load, this one included. */
    int count();

    /**
     * Runs attempt {@code attempt} of {@code repetition} of {@code step} on every part and merges what they measured.
     *
     * @param own runs this process's share behind the gate it is given
     */
    RepetitionResult attempt(StepPlan step, int repetition, int attempt, OwnShare own) throws InterruptedException;

    /** Every part (0 first, where it ran being {@code own}) and where it ran, for result.json. */
    List<LoadPart> describe(Environment own);

    /** This process's share of an attempt, run behind {@code gate}. */
    @FunctionalInterface
    interface OwnShare {
        RepetitionResult run(StepPlan share, StartGate gate) throws InterruptedException;
    }
}
