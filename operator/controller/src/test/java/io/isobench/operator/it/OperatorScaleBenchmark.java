package io.isobench.operator.it;

import static org.awaitility.Awaitility.await;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Not a test: the operator benchmark `make bench-operator` runs (BENCHMARKS.md). 1,000 BenchmarkRuns created at
 * once against the real API server: time until every run is Queued or Scheduled, apply → Job created p50/p99
 * (Shared runs, so every run gets its Job), and the operator's heap after a GC.
 */
@Tag("benchmark")
class OperatorScaleBenchmark extends OperatorIT {

    static final int RUNS = Integer.getInteger("isobench.bench.runs", 1000);

    @Test
    void thousandRunsAtOnce() throws Exception {
        var report = new StringBuilder();
        for (PlacementSpec.Isolation isolation : PlacementSpec.Isolation.values()) {
            Instant start = Instant.now();
            createMany(isolation);
            Instant created = Instant.now();
            await().atMost(Duration.ofMinutes(10))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() ->
                            client.resources(BenchmarkRun.class).inNamespace(USER_NAMESPACE).list().getItems().stream()
                                    .allMatch(r -> r.getStatus() != null
                                            && (r.getStatus().getPhase() == Phase.Queued
                                                            && r.getStatus().getQueuePosition() != null
                                                    || r.getStatus().getPhase() == Phase.Scheduled
                                                    || r.getStatus().getPhase() == Phase.Running)));
            Instant settled = Instant.now();
            var jobLatencies = jobLatenciesMillis();
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            report.append(String.format(
                    "| %s | %d | %.1f | %.1f | %d | %s | %s | %.0f |%n",
                    isolation,
                    RUNS,
                    Duration.between(start, created).toMillis() / 1000.0,
                    Duration.between(start, settled).toMillis() / 1000.0,
                    jobLatencies.size(),
                    percentile(jobLatencies, 50),
                    percentile(jobLatencies, 99),
                    heap / 1048576.0));
            writeReport(report);
            // one by one: a collection delete of 1,000 finalized runs can outlast the client's request timeout here
            for (BenchmarkRun r : client.resources(BenchmarkRun.class)
                    .inNamespace(USER_NAMESPACE)
                    .list()
                    .getItems()) {
                client.resource(r).delete();
            }
            await().atMost(Duration.ofMinutes(10))
                    .until(() -> client.resources(BenchmarkRun.class)
                            .inNamespace(USER_NAMESPACE)
                            .list()
                            .getItems()
                            .isEmpty());
        }
    }

    private static void writeReport(StringBuilder rows) throws java.io.IOException {
        String header = """
                | isolation | runs | create all (s) | all Queued/Scheduled (s) | Jobs | apply→Job p50 (ms) | apply→Job p99 (ms) \
                | operator+test heap after GC (MiB) |
                |---|---|---|---|---|---|---|---|
                """;
        System.out.println(header + rows);
        Path out = Path.of(System.getProperty("isobench.bench.out", "target/operator-bench.md"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, header + rows);
    }

    private void createMany(PlacementSpec.Isolation isolation) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(16);
        var futures = new ArrayList<java.util.concurrent.Future<?>>();
        for (int i = 0; i < RUNS; i++) {
            String name = "scale-" + isolation.name().toLowerCase(Locale.ROOT) + "-" + i;
            futures.add(pool.submit(() -> {
                BenchmarkRun run = runSpec(name, "bench", "1h");
                run.getSpec().getPlacement().setIsolation(isolation);
                client.resource(run).create();
            }));
        }
        for (var f : futures) {
            f.get();
        }
        pool.shutdown();
    }

    private List<Long> jobLatenciesMillis() {
        Map<String, Instant> createdByUid = new HashMap<>();
        client.resources(BenchmarkRun.class)
                .inNamespace(USER_NAMESPACE)
                .list()
                .getItems()
                .forEach(r -> createdByUid.put(
                        r.getMetadata().getUid(), Instant.parse(r.getMetadata().getCreationTimestamp())));
        var latencies = new ArrayList<Long>();
        client.batch().v1().jobs().inNamespace(RUN_NAMESPACE).list().getItems().forEach(job -> {
            Instant runCreated = createdByUid.get(job.getMetadata().getLabels().get(CrdConstants.LABEL_RUN_UID));
            if (runCreated != null) {
                latencies.add(Duration.between(
                                runCreated, Instant.parse(job.getMetadata().getCreationTimestamp()))
                        .toMillis());
            }
        });
        latencies.sort(Long::compare);
        return latencies;
    }

    private static String percentile(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return "–";
        }
        return String.valueOf(sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1)));
    }
}
