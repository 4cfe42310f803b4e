package io.isobench.operator.workload;

import io.isobench.operator.api.BenchmarkRun;
import java.time.Instant;

/** When a run must have ended: its creation plus {@code spec.timeout}, queueing included. Its Jobs and upload grants end then too. */
public final class RunDeadline {

    private RunDeadline() {}

    public static Instant of(BenchmarkRun run) {
        return Instant.parse(run.getMetadata().getCreationTimestamp())
                .plus(SpecDurations.parse(run.getSpec().getTimeout()));
    }
}
