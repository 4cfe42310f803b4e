package io.isobench.runner.cli;

import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.RunSettings;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.metrics.MetricsEndpoint;
import io.isobench.runner.metrics.RunnerMetrics;
import io.isobench.target.spi.Target;

/**
 * The --metrics-port endpoint, in the process that measures: with several variants in forked JVMs the children
 * (which run one at a time) serve it in turn and the parent stays off the port.
 */
record LiveMetrics(Progress progress, MetricsEndpoint endpoint) implements AutoCloseable {

    static LiveMetrics start(int port, Target target, RunSettings settings, Progress progress) {
        if (port < 0 || port > 65535) {
            throw new UsageException("--metrics-port '" + port + "': must be a port number (1-65535) or 0 for off");
        }
        RunSettings.Forking forking = settings.forking();
        boolean forksVariants = forking.onlyVariant() == null
                && forking.variantsInOwnJvm()
                && (target.variants().size() > 1 || forking.optionSets().size() > 1);
        if (port == 0 || forksVariants) {
            return new LiveMetrics(progress, null);
        }
        RunnerMetrics metrics = new RunnerMetrics(target.name(), progress);
        return new LiveMetrics(metrics, new MetricsEndpoint(port, metrics));
    }

    @Override
    public void close() {
        if (endpoint != null) {
            endpoint.close();
        }
    }
}
