package io.isobench.compare;

/** What a comparison of two runs concludes, as a CI gate reads it (isobench-runner compare's exit code) and as the operator's
 * {@code Regressed} condition says it. */
public enum Outcome {
    /** every step compared; none slower */
    NO_REGRESSION("NoRegression", 0, "False"),
    /** at least one percentile of one step slower */
    REGRESSED("Regressed", 1, "True"),
    /** the runs differ on a field that decides what is measured; not compared (unless asked for anyway) */
    INCOMPARABLE("Incomparable", 3, "Unknown"),
    /** no step both runs measured OK */
    NOTHING_COMPARED("NothingCompared", 3, "Unknown"),
    /** no slowdown found, but some step had too few repetitions to tell */
    TOO_FEW_REPETITIONS("TooFewRepetitions", 3, "Unknown");

    private final String reason;
    private final int exitCode;
    private final String regressed;

    Outcome(String reason, int exitCode, String regressed) {
        this.reason = reason;
        this.exitCode = exitCode;
        this.regressed = regressed;
    }

    /** CamelCase, as a Kubernetes condition's reason. */
    public String reason() {
        return reason;
    }

    /** 0 no regression, 1 regression, 3 cannot tell (2 is bad usage, the CLI's own). */
    public int exitCode() {
        return exitCode;
    }

    /** The {@code Regressed} condition's status: True, False or Unknown. */
    public String regressedStatus() {
        return regressed;
    }
}
