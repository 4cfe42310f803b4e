package io.isobench.runner.targets.ipc;

import static io.isobench.runner.targets.TargetRuns.run;
import static io.isobench.runner.targets.TargetRuns.shortRun;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import io.isobench.runner.targets.TargetRuns;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ipc: NewOrderSingle over Chronicle Queue to a consumer in another JVM (and in a thread), a few seconds each. */
class IpcTargetTest {

    @Test
    void ordersReachAConsumerInAnotherJvmAndAreTimedOneWay(@TempDir Path dir) throws Exception {
        Path queues = Files.createDirectories(dir.resolve("queues"));
        Outcome o = run(shortRun("ipc", dir, "--rates", "2k", "--duration", "1s", "--queue-dir", queues.toString()));

        assertThat(o.exit()).as(o.err() + o.out()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        var step = r.steps().getFirst();
        assertThat(step.variant()).isEqualTo("process");
        assertThat(step.measure()).isEqualTo(LatencyMeasure.ONE_WAY);
        var rep = step.repetitions().getFirst();
        assertThat(rep.achievedRate()).isGreaterThan(1900);
        assertThat(rep.received()).isEqualTo(rep.sent());
        assertThat(rep.metrics()).containsKeys("orders", "handled");
        try (var left = Files.list(queues)) {
            assertThat(left).as("session queues are deleted").isEmpty();
        }
    }

    @Test
    void aConsumerThreadIsTheComparisonVariant(@TempDir Path dir) {
        Outcome o = run(shortRun("ipc", dir, "--rates", "5k", "--consumer", "thread"));
        assertThat(o.exit()).as(o.err() + o.out()).isZero();
        assertThat(ResultJson.read(dir.resolve("run/result.json"))
                        .steps()
                        .getFirst()
                        .variant())
                .isEqualTo("in-process");
    }

    @Test
    void aConsumerKilledMidRunFailsTheRunWithTheReason(@TempDir Path dir) throws Exception {
        Path queues = Files.createDirectories(dir.resolve("queues"));
        // serving: the consumer has answered (its "handled" queue has a file)
        Thread killer = TargetRuns.killServerProcessLater("ipc", () -> answered(queues), 500);
        Outcome o = run(shortRun("ipc", dir, "--rates", "2k", "--duration", "5s", "--queue-dir", queues.toString()));
        killer.join();
        assertThat(o.exit()).as(o.err()).isEqualTo(1);
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(r.steps().getFirst().reason()).contains("server process").contains("exited");
    }

    private static boolean answered(Path queues) {
        try (var files = Files.walk(queues)) {
            return files.anyMatch(
                    p -> p.toString().contains("handled") && p.toString().endsWith(".cq4"));
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return false; // the tree is changing
        }
    }

    @Test
    void badOptionsAreUsageErrorsNamingOptionAndValue(@TempDir Path dir) throws Exception {
        Outcome consumer = run(shortRun("ipc", dir, "--consumer", "remote"));
        assertThat(consumer.exit()).isEqualTo(2);
        assertThat(consumer.err()).contains("--consumer 'remote': use process or thread");
        Path file = Files.writeString(dir.resolve("file"), "x");
        Outcome queue = run(shortRun("ipc", dir, "--queue-dir", file.toString()));
        assertThat(queue.exit()).isEqualTo(2);
        assertThat(queue.err()).contains("--queue-dir '" + file + "': not a writable directory");
        assertThat(dir.resolve("run/result.json")).doesNotExist();
    }
}
