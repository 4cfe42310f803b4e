package io.isobench.operator.results;

import io.isobench.operator.api.BenchmarkRun;
import java.util.Optional;

/** Puts a finished run on the report site; returns where it can be seen. */
public interface RunPublisher {

    /** @param baseline the run named by {@code spec.report.baseline} as the cluster has it now; empty when gone or unnamed */
    String publish(BenchmarkRun run, Optional<BenchmarkRun> baseline) throws Exception;

    /** No site configured: runs are never marked Published. */
    RunPublisher NONE = null;
}
