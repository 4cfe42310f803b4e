package io.isobench.runner.targets.echo;

import static io.isobench.runner.targets.TargetRuns.run;
import static io.isobench.runner.targets.TargetRuns.shortRun;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import io.isobench.runner.targets.TargetRuns;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tcp-echo and udp-echo on 127.0.0.1, a few seconds each. */
class EchoTargetTest {

    @Test
    void tcpPingPongReportsHalfTheRoundTrip(@TempDir Path dir) {
        Outcome o = run(shortRun("tcp-echo", dir, "--mode", "closed", "--clients", "1"));
        assertThat(o.exit()).as(o.err()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.steps().getFirst().measure()).isEqualTo(LatencyMeasure.HALF_ROUND_TRIP);
        assertThat(r.steps().getFirst().merged().latency().count()).isPositive();
        assertThat(o.out()).contains("half-round-trip");
        assertThat(r.steps().getFirst().repetitions().getFirst().metrics())
                .as("how the client read and wrote its socket (SocketCalls: libc's, where the runner runs)")
                .containsEntry("socketCalls", "recv/send");
    }

    @Test
    void udpPingPongAndTcpOpenLoopAtAFixedRate(@TempDir Path dir) {
        Outcome udp = run(
                shortRun("udp-echo", dir.resolve("u"), "--mode", "closed", "--clients", "1", "--message-bytes", "64"));
        assertThat(udp.exit()).as(udp.err()).isZero();
        assertThat(ResultJson.read(dir.resolve("u/run/result.json"))
                        .steps()
                        .getFirst()
                        .repetitions()
                        .getFirst()
                        .metrics())
                .containsEntry("socketCalls", "recv/send");
        Outcome open = run(shortRun("tcp-echo", dir.resolve("t"), "--rates", "2k"));
        assertThat(open.exit()).as(open.err()).isIn(0, 1, 5);
        RunResult r = ResultJson.read(dir.resolve("t/run/result.json"));
        assertThat(r.steps().getFirst().measure()).isEqualTo(LatencyMeasure.ROUND_TRIP);
        assertThat(r.steps().getFirst().repetitions().getFirst().achievedRate()).isGreaterThan(1500);
    }

    @Test
    void aServerKilledMidRunFailsTheRepetitionWithTheReasonInsteadOfHanging(@TempDir Path dir) throws Exception {
        var server = new EchoServer(EchoProtocol.TCP, new InetSocketAddress("127.0.0.1", 0));
        Thread t = new Thread(server, "test-echo-server");
        t.start();
        Thread killer = new Thread(() -> {
            try {
                Thread.sleep(500);
                server.close();
            } catch (Exception ignored) {
                // the test sees it in the result
            }
        });
        killer.start();
        long start = System.nanoTime();
        Outcome o = run(shortRun(
                "tcp-echo",
                dir,
                "--mode",
                "closed",
                "--clients",
                "1",
                "--duration",
                "3s",
                "--server-address",
                "127.0.0.1:" + server.port()));
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(20);
        assertThat(o.exit()).as(o.err()).isEqualTo(1);
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(r.steps().getFirst().reason())
                .containsAnyOf("closed the connection", "connection to the echo server at");
        t.join(5000);
    }

    @Test
    void aSeparateServerJvmServesAndItsDeathFailsTheRunWithTheReason(@TempDir Path dir) throws Exception {
        Outcome ok =
                run(shortRun("udp-echo", dir.resolve("ok"), "--mode", "closed", "--clients", "1", "--server-process"));
        assertThat(ok.exit()).as(ok.err()).isZero();
        assertThat(ResultJson.read(dir.resolve("ok/run/result.json"))
                        .steps()
                        .getFirst()
                        .variant())
                .isEqualTo("process");

        Thread killer = TargetRuns.killServerProcessLater("tcp-echo", 1500);
        Outcome o = run(shortRun(
                "tcp-echo",
                dir.resolve("killed"),
                "--mode",
                "closed",
                "--clients",
                "1",
                "--duration",
                "5s",
                "--server-process"));
        killer.join();
        assertThat(o.exit()).as(o.err()).isEqualTo(1);
        assertThat(ResultJson.read(dir.resolve("killed/run/result.json"))
                        .steps()
                        .getFirst()
                        .reason())
                .containsAnyOf("server process", "closed the connection", "connection to the echo server at");
    }

    @Test
    void badOptionsAreUsageErrorsNamingTheOption(@TempDir Path dir) throws Exception {
        Outcome small = run(shortRun("tcp-echo", dir, "--message-bytes", "4"));
        assertThat(small.exit()).isEqualTo(2);
        assertThat(small.err()).contains("--message-bytes '4'");
        Outcome address = run(shortRun("udp-echo", dir, "--server-address", "localhost"));
        assertThat(address.exit()).isEqualTo(2);
        assertThat(address.err()).contains("--server-address 'localhost'");
        try (var taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Outcome busy = run(
                    "server",
                    "tcp-echo",
                    "--bind",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(taken.getLocalPort()),
                    "--no-pin");
            assertThat(busy.exit()).isEqualTo(2);
            assertThat(busy.err()).contains("--port '" + taken.getLocalPort() + "'");
        }
    }
}
