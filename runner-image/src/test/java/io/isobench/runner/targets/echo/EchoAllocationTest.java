package io.isobench.runner.targets.echo;

import static org.assertj.core.api.Assertions.assertThat;
import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Test;

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
        RunSettings settings = new RunSettings(List.of(Load.closedLoop(1, 1500, 1500)), 1, EnvironmentProbe.system().grantedCpus(), true, 0,
                TimeUnit.MILLISECONDS.toNanos(500), TimeUnit.MILLISECONDS.toNanos(5), TimeUnit.SECONDS.toNanos(2), "2s", 0.5, 0.5, false, null, Map.of());
        RunResult result = new BenchmarkRunner(Clock.SYSTEM, Progress.NONE, EnvironmentProbe.system())
                .run(new EchoTarget(protocol, 256, null), settings, OutputDirectory.prepare(dir, "--out"), null);
        RepetitionResult rep = result.steps().getFirst().repetitions().getFirst();
        assertThat(rep.verdict()).as(rep.reason()).isEqualTo(Verdict.OK);
        assertThat(rep.latency().count()).isPositive();
        assertThat(rep.allocatedBytes()).containsOnlyKeys("client", "server");
        // Nothing per message: the JDK's TCP read path has been seen allocating a few hundred bytes once in a window
        // (one-off, not per message), so the bound is under one byte per message rather than zero.
        long messages = rep.latency().count();
        assertThat(rep.allocatedBytes().get("server")).as("server bytes allocated in the measured window").isLessThan(messages);
        assertThat(rep.allocatedBytes().get("client")).as("client bytes allocated in the measured window").isLessThan(messages);
        if (protocol == EchoProtocol.UDP) {
            assertThat(rep.allocatedBytes()).as("UDP: connected channels, direct buffers").containsEntry("client", 0L).containsEntry("server", 0L);
        }
        assertThat(rep.gc().count()).as("GCs in the measured window").isZero();
    }
}
