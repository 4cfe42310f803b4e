package io.isobench.runner.targets.rsocket;

import static io.isobench.runner.targets.TargetRuns.run;
import static io.isobench.runner.targets.TargetRuns.shortRun;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import io.isobench.runner.targets.TargetRuns;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** rsocket on 127.0.0.1: a few dozen streams for a few seconds. */
class RSocketTargetTest {

    private static final String[] SMALL = {"--connections", "4", "--streams-per-connection", "5", "--ramp-up", "1s", "--stream-interval", "100ms",
        "--warmup", "0s", "--duration", "2s"};

    @Test
    void streamsOpenOverTheRampAndEveryMessageIsTimedAgainstTheServersSchedule(@TempDir Path dir) {
        Outcome o = run(shortRun("rsocket", dir, SMALL));

        assertThat(o.exit()).as(o.err() + o.out()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        var step = r.steps().getFirst();
        assertThat(step.measure()).isEqualTo(LatencyMeasure.ONE_WAY);
        assertThat(step.load().targetRate()).isEqualTo(20); // 20 streams over 1 s
        var rep = step.repetitions().getFirst();
        Map<String, Object> metrics = rep.metrics();
        assertThat(metrics).containsEntry("streamsTarget", 20).containsEntry("streamsOpened", 20).containsEntry("connections", 4);
        // 20 streams × 10 messages/s over most of 3 s
        assertThat(step.merged().latency().count()).isGreaterThan(300);
        assertThat(metrics.get("tippingPoint")).isNull();
        assertThat((List<?>) metrics.get("timeline")).isNotEmpty();
        assertThat((List<?>) metrics.get("resources")).isNotEmpty();
    }

    @Test
    void aServerProcessKilledMidRunFailsTheRunWithTheReason(@TempDir Path dir) throws Exception {
        Thread killer = TargetRuns.killServerProcessLater("rsocket", 1500);
        Outcome o = run(shortRun("rsocket", dir, "--connections", "2", "--streams-per-connection", "2", "--ramp-up", "1s",
                "--stream-interval", "100ms", "--warmup", "0s", "--duration", "5s", "--server-process"));
        killer.join();
        assertThat(o.exit()).as(o.err()).isEqualTo(1);
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(r.steps().getFirst().reason()).containsAnyOf("server process", "connection", "stream failed");
    }

    @Test
    void badOptionsAreUsageErrorsNamingOptionAndValue(@TempDir Path dir) {
        Outcome zero = run(shortRun("rsocket", dir, "--connections", "0"));
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.err()).contains("--connections '0': must be between 1 and 100000");
        Outcome closed = run(shortRun("rsocket", dir, "--mode", "closed"));
        assertThat(closed.exit()).isEqualTo(2);
        assertThat(closed.err()).contains("--mode 'closed'");
        Outcome rates = run(shortRun("rsocket", dir, "--rates", "1k"));
        assertThat(rates.exit()).isEqualTo(2);
        assertThat(rates.err()).contains("--rates '1k': rsocket's rate follows from --connections");
        Outcome interval = run(shortRun("rsocket", dir, "--stream-interval", "0s"));
        assertThat(interval.exit()).isEqualTo(2);
        assertThat(interval.err()).contains("--stream-interval '0s'");
        assertThat(dir.resolve("run/result.json")).doesNotExist();
    }
}
