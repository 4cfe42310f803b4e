package io.isobench.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.isobench.operator.config.OperatorConfig;
import java.io.IOException;
import java.util.StringJoiner;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;
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
        System.exit(serve(config, "0.0.0.0", port -> LOG.info("isobench operator started; http on :{}", port)));
    }

    /**
     * Runs the operator until the JVM is stopped: {@code started} is told its HTTP port once its informers have synced.
     * Returns 1 at once when it cannot start (the API server unreachable, a watch refused, its HTTP port taken), for the
     * caller to end the JVM: left running, the HTTP server's thread would keep alive an operator that answers /healthz
     * "starting" and is never ready, which no probe restarts.
     */
    public static int serve(OperatorConfig config, String httpBind, IntConsumer started) throws InterruptedException {
        var client = new KubernetesClientBuilder().build();
        IsobenchOperator operator;
        try {
            operator = IsobenchOperator.fromConfig(config, client, httpBind);
        } catch (IOException | RuntimeException e) {
            return notStarted(client, e);
        }
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
        try {
            operator.start();
        } catch (RuntimeException e) {
            return notStarted(client, e);
        }
        started.accept(operator.httpPort());
        stopped.await();
        return 0;
    }

    private static int notStarted(KubernetesClient client, Exception e) {
        var causes = new StringJoiner(": ");
        for (Throwable t = e; t != null; t = t.getCause()) {
            causes.add(t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage());
        }
        LOG.error(
                "isobench operator not started: {} (API server {}); exiting for the kubelet to start it again",
                causes,
                client.getMasterUrl(),
                e);
        return 1;
    }
}
