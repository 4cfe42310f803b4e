package io.isobench.operator.it;

import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.isobench.operator.IsobenchOperator;
import io.isobench.operator.config.OperatorConfig;

/**
 * The operator in a JVM of its own, as in its image (configuration from the environment, the cluster from KUBECONFIG), for
 * tests that kill it: HTTP on 127.0.0.1 only, its port printed as {@value #PORT_LINE}N once started.
 */
final class OperatorProcess {

    static final String PORT_LINE = "isobench-operator-it http port ";

    private OperatorProcess() {}

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
