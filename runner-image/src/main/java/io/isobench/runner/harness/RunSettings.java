package io.isobench.runner.harness;

import io.isobench.compare.Precision;
import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything the harness needs to run a sweep, validated and immutable (built once by the CLI). Fields that travel
 * together are grouped, so a caller names what it sets and changing one group leaves the others as they were.
 *
 * @param loads       the sweep, in the order it runs
 * @param repetitions how many repetitions a step gets
 * @param placement   where measured threads run
 * @param timing      the lengths of the probes, intervals, lead and drain around each window
 * @param limits      how far a repetition may miss its goals and still be OK
 * @param noiseGating when host noise voids a repetition, and how often it is run again
 * @param forking     which JVM each variant runs in
 * @param config      every option as the user sees it, for result.json
 */
public record RunSettings(
        List<Load> loads,
        Repetitions repetitions,
        Placement placement,
        Timing timing,
        Limits limits,
        NoiseGating noiseGating,
        Forking forking,
        Map<String, Object> config) {

    public RunSettings {
        loads = List.copyOf(loads);
        config = Map.copyOf(config);
    }

    /**
     * @param most      repetitions per step; with {@code precision}, the most a step may get
     * @param precision 0: every step gets {@code most}; else {@code --repetitions auto}: a step gets repetitions until the
     *                  95 % interval of its p50 and p99 is within ± this fraction, at least 3 ({@link Precision})
     */
    public record Repetitions(int most, double precision) {

        /** Every step gets {@code count}. */
        public static Repetitions fixed(int count) {
            return new Repetitions(count, 0);
        }

        /** Whether a step with these repetitions so far gets another: below the count, and with a precision only while it is wider. */
        public boolean wantsAnother(List<RepetitionResult> sofar) {
            return sofar.size() < most && (precision == 0 || Precision.wantsMore(sofar, precision));
        }
    }

    /**
     * @param cpus CPUs to hand to measured threads, in order (the sender gets the first)
     * @param pin  pin measured threads (false: run unpinned on purpose, and say so)
     */
    public record Placement(List<Integer> cpus, boolean pin) {
        public Placement {
            cpus = List.copyOf(cpus);
        }
    }

    /**
     * @param probe           length of each machine-state probe before a repetition (zero: none)
     * @param interval        interval-log resolution and progress period
     * @param lead            time between the sender starting and the first intended send
     * @param drainTimeout    how long completions may trail the window
     * @param overrunFraction how late (fraction of the window) a sender may run before abandoning it
     */
    public record Timing(
            Duration probe, Duration interval, Duration lead, Duration drainTimeout, double overrunFraction) {}

    /**
     * @param rateTolerance  how far below the target rate a repetition may fall and still be OK
     * @param generatorLimit the share of the latency p50 the load generator's own lag may reach before the repetition FAILs
     */
    public record Limits(double rateTolerance, double generatorLimit) {

        /** The generator may account for up to half the latency before the latency is more about it than about the target. */
        public static final double DEFAULT_GENERATOR_LIMIT = 0.5;
    }

    /**
     * @param budget    the longest host stall a repetition may see and still count (zero: nothing is gated)
     * @param maxReruns how many times an INCONCLUSIVE repetition is run again
     */
    public record NoiseGating(Duration budget, int maxReruns) {

        public static final int DEFAULT_MAX_RERUNS = 2;
        /** No budget: the noise figures are recorded, nothing is voided. */
        public static final NoiseGating OFF = new NoiseGating(Duration.ZERO, DEFAULT_MAX_RERUNS);

        public boolean gates() {
            return budget.isPositive();
        }
    }

    /**
     * @param variantsInOwnJvm run each variant in a JVM of its own (JIT profiles and heaps stay apart)
     * @param onlyVariant      run just this variant (set in forked children), or null
     * @param optionSets       the names of the {@code --variant} option sets, the baseline first; empty: the target's own
     *                         variants are the run's
     * @param stepVariant      the variant name this JVM's steps carry (a child running one option set), or null: the
     *                         target's own
     */
    public record Forking(boolean variantsInOwnJvm, String onlyVariant, List<String> optionSets, String stepVariant) {

        /** Every variant in this JVM. */
        public static final Forking IN_THIS_JVM = new Forking(false, null, List.of(), null);

        public Forking {
            optionSets = List.copyOf(optionSets);
        }
    }

    /** These settings with another generator limit (tests that judge something else turn the check off with infinity). */
    public RunSettings withGeneratorLimit(double limit) {
        return new RunSettings(
                loads,
                repetitions,
                placement,
                timing,
                new Limits(limits.rateTolerance(), limit),
                noiseGating,
                forking,
                config);
    }

    /** These settings with a noise budget and rerun count. */
    public RunSettings withNoiseGating(NoiseGating gating) {
        return new RunSettings(loads, repetitions, placement, timing, limits, gating, forking, config);
    }

    /** These settings with repetitions until p50 and p99 are within ± {@code fraction}, {@link Repetitions#most} at most. */
    public RunSettings withPrecision(double fraction) {
        return new RunSettings(
                loads,
                new Repetitions(repetitions.most(), fraction),
                placement,
                timing,
                limits,
                noiseGating,
                forking,
                config);
    }
}
