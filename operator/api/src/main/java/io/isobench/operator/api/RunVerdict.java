package io.isobench.operator.api;

/** The runner's verdict on a run or one step, in status as the runner writes it in result.json. */
public enum RunVerdict {
    /** Every repetition met its goals. */
    OK,
    /** A repetition missed a goal (rate, drain, generator limit) or the target failed; the reason says which. */
    FAIL,
    /** Host noise beyond spec.load.noiseBudget voided a repetition after its reruns, and nothing FAILed. */
    INCONCLUSIVE
}
