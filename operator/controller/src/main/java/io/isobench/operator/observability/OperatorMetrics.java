package io.isobench.operator.observability;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import io.isobench.operator.placement.NodeLedger;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The operator's metrics (names in docs/contracts.md). Run counts by phase and queue lengths are computed from
 * the informer cache when scraped, so they are never stale and cost nothing between scrapes.
 */
public final class OperatorMetrics {

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter reconciles;
    private final Counter errors;
    private final Counter isolationLost;
    private final Histogram runDuration;
    private final Clock clock;

    public OperatorMetrics(Supplier<Collection<BenchmarkRun>> runs, Clock clock) {
        this.clock = clock;
        reconciles = Counter.builder().name("isobench_operator_reconciles_total").help("Reconciles by result (ok, error)")
                .labelNames("result").register(registry);
        errors = Counter.builder().name("isobench_operator_reconcile_errors_total").help("Reconciles that threw").register(registry);
        isolationLost = Counter.builder().name("isobench_operator_isolation_lost_total")
                .help("Exclusive runs that ended without verified isolation").register(registry);
        runDuration = Histogram.builder().name("isobench_operator_run_duration_seconds").help("Creation to end of finished runs")
                .classicUpperBounds(10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200).labelNames("phase").register(registry);
        GaugeWithCallback.builder().name("isobench_operator_runs").help("BenchmarkRuns by phase").labelNames("phase")
                .callback(cb -> byPhase(runs.get()).forEach((phase, n) -> cb.call(n, phase.name()))).register(registry);
        GaugeWithCallback.builder().name("isobench_operator_queue_length").help("Queued runs per node pool").labelNames("pool")
                .callback(cb -> queued(runs.get()).forEach((pool, n) -> cb.call(n, pool))).register(registry);
    }

    public PrometheusRegistry registry() {
        return registry;
    }

    public void reconciled(String result) {
        reconciles.labelValues(result).inc();
        if ("error".equals(result)) {
            errors.inc();
        }
    }

    public void ended(BenchmarkRun run, Phase phase) {
        Instant created = Instant.parse(run.getMetadata().getCreationTimestamp());
        runDuration.labelValues(phase.name()).observe(Duration.between(created, clock.instant()).toMillis() / 1000.0);
        var status = run.getStatus();
        boolean exclusive = run.getSpec().getPlacement().getIsolation() == io.isobench.operator.api.PlacementSpec.Isolation.Exclusive;
        if (exclusive && status != null && status.getConditions().stream()
                .anyMatch(c -> "Isolated".equals(c.getType()) && "False".equals(c.getStatus()))) {
            isolationLost.inc();
        }
    }

    private static Map<Phase, Long> byPhase(Collection<BenchmarkRun> runs) {
        var counts = new EnumMap<Phase, Long>(Phase.class);
        for (Phase p : Phase.values()) {
            counts.put(p, 0L);
        }
        runs.forEach(r -> counts.merge(r.getStatus() == null || r.getStatus().getPhase() == null ? Phase.Pending : r.getStatus().getPhase(), 1L, Long::sum));
        return counts;
    }

    private static Map<String, Long> queued(Collection<BenchmarkRun> runs) {
        var counts = new TreeMap<String, Long>();
        runs.stream().filter(r -> r.getStatus() != null && r.getStatus().getPhase() == Phase.Queued)
                .forEach(r -> counts.merge(NodeLedger.poolOf(r), 1L, Long::sum));
        return counts;
    }
}
