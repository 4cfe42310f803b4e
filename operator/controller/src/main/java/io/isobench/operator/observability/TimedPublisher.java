package io.isobench.operator.observability;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.results.RunPublisher;
import java.util.Optional;

/** A publisher whose every publication is timed into {@link OperatorMetrics} (isobench_operator_publish_seconds{result}). */
public final class TimedPublisher implements RunPublisher {

    private final RunPublisher publisher;
    private final OperatorMetrics metrics;

    public TimedPublisher(RunPublisher publisher, OperatorMetrics metrics) {
        this.publisher = publisher;
        this.metrics = metrics;
    }

    @Override
    public Published publish(BenchmarkRun run, Optional<BenchmarkRun> baseline) throws Exception {
        long start = System.nanoTime();
        String result = "error";
        try {
            Published published = publisher.publish(run, baseline);
            result = "ok";
            return published;
        } finally {
            metrics.published(result, (System.nanoTime() - start) / 1e9);
        }
    }
}
