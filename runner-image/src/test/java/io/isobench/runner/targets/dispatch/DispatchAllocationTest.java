package io.isobench.runner.targets.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.BenchmarkRunner;
import io.isobench.runner.harness.Clock;
import io.isobench.runner.harness.OutputDirectory;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.RunSettings;
import io.isobench.runner.platform.EnvironmentProbe;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measured window of the dispatch hop allocates nothing on the publisher and agent threads and sees
 * no GC: pooled events, preallocated handlers, and a rig that does no work of its own per message.
 */
class DispatchAllocationTest {

    @ParameterizedTest
    @EnumSource(value = DispatchQueue.class, names = {"ISOBENCH", "DISRUPTOR", "JCTOOLS", "AGRONA"})
    void measuredWindowAllocatesNothingOnTheHotThreads(DispatchQueue queue, @TempDir Path dir) throws Exception {
        assertZeroAllocation(queue, 200_000, dir);
    }

    @org.junit.jupiter.api.Test
    void alsoAtALowRateWhereCodePathsWarmUpSlowly(@TempDir Path dir) throws Exception {
        assertZeroAllocation(DispatchQueue.ISOBENCH, 10_000, dir);
    }

    private static void assertZeroAllocation(DispatchQueue queue, long rate, Path dir) throws Exception {
        RunSettings settings = new RunSettings(List.of(Load.openLoop(rate, 1500, 1500)), 1, EnvironmentProbe.system().grantedCpus(), true, 0,
                TimeUnit.MILLISECONDS.toNanos(500), TimeUnit.MILLISECONDS.toNanos(5), TimeUnit.SECONDS.toNanos(2), "2s", 0.5, 0.5, false, null, Map.of());
        RunResult result = new BenchmarkRunner(Clock.SYSTEM, Progress.NONE, EnvironmentProbe.system())
                .run(new DispatchTarget(List.of(queue), 4096, 1), settings, OutputDirectory.prepare(dir, "--out"), null);

        StepResult step = result.steps().getFirst();
        RepetitionResult rep = step.repetitions().getFirst();
        assertThat(rep.verdict()).as(rep.reason()).isEqualTo(Verdict.OK);
        assertThat(rep.latency().count()).isEqualTo(rate * 3 / 2);
        assertThat(rep.allocatedBytes()).containsOnlyKeys("publisher", "agent");
        assertThat(rep.allocatedBytes()).as("bytes allocated in the measured window").containsEntry("publisher", 0L).containsEntry("agent", 0L);
        assertThat(rep.gc().count()).as("GCs in the measured window").isZero();
    }
}
