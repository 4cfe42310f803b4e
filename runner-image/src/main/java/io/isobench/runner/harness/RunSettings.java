package io.isobench.runner.harness;

import io.isobench.result.Load;
import java.util.List;
import java.util.Map;

/**
 * Everything the harness needs to run a sweep, validated and immutable (built once by the CLI).
 *
 * @param loads             the sweep, in the order it runs
 * @param repetitions       repetitions per step
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
        Map<String, Object> config) {

    public RunSettings {
        loads = List.copyOf(loads);
        cpus = List.copyOf(cpus);
        config = Map.copyOf(config);
    }
}
