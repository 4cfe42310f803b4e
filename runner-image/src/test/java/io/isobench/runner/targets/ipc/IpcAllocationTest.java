package io.isobench.runner.targets.ipc;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.runner.cli.RunnerMain;
import io.isobench.runner.harness.JvmVariantForks;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.targets.AllocationRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The publisher allocates nothing per order: one reused NewOrderSingle, client order ids from a ring built up
 * front, binary serialization by explicit code into the mapped queue. (The consumer runs in its own JVM.)
 */
class IpcAllocationTest {

    @Test
    void thePublisherAllocatesNothingPerOrder(@TempDir Path dir) throws Exception {
        IpcTarget target =
                new IpcTarget(new ServerLocation.SeparateProcess(JvmVariantForks.currentJvm(RunnerMain.class)), null);
        RepetitionResult rep = AllocationRuns.measuredWindow(target, Load.openLoop(20_000, 1500, 1500), dir);
        AllocationRuns.assertNoAllocationPerMessage(rep, "publisher");
    }
}
