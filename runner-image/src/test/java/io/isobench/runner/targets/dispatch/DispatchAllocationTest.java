package io.isobench.runner.targets.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.runner.targets.AllocationRuns;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The measured window of the dispatch hop allocates nothing on the publisher and agent threads and sees
 * no GC: pooled events, preallocated handlers, and a rig that does no work of its own per message.
 */
class DispatchAllocationTest {

    @ParameterizedTest
    @EnumSource(
            value = DispatchQueue.class,
            names = {"ISOBENCH", "DISRUPTOR", "JCTOOLS", "AGRONA"})
    void measuredWindowAllocatesNothingOnTheHotThreads(DispatchQueue queue, @TempDir Path dir) throws Exception {
        assertZeroAllocation(queue, 200_000, dir);
    }

    @org.junit.jupiter.api.Test
    void alsoAtALowRateWhereCodePathsWarmUpSlowly(@TempDir Path dir) throws Exception {
        assertZeroAllocation(DispatchQueue.ISOBENCH, 10_000, dir);
    }

    private static void assertZeroAllocation(DispatchQueue queue, long rate, Path dir) throws Exception {
        RepetitionResult rep = AllocationRuns.measuredWindow(
                new DispatchTarget(List.of(queue), 4096, 1), Load.openLoop(rate, 1500, 1500), dir);
        assertThat(rep.latency().count()).isEqualTo(rate * 3 / 2);
        AllocationRuns.assertNoAllocationPerMessage(rep, "publisher", "agent");
    }
}
