package io.isobench.operator.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The operator's own metrics as Prometheus reads them: queue depth, age and wait per pool, time per phase, publishing. */
class OperatorMetricsTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private final List<BenchmarkRun> runs = new ArrayList<>();
    private final OperatorMetrics metrics = new OperatorMetrics(() -> runs, Clock.fixed(NOW, ZoneOffset.UTC));

    private BenchmarkRun queued(String name, String pool, Instant since) {
        BenchmarkRun run = Runs.inPhase(Runs.dispatch(name, since.minusSeconds(5)), Phase.Queued);
        run.getSpec().getPlacement().setNodeSelector(Map.of("isobench.io/pool", pool));
        run.getStatus().setPhaseSince(since);
        return run;
    }

    static String scrape(OperatorMetrics metrics) throws IOException {
        var out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, metrics.registry().scrape());
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void queueDepthAndTheOldestWaitPerPoolAreReadFromTheRunsWhenScraped() throws Exception {
        runs.add(queued("a", "bench", NOW.minusSeconds(90)));
        runs.add(queued("b", "bench", NOW.minusSeconds(30)));
        runs.add(queued("c", "gpu", NOW.minusSeconds(10)));
        BenchmarkRun running = Runs.inPhase(Runs.dispatch("d", NOW), Phase.Running, "arm-1");
        running.getSpec().getPlacement().setNodeSelector(Map.of("isobench.io/pool", "arm"));
        runs.add(running);
        String text = scrape(metrics);
        assertThat(text)
                .as("a pool nobody waits for reads 0, not no data")
                .contains("isobench_operator_queue_length{pool=\"{isobench.io/pool=arm}\"} 0.0")
                .contains("isobench_operator_queue_oldest_seconds{pool=\"{isobench.io/pool=arm}\"} 0.0");
        assertThat(text)
                .contains("isobench_operator_queue_length{pool=\"{isobench.io/pool=bench}\"} 2.0")
                .contains("isobench_operator_queue_oldest_seconds{pool=\"{isobench.io/pool=bench}\"} 90.0")
                .contains("isobench_operator_queue_oldest_seconds{pool=\"{isobench.io/pool=gpu}\"} 10.0");
    }

    @Test
    void leavingAPhaseRecordsItsDurationAndLeavingTheQueueTheWaitPerPool() throws Exception {
        BenchmarkRun run = queued("a", "bench", NOW.minusSeconds(42));
        metrics.phaseEnded(run, Phase.Queued, run.getStatus().getPhaseSince());
        metrics.phaseEnded(run, Phase.Collecting, NOW.minusSeconds(3));
        metrics.published("ok", 0.25);
        String text = scrape(metrics);
        assertThat(text)
                .contains("isobench_operator_queue_wait_seconds_count{pool=\"{isobench.io/pool=bench}\"} 1")
                .contains("isobench_operator_queue_wait_seconds_sum{pool=\"{isobench.io/pool=bench}\"} 42.0")
                .contains("isobench_operator_phase_seconds_bucket{phase=\"Collecting\",le=\"5.0\"} 1")
                .contains("isobench_operator_phase_seconds_bucket{phase=\"Queued\",le=\"30.0\"} 0")
                .contains("isobench_operator_publish_seconds_count{result=\"ok\"} 1");
    }

    @Test
    void aPhaseWithoutAStartTimeIsNotRecorded() throws Exception {
        BenchmarkRun run = queued("a", "bench", NOW);
        metrics.phaseEnded(run, Phase.Pending, null);
        assertThat(scrape(metrics)).doesNotContain("phase_seconds_count{phase=\"Pending\"}");
    }

    @Test
    void promtoolAcceptsWhatTheOperatorExports() throws Exception {
        runs.add(queued("a", "bench", NOW.minusSeconds(90)));
        metrics.phaseEnded(
                runs.getFirst(), Phase.Queued, runs.getFirst().getStatus().getPhaseSince());
        metrics.published("ok", 0.25);
        metrics.reconciled("ok");
        assertThat(Promtool.checkMetrics(scrape(metrics))).isEmpty();
    }
}
