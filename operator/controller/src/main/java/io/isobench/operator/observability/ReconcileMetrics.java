package io.isobench.operator.observability;

import io.javaoperatorsdk.operator.api.monitoring.Metrics;
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Duration;

/**
 * What a Prometheus user expects of any operator, in the registry /metrics serves: JOSDK's reconciliation metrics through
 * its Micrometer support (reconciles started, succeeded, failed, retries; execution times as histograms), and the JVM's
 * and the process's (memory, GC, threads, CPU seconds, open files, resident memory).
 */
public final class ReconcileMetrics {

    /** Reconcile execution times: a pass is milliseconds; a slow API server or object store makes it seconds. */
    private static final Duration[] BUCKETS = {
        Duration.ofMillis(5),
        Duration.ofMillis(10),
        Duration.ofMillis(25),
        Duration.ofMillis(50),
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofMillis(2500),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10)
    };

    private ReconcileMetrics() {}

    /**
     * JOSDK's metrics for {@code Operator.withMetrics}, registered in {@code registry}; per-run series left out (one per run
     * would grow without end).
     */
    public static Metrics josdk(PrometheusRegistry registry) {
        var micrometer = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, registry, Clock.SYSTEM);
        micrometer.config().meterFilter(new MeterFilter() {
            /* JOSDK's meters carry no description; Prometheus (and promtool) want HELP text on every metric. */
            @Override
            public Meter.Id map(Meter.Id id) {
                return id.getDescription() != null
                        ? id
                        : new Meter.Id(
                                id.getName(),
                                Tags.of(id.getTags()),
                                id.getBaseUnit(),
                                describe(id.getName()),
                                id.getType());
            }

            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (id.getType() != Meter.Type.TIMER) {
                    return config;
                }
                double[] slos = new double[BUCKETS.length];
                for (int i = 0; i < BUCKETS.length; i++) {
                    slos[i] = BUCKETS[i].toNanos();
                }
                return DistributionStatisticConfig.builder()
                        .serviceLevelObjectives(slos)
                        .build()
                        .merge(config);
            }
        });
        return MicrometerMetrics.withoutPerResourceMetrics(micrometer);
    }

    /** HELP text for JOSDK's meters, from their names (operator.sdk.reconciliations.started, …). */
    static String describe(String name) {
        String what = name.startsWith("operator.sdk.") ? name.substring("operator.sdk.".length()) : name;
        return "Java Operator SDK: " + what.replace('.', ' ');
    }

    /** The JVM's and the process's standard metrics (jvm_*, process_*). */
    public static void jvm(PrometheusRegistry registry) {
        JvmMetrics.builder().register(registry);
    }
}
