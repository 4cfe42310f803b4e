package io.isobench.operator.it;

import io.isobench.operator.OperatorMain;
import io.isobench.operator.config.OperatorConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * The operator in a JVM of its own, as in its image ({@link OperatorMain#serve}: configuration from the environment, the
 * cluster from KUBECONFIG), for tests that kill it or see it end: HTTP on 127.0.0.1 only, its port printed as
 * {@value #PORT_LINE}N once started.
 */
final class OperatorProcess {

    static final String PORT_LINE = "isobench-operator-it http port ";

    private OperatorProcess() {}

    /**
     * A replica's process as the chart's Deployment starts one (this class's main, in a JVM like this one), output to
     * {@code log}: the cluster from {@code kubeconfig}, its Lease and runner Jobs in {@code podNamespace}, watching
     * {@code watched}, leader election on, HTTP on an ephemeral port.
     */
    static ProcessBuilder replica(Path log, Path kubeconfig, String podNamespace, String name, String watched) {
        var command = List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                OperatorProcess.class.getName());
        return replica(command, log, kubeconfig, podNamespace, name, watched);
    }

    /** The same with another {@code command} starting the operator (its jar, as the image runs it). */
    static ProcessBuilder replica(
            List<String> command, Path log, Path kubeconfig, String podNamespace, String name, String watched) {
        var builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        var env = builder.environment();
        env.put("KUBECONFIG", kubeconfig.toString());
        env.put("POD_NAMESPACE", podNamespace);
        env.put("POD_NAME", name);
        env.put("ISOBENCH_NAMESPACES", watched);
        env.put("ISOBENCH_LEADER_ELECTION", "true");
        env.put("ISOBENCH_HTTP_PORT", "0");
        return builder;
    }

    public static void main(String[] args) throws Exception {
        System.exit(OperatorMain.serve(OperatorConfig.fromEnvironment(System.getenv()), "127.0.0.1", port -> {
            System.out.println(PORT_LINE + port);
            System.out.flush();
        }));
    }
}
