package io.isobench.operator.results;

import io.isobench.operator.api.BenchmarkRun;
import java.util.Optional;

/** Puts a finished run on the report site; returns where it can be seen. */
public interface RunPublisher {

    /**
     * @param where         the run's page on the site
     * @param ignoredFiles  files the runner uploaded that are not on the site (not a histogram file result.json names, or not a valid one)
     */
    record Published(String where, int ignoredFiles) {}

    /** @param baseline the run named by {@code spec.report.baseline} as the cluster has it now; empty when gone or unnamed */
    Published publish(BenchmarkRun run, Optional<BenchmarkRun> baseline) throws Exception;

    /** No site configured: runs are never marked Published. */
    RunPublisher NONE = null;
}
