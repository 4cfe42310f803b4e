package io.isobench.runner.targets.echo;

import static io.isobench.runner.targets.TargetRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import io.isobench.runner.cli.RunnerMain;
import io.isobench.runner.harness.JvmVariantForks;
import io.isobench.runner.harness.ServerProcess;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One {@code isobench-runner server udp-echo|tcp-echo} process, as the operator runs it in its own container or pod,
 * answers every client: the repetitions of one runner one after the other, and several runners at once.
 */
class EchoServerClientsTest {

    private static ServerProcess server(EchoProtocol protocol) throws Exception {
        return ServerProcess.start(
                JvmVariantForks.currentJvm(RunnerMain.class), protocol.target(), List.of(), null, 60_000);
    }

    private static List<String> client(EchoProtocol protocol, Path out, String serverAddress, String... load) {
        var args = new ArrayList<>(List.of(
                protocol.target(),
                "--server-address",
                serverAddress,
                "--warmup",
                "200ms",
                "--duration",
                "700ms",
                "--probe-duration",
                "0s",
                "--progress",
                "none",
                "--no-pin",
                "--out",
                out.toString()));
        args.addAll(List.of(load));
        return args;
    }

    private static void assertEveryRepetitionOk(Path runDir, int repetitions) {
        RunResult r = ResultJson.read(runDir.resolve("result.json"));
        List<RepetitionResult> reps = r.steps().getFirst().repetitions();
        assertThat(reps).hasSize(repetitions).allSatisfy(rep -> {
            assertThat(rep.verdict())
                    .as("repetition " + rep.index() + ": " + rep.reason())
                    .isEqualTo(Verdict.OK);
            assertThat(rep.latency().count()).isPositive();
        });
    }

    @ParameterizedTest
    @EnumSource(EchoProtocol.class)
    void oneServerProcessAnswersEveryRepetitionOfAClient(EchoProtocol protocol, @TempDir Path dir) throws Exception {
        try (var server = server(protocol)) {
            Outcome o = run(client(
                    protocol,
                    dir.resolve("run"),
                    server.endpoint(),
                    "--mode",
                    "closed",
                    "--clients",
                    "1",
                    "--repetitions",
                    "3"));

            assertThat(o.exit()).as(o.err() + o.out()).isZero();
            assertEveryRepetitionOk(dir.resolve("run"), 3);
        }
    }

    /**
     * Three runners at once, each with its own socket. Four busy-polling processes share this machine's two CPUs, so a
     * client may miss its rate; what is checked is what the server owes each of them: every message sent in every
     * window echoed, and no client's connection failing.
     */
    @ParameterizedTest
    @EnumSource(EchoProtocol.class)
    void oneServerProcessAnswersSeveralOpenLoopClientsAtOnce(EchoProtocol protocol, @TempDir Path dir)
            throws Exception {
        try (var server = server(protocol)) {
            var clients = new ArrayList<Process>();
            for (int i = 0; i < 3; i++) {
                var command = new ArrayList<>(JvmVariantForks.currentJvm(RunnerMain.class));
                command.addAll(client(
                        protocol,
                        dir.resolve("client-" + i),
                        server.endpoint(),
                        "--rates",
                        "1k",
                        "--repetitions",
                        "2"));
                clients.add(
                        new ProcessBuilder(command).redirectErrorStream(true).start());
            }
            for (int i = 0; i < clients.size(); i++) {
                Process p = clients.get(i);
                String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor(120, TimeUnit.SECONDS))
                        .as("client " + i + " finished")
                        .isTrue();
                assertThat(p.exitValue()).as("client " + i + ": " + output).isIn(0, 1, 5);
                List<RepetitionResult> reps = ResultJson.read(
                                dir.resolve("client-" + i).resolve("result.json"))
                        .steps()
                        .getFirst()
                        .repetitions();
                String client = "client " + i;
                assertThat(reps).hasSize(2).allSatisfy(rep -> {
                    assertThat(rep.sent())
                            .as(client + " repetition " + rep.index() + " sent")
                            .isPositive();
                    assertThat(rep.received())
                            .as(client + " repetition " + rep.index() + " echoed: " + rep.reason())
                            .isEqualTo(rep.sent());
                    assertThat(rep.reason())
                            .as(client + " repetition " + rep.index())
                            .satisfiesAnyOf(
                                    reason -> assertThat(reason).isNull(),
                                    reason -> assertThat(reason).doesNotContain("target failed"));
                });
            }
        }
    }

    @Test
    void aUdpClientWithoutAServerFailsNamingTheAddressNeverNull(@TempDir Path dir) throws Exception {
        int port;
        try (var probe = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort(); // free once closed: nothing listens there
        }
        Outcome o = run(client(
                EchoProtocol.UDP,
                dir.resolve("run"),
                "127.0.0.1:" + port,
                "--mode",
                "closed",
                "--clients",
                "1",
                "--repetitions",
                "1"));

        assertThat(o.exit()).as(o.err() + o.out()).isEqualTo(1);
        String reason = ResultJson.read(dir.resolve("run/result.json"))
                .steps()
                .getFirst()
                .reason();
        assertThat(reason).contains("127.0.0.1:" + port).doesNotContain("null");
    }
}
