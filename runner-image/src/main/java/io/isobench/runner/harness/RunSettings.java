package io.isobench.runner.harness;

import io.isobench.compare.Precision;
import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import java.util.List;
import java.util.Map;

/**
 * Everything the harness needs to run a sweep, validated and immutable (built once by the CLI).
 *
 * @param loads             the sweep, in the order it runs
 * @param repetitions       repetitions per step; with {@code precision}, the most a step may get
 * @param cpus              CPUs to hand to measured threads, in order (the sender gets the first)
 * @param pin               pin measured threads (false: run unpinned on purpose, and say so)
 * @param probeNanos        length of each machine-state probe before a repetition (0: none)
 * @param intervalNanos     interval-log resolution and progress period
 * @param leadNanos         time between the sender starting and the first intended send
 * @param drainTimeoutNanos how long completions may trail the window
 * @param drainTimeoutText  the same, as the user wrote it, for messages
 * @param rateTolerance     how far below the target rate a repetition may fall and still be OK
 * @param overrunFraction   how late (fraction of the window) a sender may run before abandoning it
 * @param forkVariants      run each variant in a JVM of its own (JIT profiles and heaps stay apart)
 * @param onlyVariant       run just this variant (set in forked children)
 * @param config            every option as the user sees it, for result.json
 * @param noiseBudgetNanos  the longest host stall a repetition may see and still count (0: nothing is gated)
 * @param noiseBudgetText   the same, as the user wrote it, for messages
 * @param maxReruns         how many times an INCONCLUSIVE repetition is run again
 * @param generatorLimit    the share of the latency p99 the load generator's own lag may reach before the repetition FAILs
 * @param precision         0: every step gets {@code repetitions}; else {@code --repetitions auto}: a step gets repetitions until the
 *                          95 % interval of its p50 and p99 is within ± this fraction, at least 3 ({@link io.isobench.compare.Precision})
 */
public record RunSettings(
        List<Load> loads,
        int repetitions,
        List<Integer> cpus,
        boolean pin,
        long probeNanos,
        long intervalNanos,
        long leadNanos,
        long drainTimeoutNanos,
        String drainTimeoutText,
        double rateTolerance,
        double overrunFraction,
        boolean forkVariants,
        String onlyVariant,
        Map<String, Object> config,
        long noiseBudgetNanos,
        String noiseBudgetText,
        int maxReruns,
        double generatorLimit,
        double precision) {

    public static final int DEFAULT_MAX_RERUNS = 2;
    /** The generator may account for up to half the p99 before the latency is more about it than about the target. */
    public static final double DEFAULT_GENERATOR_LIMIT = 0.5;

    public RunSettings {
        loads = List.copyOf(loads);
        cpus = List.copyOf(cpus);
        config = Map.copyOf(config);
    }

    /** Settings without a noise budget (nothing gated), the default reruns and generator limit. */
    public RunSettings(List<Load> loads, int repetitions, List<Integer> cpus, boolean pin, long probeNanos, long intervalNanos,
                       long leadNanos, long drainTimeoutNanos, String drainTimeoutText, double rateTolerance, double overrunFraction,
                       boolean forkVariants, String onlyVariant, Map<String, Object> config) {
        this(loads, repetitions, cpus, pin, probeNanos, intervalNanos, leadNanos, drainTimeoutNanos, drainTimeoutText, rateTolerance,
                overrunFraction, forkVariants, onlyVariant, config, 0, null, DEFAULT_MAX_RERUNS, DEFAULT_GENERATOR_LIMIT, 0);
    }

    /** These settings with another generator limit (tests that judge something else turn the check off with infinity). */
    public RunSettings withGeneratorLimit(double limit) {
        return new RunSettings(loads, repetitions, cpus, pin, probeNanos, intervalNanos, leadNanos, drainTimeoutNanos, drainTimeoutText,
                rateTolerance, overrunFraction, forkVariants, onlyVariant, config, noiseBudgetNanos, noiseBudgetText, maxReruns, limit,
                precision);
    }

    /** These settings with a noise budget and rerun count (for tests and the CLI). */
    public RunSettings withNoiseBudget(long budgetNanos, String budgetText, int reruns) {
        return new RunSettings(loads, repetitions, cpus, pin, probeNanos, intervalNanos, leadNanos, drainTimeoutNanos, drainTimeoutText,
                rateTolerance, overrunFraction, forkVariants, onlyVariant, config, budgetNanos, budgetText, reruns, generatorLimit,
                precision);
    }

    /** These settings with repetitions until p50 and p99 are within ± {@code fraction}, {@link #repetitions} at most. */
    public RunSettings withPrecision(double fraction) {
        return new RunSettings(loads, repetitions, cpus, pin, probeNanos, intervalNanos, leadNanos, drainTimeoutNanos, drainTimeoutText,
                rateTolerance, overrunFraction, forkVariants, onlyVariant, config, noiseBudgetNanos, noiseBudgetText, maxReruns, generatorLimit,
                fraction);
    }

    /** Whether a step with these repetitions so far gets another: below the count, and with a precision only while it is wider. */
    public boolean wantsAnother(List<RepetitionResult> sofar) {
        return sofar.size() < repetitions && (precision == 0 || Precision.wantsMore(sofar, precision));
    }
}
