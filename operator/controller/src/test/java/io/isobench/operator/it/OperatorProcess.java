package io.isobench.operator.it;

import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.isobench.operator.IsobenchOperator;
import io.isobench.operator.config.OperatorConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * The operator in a JVM of its own, as in its image (configuration from the environment, the cluster from KUBECONFIG), for
 * tests that kill it: HTTP on 127.0.0.1 only, its port printed as {@value #PORT_LINE}N once started.
 */
final class OperatorProcess {

    static final String PORT_LINE = "isobench-operator-it http port ";

    private OperatorProcess() {}

    /**
     * A replica's process as the chart's Deployment starts one, output to {@code log}: the cluster from {@code
     * kubeconfig}, its Lease and runner Jobs in {@code podNamespace}, watching {@code watched}, leader election on, HTTP on
     * an ephemeral port.
     */
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
        var config = OperatorConfig.fromEnvironment(System.getenv());
        var client = new KubernetesClientBuilder().build();
        var operator = IsobenchOperator.fromConfig(config, client, "127.0.0.1");
        operator.start();
        System.out.println(PORT_LINE + operator.httpPort());
        System.out.flush();
        Thread.currentThread().join();
    }
}
