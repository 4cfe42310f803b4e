package io.isobench.runner.targets.echo;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.targets.AllocationRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The echo client and server allocate nothing in the measured window (direct buffers, connected channels) and see no GC. */
class EchoAllocationTest {

    @Test
    void tcpPingPongAllocatesNothingOnClientAndServer(@TempDir Path dir) throws Exception {
        assertZeroAllocation(EchoProtocol.TCP, dir);
    }

    @Test
    void udpPingPongAllocatesNothingOnClientAndServer(@TempDir Path dir) throws Exception {
        assertZeroAllocation(EchoProtocol.UDP, dir);
    }

    private static void assertZeroAllocation(EchoProtocol protocol, Path dir) throws Exception {
        RepetitionResult rep = AllocationRuns.measuredWindow(
                new EchoTarget(protocol, 256, new ServerLocation.InProcess()), Load.closedLoop(1, 1500, 1500), dir);
        AllocationRuns.assertNoAllocationPerMessage(rep, "client", "server");
    }
}
