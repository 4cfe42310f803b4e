package io.isobench.operator.api;

import io.fabric8.kubeapitest.KubeAPIServer;
import io.fabric8.kubeapitest.KubeAPIServerConfigBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real etcd + kube-apiserver (v1.34.10, built from Go modules and cached by local-cluster/tools.sh) started
 * through Fabric8's kube-api-test in offline mode, with the committed CRD installed.
 */
final class LocalApiServer implements AutoCloseable {

    static final String K8S_VERSION = "1.34.10";

    private final KubeAPIServer server;
    final KubernetesClient client;

    LocalApiServer() throws IOException {
        Path binaries = Path.of(System.getProperty("user.home"), ".cache", "isobench", "kube-api-test");
        if (!Files.isDirectory(binaries.resolve("k8s").resolve(K8S_VERSION + "-linux-amd64"))) {
            throw new IllegalStateException("no Kubernetes " + K8S_VERSION + " binaries under " + binaries
                    + ": run `local-cluster/tools.sh k8s` (make test does)");
        }
        server = new KubeAPIServer(KubeAPIServerConfigBuilder.anAPIServerConfig()
                .withTestDir(binaries.toString())
                .withApiServerVersion(K8S_VERSION)
                .withOfflineMode(true)
                .withApiServerFlag("--bind-address", "127.0.0.1")
                .withUpdateKubeConfig(false)
                .build());
        server.start();
        client = new KubernetesClientBuilder()
                .withConfig(Config.fromKubeconfig(server.getKubeConfigYaml()))
                .build();
        for (String file : List.of(CrdDriftTest.FILE, CrdDriftTest.SCHEDULE_FILE)) {
            CustomResourceDefinition crd = Serialization.unmarshal(
                    Files.readString(CrdDriftTest.repoRoot().resolve("crds").resolve(file)),
                    CustomResourceDefinition.class);
            client.resource(crd).serverSideApply();
            client.apiextensions()
                    .v1()
                    .customResourceDefinitions()
                    .withName(crd.getMetadata().getName())
                    .waitUntilCondition(
                            // a CRD read before the API server has judged it has a status without conditions yet
                            d -> d.getStatus() != null
                                    && d.getStatus().getConditions() != null
                                    && d.getStatus().getConditions().stream()
                                            .anyMatch(c ->
                                                    "Established".equals(c.getType()) && "True".equals(c.getStatus())),
                            60,
                            TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        client.close();
        server.stop();
    }
}
