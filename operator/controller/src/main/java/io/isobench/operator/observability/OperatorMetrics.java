package io.isobench.operator.observability;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
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
    private final Histogram phaseDuration;
    private final Histogram queueWait;
    private final Histogram publishDuration;
    private final Clock clock;

    /** Seconds: a phase lasts from moments (Pending, Scheduled) to the length of a run (Running) or of a queue (Queued). */
    private static final double[] PHASE_BOUNDS = {0.1, 0.5, 1, 5, 30, 60, 300, 900, 1800, 3600, 7200};

    public OperatorMetrics(Supplier<Collection<BenchmarkRun>> runs, Clock clock) {
        this.clock = clock;
        reconciles = Counter.builder()
                .name("isobench_operator_reconciles_total")
                .help("Reconciles by result (ok, error)")
                .labelNames("result")
                .register(registry);
        errors = Counter.builder()
                .name("isobench_operator_reconcile_errors_total")
                .help("Reconciles that threw")
                .register(registry);
        isolationLost = Counter.builder()
                .name("isobench_operator_isolation_lost_total")
                .help("Exclusive runs that ended without verified isolation")
                .register(registry);
        runDuration = Histogram.builder()
                .name("isobench_operator_run_duration_seconds")
                .help("Creation to end of finished runs")
                .classicUpperBounds(10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200)
                .labelNames("phase")
                .register(registry);
        phaseDuration = Histogram.builder()
                .name("isobench_operator_phase_seconds")
                .help(
                        "Time runs spent in a phase, observed as they leave it (Collecting: from the runner's end to the result in status)")
                .classicUpperBounds(PHASE_BOUNDS)
                .labelNames("phase")
                .register(registry);
        queueWait = Histogram.builder()
                .name("isobench_operator_queue_wait_seconds")
                .help("Time runs waited Queued for a node, per node pool")
                .classicUpperBounds(PHASE_BOUNDS)
                .labelNames("pool")
                .register(registry);
        publishDuration = Histogram.builder()
                .name("isobench_operator_publish_seconds")
                .help("Putting a run on the report site, by result (ok, error)")
                .classicUpperBounds(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
                .labelNames("result")
                .register(registry);
        GaugeWithCallback.builder()
                .name("isobench_operator_queue_oldest_seconds")
                .help("How long the oldest Queued run of each node pool has waited")
                .labelNames("pool")
                .callback(cb -> oldestQueued(runs.get()).forEach((pool, seconds) -> cb.call(seconds, pool)))
                .register(registry);
        GaugeWithCallback.builder()
                .name("isobench_operator_runs")
                .help("BenchmarkRuns by phase")
                .labelNames("phase")
                .callback(cb -> byPhase(runs.get()).forEach((phase, n) -> cb.call(n, phase.name())))
                .register(registry);
        GaugeWithCallback.builder()
                .name("isobench_operator_queue_length")
                .help("Queued runs per node pool")
                .labelNames("pool")
                .callback(cb -> queued(runs.get()).forEach((pool, n) -> cb.call(n, pool)))
                .register(registry);
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
        runDuration
                .labelValues(phase.name())
                .observe(Duration.between(created, clock.instant()).toMillis() / 1000.0);
        var status = run.getStatus();
        boolean exclusive = run.getSpec().getPlacement().getIsolation() == PlacementSpec.Isolation.Exclusive;
        if (exclusive
                && status != null
                && status.getConditions().stream()
                        .anyMatch(c -> "Isolated".equals(c.getType()) && "False".equals(c.getStatus()))) {
            isolationLost.inc();
        }
    }

    /** A run left {@code phase}, which it entered at {@code since} (status.phaseSince; null when unknown: not recorded). */
    public void phaseEnded(BenchmarkRun run, Phase phase, Instant since) {
        if (since == null || phase == null) {
            return;
        }
        double seconds = Duration.between(since, clock.instant()).toMillis() / 1000.0;
        phaseDuration.labelValues(phase.name()).observe(seconds);
        if (phase == Phase.Queued) {
            queueWait.labelValues(NodeLedger.poolOf(run)).observe(seconds);
        }
    }

    /** One publication to the report site, ok or error, and how long it took. */
    public void published(String result, double seconds) {
        publishDuration.labelValues(result).observe(seconds);
    }

    private Map<String, Double> oldestQueued(Collection<BenchmarkRun> runs) {
        var oldest = new TreeMap<String, Double>();
        runs.forEach(r -> oldest.put(NodeLedger.poolOf(r), 0.0));
        Instant now = clock.instant();
        runs.stream()
                .filter(r -> r.getStatus() != null && r.getStatus().getPhase() == Phase.Queued)
                .filter(r -> r.getStatus().getPhaseSince() != null)
                .forEach(r -> oldest.merge(
                        NodeLedger.poolOf(r),
                        Duration.between(r.getStatus().getPhaseSince(), now).toMillis() / 1000.0,
                        Math::max));
        return oldest;
    }

    private static Map<Phase, Long> byPhase(Collection<BenchmarkRun> runs) {
        var counts = new EnumMap<Phase, Long>(Phase.class);
        for (Phase p : Phase.values()) {
            counts.put(p, 0L);
        }
        runs.forEach(r -> counts.merge(
                r.getStatus() == null || r.getStatus().getPhase() == null
                        ? Phase.Pending
                        : r.getStatus().getPhase(),
                1L,
                Long::sum));
        return counts;
    }

    /** Queued runs per pool; a pool any run names and none waits for reads 0 (a series that vanished would read as no data). */
    private static Map<String, Long> queued(Collection<BenchmarkRun> runs) {
        var counts = new TreeMap<String, Long>();
        runs.forEach(r -> counts.put(NodeLedger.poolOf(r), 0L));
        runs.stream()
                .filter(r -> r.getStatus() != null && r.getStatus().getPhase() == Phase.Queued)
                .forEach(r -> counts.merge(NodeLedger.poolOf(r), 1L, Long::sum));
        return counts;
    }
}
