package io.isobench.operator.results;

import io.isobench.operator.api.BenchmarkRun;

/** Puts a finished run on the report site; returns where it can be seen. */
public interface RunPublisher {

    String publish(BenchmarkRun run) throws Exception;

    /** No site configured: runs are never marked Published. */
    RunPublisher NONE = null;
}
