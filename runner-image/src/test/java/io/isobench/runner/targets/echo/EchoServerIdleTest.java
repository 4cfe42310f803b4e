package io.isobench.runner.targets.echo;

import static io.isobench.runner.targets.TargetRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.ResultJson;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code server tcp-echo|udp-echo --idle backoff}: a server on CPUs it shares (a user's stand-in on a node's shared
 * CPUs, beside its kubelet and API server) leaves them to others while idle, and still answers every message of a run.
 */
class EchoServerIdleTest {

    @ParameterizedTest
    @EnumSource(EchoProtocol.class)
    void anIdleServerThatBacksOffLeavesItsCpuAndStillAnswersEveryMessage(EchoProtocol protocol, @TempDir Path dir)
            throws Exception {
        try (var server =
                new EchoServer(protocol, new InetSocketAddress("127.0.0.1", 0)).idle(EchoServer.Idle.BACKOFF)) {
            Thread serving = Thread.ofPlatform().name("echo-backoff").start(server);
            var threads = ManagementFactory.getThreadMXBean();
            Thread.sleep(300); // past its spins and yields: asleep between polls
            long cpuBefore = threads.getThreadCpuTime(serving.threadId());
            long wallBefore = System.nanoTime();
            Thread.sleep(1_000);
            long cpu = threads.getThreadCpuTime(serving.threadId()) - cpuBefore;
            long wall = System.nanoTime() - wallBefore;

            assertThat((double) cpu / wall)
                    .as("share of a CPU the idle server used: " + TimeUnit.NANOSECONDS.toMillis(cpu) + " ms of "
                            + TimeUnit.NANOSECONDS.toMillis(wall))
                    .isLessThan(0.10);

            Outcome o = run(
                    protocol.target(),
                    "--server-address",
                    "127.0.0.1:" + server.port(),
                    "--mode",
                    "closed",
                    "--clients",
                    "1",
                    "--warmup",
                    "200ms",
                    "--duration",
                    "700ms",
                    "--repetitions",
                    "1",
                    "--probe-duration",
                    "0s",
                    "--progress",
                    "none",
                    "--no-pin",
                    "--out",
                    dir.resolve("run").toString());
            var rep = ResultJson.read(dir.resolve("run/result.json"))
                    .steps()
                    .getFirst()
                    .repetitions()
                    .getFirst();
            assertThat(rep.received()).as(o.err() + rep.reason()).isPositive().isEqualTo(rep.sent());
            server.close();
            serving.join(5_000);
        }
    }
}
