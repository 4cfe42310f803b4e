package io.isobench.operator;

import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.isobench.operator.config.OperatorConfig;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point of the operator image: configuration from the environment (docs/contracts.md), then run until stopped;
 * {@code setup-store} instead runs the chart's store set-up once ({@link StoreSetupMain}).
 */
public final class OperatorMain {

    private static final Logger LOG = LoggerFactory.getLogger(OperatorMain.class);

    private OperatorMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            if (args.length == 1 && "setup-store".equals(args[0])) {
                System.exit(StoreSetupMain.run(System.getenv()));
            }
            System.err.println("usage: isobench-operator [setup-store] (got: " + String.join(" ", args) + ")");
            System.exit(2);
        }
        OperatorConfig config;
        try {
            config = OperatorConfig.fromEnvironment(System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        var client = new KubernetesClientBuilder().build();
        var operator = IsobenchOperator.fromConfig(config, client, "0.0.0.0");
        var stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            LOG.info("stopping");
                            operator.close();
                            client.close();
                            stopped.countDown();
                        },
                        "shutdown"));
        operator.start();
        LOG.info("isobench operator started; http on :{}", operator.httpPort());
        stopped.await();
    }
}
