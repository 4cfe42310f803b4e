package io.isobench.operator.it;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real cluster on 127.0.0.1 from the project's own scripts (docs/contracts.md § Local cluster): etcd,
 * kube-apiserver, controller-manager, scheduler and kwok-simulated nodes whose kubelet configz the API server
 * proxies. Pods on simulated nodes run until the test annotates them (the runner itself does not run here).
 */
final class LocalCluster implements AutoCloseable {

    final Path stateDir;
    final KubernetesClient client;

    private final boolean external;

    LocalCluster(String... nodes) throws IOException, InterruptedException {
        String kubeconfig = System.getProperty("isobench.it.kubeconfig");
        external = kubeconfig != null;
        if (external) {
            // A cluster someone else started (make cluster-up): used as is, never stopped.
            stateDir = Path.of(kubeconfig).getParent();
            client = new KubernetesClientBuilder()
                    .withConfig(Config.fromKubeconfig(Files.readString(Path.of(kubeconfig))))
                    .build();
            return;
        }
        stateDir = Files.createTempDirectory("isobench-it-cluster");
        var command = new ArrayList<>(List.of(
                script("up.sh").toString(),
                "--state-dir",
                stateDir.toString(),
                "--port-base",
                String.valueOf(freePortBase())));
        for (String node : nodes) {
            command.addAll(List.of("--node", node));
        }
        try {
            run(command, 180);
            client = new KubernetesClientBuilder()
                    .withConfig(Config.fromKubeconfig(Files.readString(stateDir.resolve("kubeconfig"))))
                    .build();
        } catch (IOException | RuntimeException e) {
            // Half-started clusters are stopped too: nothing may outlive the test.
            run(List.of(script("down.sh").toString(), "--state-dir", stateDir.toString()), 60);
            throw e;
        }
    }

    /** The CRDs as generated into {@code crds/} (BenchmarkRun, BenchmarkSchedule), applied and waited for until served. */
    CustomResourceDefinition installCrd() throws IOException {
        CustomResourceDefinition run = null;
        for (String file : List.of("benchmarkruns.isobench.io-v1.yml", "benchmarkschedules.isobench.io-v1.yml")) {
            var crd = Serialization.unmarshal(
                    Files.readString(repoRoot().resolve("crds").resolve(file)), CustomResourceDefinition.class);
            client.resource(crd).serverSideApply();
            // a CRD read before the API server has judged it has a status without conditions yet
            client.apiextensions()
                    .v1()
                    .customResourceDefinitions()
                    .withName(crd.getMetadata().getName())
                    .waitUntilCondition(
                            d -> d.getStatus() != null
                                    && d.getStatus().getConditions() != null
                                    && d.getStatus().getConditions().stream()
                                            .anyMatch(c ->
                                                    "Established".equals(c.getType()) && "True".equals(c.getStatus())),
                            60,
                            TimeUnit.SECONDS);
            run = run == null ? crd : run;
        }
        return run;
    }

    /** The chart's ServiceAccount and RBAC for the operator, rendered by {@code helm template} as a user installs them. */
    void installChartRbac(String namespace) throws IOException, InterruptedException {
        Path helm = Path.of(System.getProperty("user.home"), ".cache", "isobench", "bin", "helm");
        var command = List.of(
                helm.toString(),
                "template",
                "isobench",
                repoRoot().resolve("charts/isobench").toString(),
                "-n",
                namespace,
                "--kube-version",
                "1.34.10",
                "--show-only",
                "templates/serviceaccount.yaml",
                "--show-only",
                "templates/rbac.yaml");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] rendered = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("helm template failed: " + new String(rendered, StandardCharsets.UTF_8));
        }
        client.resource(new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                        .withNewMetadata()
                        .withName(namespace)
                        .endMetadata()
                        .build())
                .serverSideApply();
        client.load(new java.io.ByteArrayInputStream(rendered))
                .items()
                .forEach(o -> client.resource(o).serverSideApply());
    }

    /** A token of that ServiceAccount, as the kubelet projects it into a pod (an hour: longer than any test class). */
    String token(String namespace, String serviceAccount) {
        return client.serviceAccounts()
                .inNamespace(namespace)
                .withName(serviceAccount)
                .tokenRequest(new io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder()
                        .withNewSpec()
                        .withExpirationSeconds(3600L)
                        .endSpec()
                        .build())
                .getStatus()
                .getToken();
    }

    /** A client that authenticates with this bearer token and trusts the cluster's CA, as an in-cluster client does. */
    KubernetesClient clientWithToken(String token) {
        Config admin = client.getConfiguration();
        return new KubernetesClientBuilder()
                .withConfig(new io.fabric8.kubernetes.client.ConfigBuilder(Config.empty())
                        .withMasterUrl(admin.getMasterUrl())
                        .withCaCertData(admin.getCaCertData())
                        .withOauthToken(token)
                        .build())
                .build();
    }

    /** The real kubectl against this cluster as its administrator, as a pipeline calls it: what it printed, or an error with it. */
    String kubectl(String... args) throws IOException, InterruptedException {
        Path kubectl = Path.of(System.getProperty("user.home"), ".cache", "isobench", "bin", "kubectl");
        Path config = external ? Path.of(System.getProperty("isobench.it.kubeconfig")) : stateDir.resolve("kubeconfig");
        var command = new ArrayList<>(List.of(kubectl.toString(), "--kubeconfig", config.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", args) + " failed: " + output);
        }
        return output;
    }

    /** Edits what a simulated kubelet reports through configz. */
    void kubeletPolicy(String node, String policy) throws IOException {
        Path file = stateDir.resolve("kubelets").resolve(node).resolve("configz.json");
        String json = Files.readString(file)
                .replaceAll("\"cpuManagerPolicy\"\\s*:\\s*\"[a-z]+\"", "\"cpuManagerPolicy\": \"" + policy + "\"");
        Files.writeString(file, json);
    }

    void nodeReady(String node, boolean ready) throws IOException, InterruptedException {
        run(
                List.of(
                        script("node.sh").toString(),
                        "--state-dir",
                        stateDir.toString(),
                        ready ? "ready" : "not-ready",
                        node),
                60);
    }

    @Override
    public void close() throws Exception {
        client.close();
        if (external) {
            return;
        }
        run(List.of(script("down.sh").toString(), "--state-dir", stateDir.toString(), "--purge"), 60);
    }

    static Path repoRoot() {
        return Path.of(System.getProperty("isobench.repo.root", "../.."));
    }

    private static Path script(String name) {
        return repoRoot().resolve("local-cluster").resolve(name);
    }

    private void run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        // Into a log, not the test JVM's stdout (Surefire's channel); its tail goes into the failure message.
        Path log = stateDir.getParent().resolve(stateDir.getFileName() + ".log");
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(
                    String.join(" ", command) + " did not finish within " + timeoutSeconds + "s");
        }
        if (p.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log);
            throw new IllegalStateException(String.join(" ", command) + " exited with " + p.exitValue() + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size())));
        }
    }

    /** A base in 26100–26900 whose first port is free (the scripts use base…base+19). */
    private static int freePortBase() throws IOException {
        for (int base = 26100 + (int) (ProcessHandle.current().pid() % 40) * 20; base < 26980; base += 20) {
            try (var socket = new ServerSocket(base, 1, java.net.InetAddress.getLoopbackAddress())) {
                return base;
            } catch (IOException busy) {
                // try the next block
            }
        }
        throw new IOException("no free port block in 26100-26999");
    }
}
