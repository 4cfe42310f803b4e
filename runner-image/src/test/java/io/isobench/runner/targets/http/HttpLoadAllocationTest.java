package io.isobench.runner.targets.http;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.targets.AllocationRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load generator allocates nothing per request (pre-encoded requests, per-connection direct buffers, a
 * selector polled with a reusable callback): MockServer allocates plenty, but on its own threads and in a
 * separate JVM here, so only the generator's thread is measured.
 */
class HttpLoadAllocationTest {

    @Test
    void theGeneratorAllocatesNothingPerRequest(@TempDir Path dir) throws Exception {
        HttpMockTarget target = new HttpMockTarget(
                new ServerLocation.SeparateProcess(
                        io.isobench.runner.harness.JvmVariantForks.currentJvm(io.isobench.runner.cli.RunnerMain.class)),
                "/simple",
                8,
                100,
                1);
        RepetitionResult rep = AllocationRuns.measuredWindow(target, Load.closedLoop(8, 1500, 1500), dir);

        AllocationRuns.assertNoAllocationPerMessage(rep, "client");
    }
}
