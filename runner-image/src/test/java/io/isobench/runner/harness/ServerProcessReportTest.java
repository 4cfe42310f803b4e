package io.isobench.runner.harness;

import static io.isobench.runner.targets.TargetRuns.run;
import static io.isobench.runner.targets.TargetRuns.shortRun;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.isobench.result.Pinning;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.ServerReport;
import io.isobench.runner.cli.RunnerMain;
import io.isobench.runner.platform.Affinity;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server in a process of its own reports where its threads run, and the measuring runner records that in the
 * result (the separate server JVM, the ipc consumer); a server that does not report (or reports garbage) is
 * recorded as unpinned, saying why.
 */
class ServerProcessReportTest {

    /** Stands in for a server JVM whose output the test chooses (its TARGET argument). */
    public static final class FakeServer {
        public static void main(String[] args) throws Exception {
            String behaviour = args[1];
            if (behaviour.equals("garbage-report")) {
                System.err.println(ServerReport.LOG_PREFIX + "{\"formatVersion\":1,\"target\":\"<b>\"}");
            }
            System.err.println("isobench-runner server: fake listening on 127.0.0.1:9");
            System.err.flush();
            Thread.sleep(30_000);
        }
    }

    private static List<String> fakeServerCommand() {
        return List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                FakeServer.class.getName());
    }

    @Test
    void theRealServerCommandReportsItsCpusetSiblingsAndPinning() throws Exception {
        List<Integer> granted = EnvironmentProbe.system().grantedCpus();
        int cpu = granted.getLast();
        try (var server =
                ServerProcess.start(JvmVariantForks.currentJvm(RunnerMain.class), "tcp-echo", List.of(), cpu, 60_000)) {
            List<Pinning> pinnings = server.pinnings("server", cpu);
            assertThat(pinnings).singleElement().satisfies(p -> {
                assertThat(p.role()).isEqualTo("server");
                assertThat(p.cpu()).isEqualTo(cpu);
                assertThat(p.applied())
                        .as(p.detail())
                        .isEqualTo(Affinity.unavailableReason().isEmpty());
            });
        }
    }

    @Test
    void aServerThatDoesNotReportIsRecordedUnpinnedSayingWhy() throws Exception {
        try (var server = ServerProcess.start(fakeServerCommand(), "no-report", List.of(), 1, 60_000)) {
            assertThat(server.pinnings("server", 1)).singleElement().satisfies(p -> {
                assertThat(p.applied()).isFalse();
                assertThat(p.cpu()).isEqualTo(1);
                assertThat(p.detail()).endsWith("did not report its placement: it printed no report line");
            });
        }
        try (var server = ServerProcess.start(fakeServerCommand(), "garbage-report", List.of(), 1, 60_000)) {
            assertThat(server.pinnings("consumer", 1)).singleElement().satisfies(p -> {
                assertThat(p.role()).isEqualTo("consumer");
                assertThat(p.applied()).isFalse();
                assertThat(p.detail())
                        .endsWith("did not report its placement: server report: target = '<b>' is not a target name");
            });
        }
    }

    @Test
    void theResultHoldsTheSeparateProcessesThreadsBesideTheClients(@TempDir Path dir) throws Exception {
        List<Integer> granted = EnvironmentProbe.system().grantedCpus();
        assumeThat(granted).as("two CPUs to place client and server apart").hasSizeGreaterThanOrEqualTo(2);
        Outcome echo = run(
                shortRun("tcp-echo", dir.resolve("echo"), "--mode", "closed", "--clients", "1", "--server-process"));
        assertThat(echo.exit()).as(echo.err()).isZero();
        RunResult r = ResultJson.read(dir.resolve("echo/run/result.json"));
        assertThat(r.steps().getFirst().repetitions().getFirst().pinning())
                .extracting(Pinning::role, Pinning::cpu, Pinning::applied)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("client", granted.get(0), true),
                        org.assertj.core.groups.Tuple.tuple("server", granted.get(1), true));

        Path queues = Files.createDirectories(dir.resolve("queues"));
        Outcome ipc = run(shortRun("ipc", dir.resolve("ipc"), "--rates", "1k", "--queue-dir", queues.toString()));
        assertThat(ipc.exit())
                .as("finished, whatever its verdict on a busy machine: " + ipc.err())
                .isIn(0, 1, 5);
        RunResult i = ResultJson.read(dir.resolve("ipc/run/result.json"));
        assertThat(i.steps().getFirst().repetitions().getFirst().pinning())
                .extracting(Pinning::role, Pinning::cpu, Pinning::applied)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("publisher", granted.get(0), true),
                        org.assertj.core.groups.Tuple.tuple("consumer", granted.get(1), true));
    }
}
