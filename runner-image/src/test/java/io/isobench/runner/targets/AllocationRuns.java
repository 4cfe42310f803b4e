package io.isobench.runner.targets;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.AllocationCheck;
import io.isobench.runner.harness.BenchmarkRunner;
import io.isobench.runner.harness.OutputDirectory;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.RunSettings;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Two pinned repetitions (1.5 s warm-up, 1.5 s window each, no probes) of a target, for the allocation checks; the
 * second is checked. A JVM's first seconds include C2 compiling and deoptimizing the hot loops, and a
 * deoptimization materializes objects escape analysis had removed: a one-off, not the steady state we assert on.
 */
public final class AllocationRuns {

    private AllocationRuns() {}

    /** Runs {@code load} twice and returns the second repetition, asserted OK with samples. */
    public static RepetitionResult measuredWindow(Target target, Load load, Path dir) throws Exception {
        RunSettings settings = new RunSettings(
                List.of(load),
                RunSettings.Repetitions.fixed(2),
                new RunSettings.Placement(EnvironmentProbe.system().grantedCpus(), true),
                new RunSettings.Timing(
                        Duration.ZERO, Duration.ofMillis(500), Duration.ofMillis(5), Duration.ofSeconds(2), 0.5),
                new RunSettings.Limits(0.5, RunSettings.Limits.DEFAULT_GENERATOR_LIMIT),
                RunSettings.NoiseGating.OFF,
                RunSettings.Forking.IN_THIS_JVM,
                Map.of());
        // start with an empty young generation: earlier tests in this JVM must not fill it into the window
        System.gc();
        RepetitionResult rep = new BenchmarkRunner(Clock.SYSTEM, Progress.NONE, EnvironmentProbe.system())
                .run(target, settings, OutputDirectory.prepare(dir, "--out"), null)
                .steps()
                .getFirst()
                .repetitions()
                .getLast();
        assertThat(rep.verdict()).as(rep.reason()).isEqualTo(Verdict.OK);
        assertThat(rep.latency().count()).isPositive();
        return rep;
    }

    /**
     * No allocation per message on the measured threads ({@code roles}, exactly those) and no GC in the window: the
     * tolerance of the check every plugin gets ({@link AllocationCheck#toleratedBytes}).
     */
    public static void assertNoAllocationPerMessage(RepetitionResult rep, String... roles) {
        long messages = rep.latency().count();
        assertThat(messages)
                .as("enough messages for a per-message allocation to stand out")
                .isGreaterThan(1000);
        assertThat(rep.allocatedBytes()).containsOnlyKeys(roles);
        for (String role : roles) {
            assertThat(rep.allocatedBytes().get(role))
                    .as(role + " bytes allocated in the measured window (" + messages + " messages)")
                    .isLessThanOrEqualTo(AllocationCheck.toleratedBytes(messages));
        }
        assertThat(rep.gc().count()).as("GCs in the measured window").isZero();
    }
}
