package io.isobench.runner.targets.http;

import static io.isobench.runner.targets.TargetRuns.run;
import static io.isobench.runner.targets.TargetRuns.shortRun;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** http-mock against a real MockServer on 127.0.0.1, a few seconds each. */
class HttpMockTargetTest {

    @Test
    void closedLoopClientSweepPrintsTheSeedsTable(@TempDir Path dir) {
        Outcome o = run(shortRun("http-mock", dir, "--mode", "closed", "--clients", "2,8"));

        assertThat(o.exit()).as(o.err()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.steps()).extracting(s -> s.load().concurrency()).containsExactly(2, 8);
        StepResult eight = r.steps().get(1);
        assertThat(eight.measure()).isEqualTo(LatencyMeasure.ROUND_TRIP);
        assertThat(eight.merged().latency().count()).isPositive();
        assertThat(eight.repetitions().getFirst().metrics()).containsEntry("connections", 8);
        assertThat(o.out())
                .contains(
                        "| parallel clients | 50% | 66% | 75% | 80% | 90% | 95% | 98% | 99% | 99.9% | 99.99% | max | requests/s | mean | verdict |")
                .containsPattern("\\| 8 \\| [0-9.]+ [µm]?s \\|");
    }

    @Test
    void openLoopHoldsAFixedRateOverTheConnectionPool(@TempDir Path dir) {
        Outcome o = run(shortRun("http-mock", dir, "--rates", "400", "--connections", "4", "--duration", "1s"));

        assertThat(o.exit()).as(o.err() + o.out()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        var rep = r.steps().getFirst().repetitions().getFirst();
        assertThat(rep.achievedRate()).isGreaterThan(380);
        assertThat(rep.received()).isEqualTo(rep.sent());
        assertThat(rep.metrics()).containsEntry("connections", 4);
        assertThat(r.config().toString()).contains("MockServer").doesNotContain("remote");
    }

    @Test
    void theServerCanRunInASeparateJvm(@TempDir Path dir) {
        Outcome o = run(shortRun("http-mock", dir, "--mode", "closed", "--clients", "2", "--server-process"));

        assertThat(o.exit()).as(o.err()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.steps().getFirst().variant()).isEqualTo("process");
        assertThat(r.steps().getFirst().merged().latency().count()).isPositive();
    }

    @Test
    void aServerStoppedMidRunFailsTheRunWithTheReasonInsteadOfHanging(@TempDir Path dir) throws Exception {
        MockServerHost server = MockServerHost.start("127.0.0.1", 0, "/simple", 100, 1);
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(700);
            } catch (InterruptedException ignored) {
                // stop anyway
            }
            server.close();
        });
        stopper.start();
        long start = System.nanoTime();
        Outcome o = run(shortRun(
                "http-mock",
                dir,
                "--mode",
                "closed",
                "--clients",
                "4",
                "--duration",
                "4s",
                "--server-address",
                "127.0.0.1:" + server.port()));

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(20);
        assertThat(o.exit()).as(o.err()).isEqualTo(1);
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(r.steps().getFirst().reason()).containsAnyOf("closed connection", "to the HTTP server failed");
        stopper.join();
    }

    @Test
    void aMissingExpectationIsAFailureNamingTheStatus(@TempDir Path dir) {
        try (MockServerHost server = startOn("/other")) {
            Outcome wrong = run(shortRun(
                    "http-mock",
                    dir.resolve("w"),
                    "--mode",
                    "closed",
                    "--clients",
                    "1",
                    "--server-address",
                    "127.0.0.1:" + server.port()));
            assertThat(wrong.exit()).isEqualTo(1);
            assertThat(ResultJson.read(dir.resolve("w/run/result.json"))
                            .steps()
                            .getFirst()
                            .reason())
                    .contains("answered 404 instead of 200");
        }
    }

    private static MockServerHost startOn(String path) {
        try {
            return MockServerHost.start("127.0.0.1", 0, path, 100, 1);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void badOptionsAreUsageErrorsNamingOptionAndValue(@TempDir Path dir) throws Exception {
        Outcome zero = run(shortRun("http-mock", dir, "--connections", "0"));
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.err()).contains("--connections '0': must be between 1 and 20000");
        Outcome path = run(shortRun("http-mock", dir, "--path", "simple"));
        assertThat(path.exit()).isEqualTo(2);
        assertThat(path.err()).contains("--path 'simple': must start with /");
        Outcome both = run(shortRun("http-mock", dir, "--server-process", "--server-address", "127.0.0.1:1080"));
        assertThat(both.exit()).isEqualTo(2);
        assertThat(both.err()).contains("--server-process: cannot be combined with --server-address '127.0.0.1:1080'");
        try (var taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Outcome busy = run(
                    "server",
                    "http-mock",
                    "--bind",
                    "127.0.0.1",
                    "--port",
                    String.valueOf(taken.getLocalPort()),
                    "--no-pin");
            assertThat(busy.exit()).isEqualTo(2);
            assertThat(busy.err()).contains("--port '" + taken.getLocalPort() + "': cannot listen there");
        }
        assertThat(dir.resolve("run/result.json")).doesNotExist();
    }
}
