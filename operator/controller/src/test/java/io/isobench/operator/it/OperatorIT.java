package io.isobench.operator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.IsobenchOperator;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.DispatchTarget;
import io.isobench.operator.api.LoadSpec;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.QueueName;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.workload.RunNames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The operator in-process against a real API server, controller-manager, scheduler and kwok nodes. No real
 * node runs the runner here, so the test plays the runner's part: it uploads result.json into the real MinIO
 * with the runner's uploader and ends the pod with the simulated kubelet's annotation (isobench.io/simulate). Everything else —
 * admission, the queue, configz preflight, Jobs, the job controller, scheduling — is the real thing, and the operator runs as
 * the chart's ServiceAccount with the chart's RBAC (its kubelet reads authenticated and authorized as a kubelet does).
 */
class OperatorIT {

    static final String RUN_NAMESPACE = "isobench-system";
    static final String USER_NAMESPACE = "team-a";
    static LocalCluster cluster;
    static KubernetesClient client;
    /** The operator's own client: the chart's ServiceAccount with the chart's RBAC, nothing more. */
    static KubernetesClient operatorClient;

    @org.junit.jupiter.api.extension.RegisterExtension
    static io.isobench.store.testing.MinioServer minio = new io.isobench.store.testing.MinioServer();
    final Map<String, List<Phase>> phases = new ConcurrentHashMap<>();
    IsobenchOperator operator;
    io.fabric8.kubernetes.client.Watch watch;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = new LocalCluster("bench-1,policy=static,cpus=4,pool=bench", "bench-2,policy=static,cpus=4,pool=bench2",
                "shared-1,policy=none,cpus=4,pool=shared");
        client = cluster.client;
        var crd = Serialization.unmarshal(Files.readString(LocalCluster.repoRoot().resolve("crds").resolve("benchmarkruns.isobench.io-v1.yml")),
                CustomResourceDefinition.class);
        client.resource(crd).serverSideApply();
        client.apiextensions().v1().customResourceDefinitions().withName(CrdConstants.CRD_NAME).waitUntilCondition(d -> d.getStatus() != null
                && d.getStatus().getConditions().stream().anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus())), 60, TimeUnit.SECONDS);
        for (String ns : List.of(RUN_NAMESPACE, USER_NAMESPACE)) {
            client.resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build()).serverSideApply();
        }
        client.resource(new SecretBuilder().withNewMetadata().withName("isobench-store").withNamespace(RUN_NAMESPACE).endMetadata()
                .addToStringData("accessKey", "it").addToStringData("secretKey", "it-secret").build()).serverSideApply();
        cluster.installChartRbac(RUN_NAMESPACE);
        operatorClient = cluster.clientWithToken(cluster.token(RUN_NAMESPACE, "isobench-operator"));
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (operatorClient != null) {
            operatorClient.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void startOperator() throws Exception {
        watch = client.resources(BenchmarkRun.class).inNamespace(USER_NAMESPACE).watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, BenchmarkRun run) {
                Phase phase = run.getStatus() == null ? null : run.getStatus().getPhase();
                List<Phase> seen = phases.computeIfAbsent(run.getMetadata().getName(), k -> java.util.Collections.synchronizedList(new ArrayList<>()));
                if (phase != null && (seen.isEmpty() || seen.getLast() != phase)) {
                    seen.add(phase);
                }
            }

            @Override
            public void onClose(WatcherException cause) {}
        });
        operator = startOperatorInstance();
    }

    IsobenchOperator startOperatorInstance() throws IOException {
        var config = OperatorConfig.fromEnvironment(Map.of("POD_NAMESPACE", RUN_NAMESPACE, "ISOBENCH_NAMESPACES", USER_NAMESPACE,
                "ISOBENCH_STORE_ENDPOINT", minio.endpoint().toString(), "ISOBENCH_STORE_ACCESS_KEY", minio.accessKey(),
                "ISOBENCH_STORE_SECRET_KEY", minio.secretKey(), "ISOBENCH_LEADER_ELECTION", "false", "ISOBENCH_HTTP_PORT", "0",
                "ISOBENCH_COLLECT_GRACE", "3s", "POD_NAME", "operator-it"));
        var instance = IsobenchOperator.fromConfig(config, operatorClient, "127.0.0.1");
        instance.start();
        return instance;
    }

    @AfterEach
    void stopOperator() {
        watch.close();
        // Runs go first, while the operator is up to run their finalizer (it removes their Jobs).
        client.resources(BenchmarkRun.class).inNamespace(USER_NAMESPACE).delete();
        await().atMost(Duration.ofSeconds(30)).until(() -> client.resources(BenchmarkRun.class).inNamespace(USER_NAMESPACE).list().getItems().isEmpty());
        operator.close();
    }

    @Test
    void aValidRunGoesThroughTheExactPhaseSequenceToSucceededWithPercentilesInStatus() throws Exception {
        BenchmarkRun spec = runSpec("happy", "bench", "5m");
        spec.getSpec().getRunner().setEnv(List.of(new io.isobench.operator.api.EnvEntry("TOKEN", "env-secret-value")));
        BenchmarkRun run = client.resource(spec).create();
        Pod pod = awaitRunnerPod(run);
        assertThat(pod.getStatus().getQosClass()).isEqualTo("Guaranteed");
        assertThat(pod.getSpec().getNodeName()).isEqualTo("bench-1");
        awaitPhase("happy", Phase.Running);
        finishRunner(run, pod, "succeed");
        BenchmarkRun done = awaitPhase("happy", Phase.Succeeded);
        assertThat(phases.get("happy")).containsExactly(Phase.Pending, Phase.Queued, Phase.Scheduled, Phase.Running, Phase.Collecting, Phase.Succeeded);
        assertThat(done.getStatus().getSteps()).isNotEmpty().allSatisfy(s -> assertThat(s.getP50()).isPositive());
        assertThat(done.getStatus().getSummary().getP50()).isNotBlank();
        assertThat(condition(done, CrdConstants.CONDITION_ISOLATED)).isEqualTo("True");
        assertThat(condition(done, CrdConstants.CONDITION_COMPLETED)).isEqualTo("True");
        assertThat(done.getStatus().getObservedGeneration()).isEqualTo(1L);
        assertThat(client.v1().events().inNamespace(USER_NAMESPACE).list().getItems())
                .anySatisfy(e -> assertThat(e.getReason()).isEqualTo("Succeeded"));
        // published: the site prefix is public, the run's raw objects are not, and no secret is on the site
        await().atMost(Duration.ofSeconds(30)).until(() -> "True".equals(condition(get("happy"), CrdConstants.CONDITION_PUBLISHED)));
        String key = USER_NAMESPACE + "/happy/" + done.getMetadata().getUid();
        var http = java.net.http.HttpClient.newHttpClient();
        var summary = http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(minio.endpoint() + "/isobench/site/data/runs/" + key + "/summary.json")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(summary.statusCode()).isEqualTo(200);
        assertThat(summary.body()).contains("\"isolated\" : true").contains("rerunYaml").doesNotContain("env-secret-value")
                .doesNotContain(minio.secretKey()).doesNotContain(minio.accessKey());
        assertThat(http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(minio.endpoint() + "/isobench/runs/" + key + "/run.json")).build(),
                java.net.http.HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(403);
        assertThat(get("happy").getStatus().getArtifacts().getSite()).endsWith("index.html#/run/" + key);
    }

    @Test
    void aSecondExclusiveRunOnTheSameNodeWaitsQueuedUntilTheFirstEnds() throws Exception {
        BenchmarkRun first = create("first", "bench", "5m");
        Pod pod = awaitRunnerPod(first);
        BenchmarkRun second = create("second", "bench", "5m");
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            BenchmarkRun s = get("second");
            assertThat(s.getStatus().getPhase()).isEqualTo(Phase.Queued);
            assertThat(s.getStatus().getQueuePosition()).isEqualTo(1);
        });
        Thread.sleep(2000);
        assertThat(get("second").getStatus().getPhase()).as("still queued while first holds bench-1").isEqualTo(Phase.Queued);
        finishRunner(first, pod, "succeed");
        awaitPhase("first", Phase.Succeeded);
        Pod secondPod = awaitRunnerPod(second);
        assertThat(secondPod.getSpec().getNodeName()).isEqualTo("bench-1");
        assertThat(phases.get("second")).startsWith(Phase.Pending, Phase.Queued, Phase.Scheduled);
    }

    @Test
    void aNodeWithoutTheStaticCpuManagerFailsAnExclusiveRunWithIsolatedFalse() throws Exception {
        create("no-static", "shared", "5m");
        BenchmarkRun failed = awaitPhase("no-static", Phase.Failed);
        var isolated = failed.getStatus().getConditions().stream().filter(c -> "Isolated".equals(c.getType())).findFirst().orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("CpuManagerNotStatic");
        assertThat(isolated.getMessage()).contains("shared-1 (cpuManagerPolicy none)");
    }

    @Test
    void aKubeletWithoutFineGrainedAuthorizationFailsAnExclusiveRunSayingWhyAndTheOperatorNeverHoldsNodesProxy() throws Exception {
        Path coarse = cluster.stateDir.resolve("kubelets").resolve("bench-2").resolve("coarse-authz");
        Files.createFile(coarse);
        try {
            create("old-kubelet", "bench2", "5m");
            BenchmarkRun failed = awaitPhase("old-kubelet", Phase.Failed);
            var isolated = failed.getStatus().getConditions().stream().filter(c -> "Isolated".equals(c.getType())).findFirst()
                    .orElseThrow();
            assertThat(isolated.getStatus()).isEqualTo("False");
            assertThat(isolated.getReason()).isEqualTo("KubeletConfigUnreadable");
            assertThat(isolated.getMessage()).contains("Kubernetes 1.33")
                    .contains("bench-2 (the kubelet kwok-0.8.0 on node bench-2 authorizes GET /configz only as nodes/proxy");
        } finally {
            Files.delete(coarse);
        }
    }

    @Test
    void aSharedRunOnANonStaticNodeCompletesButIsNeverIsolated() throws Exception {
        BenchmarkRun shared = runSpec("shared", "shared", "5m");
        shared.getSpec().getPlacement().setIsolation(io.isobench.operator.api.PlacementSpec.Isolation.Shared);
        client.resource(shared).create();
        Pod pod = awaitRunnerPod(shared);
        assertThat(pod.getSpec().getNodeName()).isEqualTo("shared-1");
        finishRunner(shared, pod, "succeed");
        BenchmarkRun done = awaitPhase("shared", Phase.Succeeded);
        var isolated = done.getStatus().getConditions().stream().filter(c -> "Isolated".equals(c.getType())).findFirst().orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("SharedIsolation");
    }

    @Test
    void aFailedPodAndATimeoutEachEndTheRunFailedWithTheReason() throws Exception {
        BenchmarkRun crashing = create("crashing", "bench", "5m");
        Pod pod = awaitRunnerPod(crashing);
        awaitPhase("crashing", Phase.Running);
        client.pods().resource(pod).edit(p -> {
            p.getMetadata().getAnnotations().put("isobench.io/simulate", "fail");
            return p;
        });
        BenchmarkRun failed = awaitPhase("crashing", Phase.Failed);
        assertThat(failed.getStatus().getMessage()).contains("no result.json at s3://isobench/runs/team-a/crashing/");
        assertThat(failed.getStatus().getMessage()).doesNotContain(minio.secretKey()).doesNotContain(minio.accessKey());

        create("slow", "bench", "12s");
        BenchmarkRun timedOut = awaitPhase("slow", Phase.Failed);
        assertThat(timedOut.getStatus().getMessage()).startsWith("did not finish within spec.timeout 12s");
        await().atMost(Duration.ofSeconds(20)).until(() -> client.batch().v1().jobs().inNamespace(RUN_NAMESPACE)
                .withLabel(CrdConstants.LABEL_RUN_UID, timedOut.getMetadata().getUid()).list().getItems().isEmpty());
    }

    @Test
    void aRunStillCompletesWhenTheOperatorIsRestartedMidRun() throws Exception {
        BenchmarkRun run = create("restart", "bench", "5m");
        Pod pod = awaitRunnerPod(run);
        awaitPhase("restart", Phase.Running);
        operator.close();
        operator = null;
        finishRunner(run, pod, "succeed");
        Thread.sleep(1000);
        assertThat(get("restart").getStatus().getPhase()).isEqualTo(Phase.Running);
        operator = startOperatorInstance();
        awaitPhase("restart", Phase.Succeeded);
        assertThat(phases.get("restart")).containsExactly(Phase.Pending, Phase.Queued, Phase.Scheduled, Phase.Running, Phase.Collecting, Phase.Succeeded);
    }

    @Test
    void aServerPodIsVerifiedFromTheStartUpReportInItsLogAndUnverifiedWithoutOne() throws Exception {
        BenchmarkRun echo = client.resource(echoSpec("echo", "bench")).create();
        Pod server = awaitPod(echo, "server");
        String report = new io.isobench.result.ServerReport(io.isobench.result.ServerReport.FORMAT_VERSION, "tcp-echo",
                new io.isobench.result.Environment.CpuSet(List.of(3), "3", "3"), List.of("3:3"),
                List.of(new io.isobench.result.Pinning("server", 3, true, "affinity read back: 3"))).toLogLine();
        containerLog(server, "server", "NOTE: Picked up JDK_JAVA_OPTIONS: -Xss1m\n" + report
                + "\nisobench-runner server: tcp-echo listening on 0.0.0.0:7000\n");
        Pod runner = awaitPod(echo, "client");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "3".equals(get("echo").getStatus().getIsolation().getServer().getCpusetGranted()));
        finishRunner(echo, runner, "succeed", io.isobench.operator.ResultFixtures.tcpEcho(1));
        BenchmarkRun done = awaitPhase("echo", Phase.Succeeded);
        var isolated = done.getStatus().getConditions().stream().filter(c -> "Isolated".equals(c.getType())).findFirst().orElseThrow();
        assertThat(isolated.getStatus()).as(isolated.getMessage()).isEqualTo("True");
        assertThat(isolated.getMessage())
                .contains("server pod " + server.getMetadata().getName() + " on node bench-1: static CPU manager granted cpuset 3");
        assertThat(done.getStatus().getIsolation().getServer().getQosClass()).isEqualTo("Guaranteed");

        // a server that printed no report (an older or altered image) is not taken on trust
        BenchmarkRun silent = client.resource(echoSpec("silent", "bench2")).create();
        Pod silentServer = awaitPod(silent, "server");
        containerLog(silentServer, "server", "isobench-runner server: tcp-echo listening on 0.0.0.0:7000\n");
        Pod silentRunner = awaitPod(silent, "client");
        await().atMost(Duration.ofSeconds(30)).until(() -> get("silent").getStatus().getIsolation().getServer().getUnverified() != null);
        finishRunner(silent, silentRunner, "succeed", io.isobench.operator.ResultFixtures.tcpEcho(1));
        BenchmarkRun unverified = awaitPhase("silent", Phase.Succeeded);
        var notIsolated = unverified.getStatus().getConditions().stream().filter(c -> "Isolated".equals(c.getType())).findFirst()
                .orElseThrow();
        assertThat(notIsolated.getStatus()).isEqualTo("False");
        assertThat(notIsolated.getReason()).isEqualTo("ServerUnverified");
        assertThat(notIsolated.getMessage()).endsWith("the server printed no report line ('isobench-server-report {…}')"
                + " (in the first 65536 bytes of container server's log)");
    }

    @Test
    void aRunWithNoNodeInItsPoolIsNotPlaceableWithinSecondsAndOneTooBigForEveryNodeFailsWithTheNumbers() throws Exception {
        long created = System.nanoTime();
        create("nowhere", "nowhere", "5m");
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> "False".equals(condition(get("nowhere"),
                CrdConstants.CONDITION_PLACEABLE)));
        assertThat(Duration.ofNanos(System.nanoTime() - created)).as("said at once, not at the timeout").isLessThan(Duration.ofSeconds(10));
        BenchmarkRun waiting = get("nowhere");
        var placeable = waiting.getStatus().getConditions().stream().filter(c -> "Placeable".equals(c.getType())).findFirst().orElseThrow();
        assertThat(placeable.getReason()).isEqualTo("NoMatchingNode");
        assertThat(placeable.getMessage()).startsWith("no node matches nodeSelector isobench.io/pool=nowhere");
        assertThat(waiting.getStatus().getPhase()).as("a node may be labelled later").isEqualTo(Phase.Queued);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(client.v1().events().inNamespace(USER_NAMESPACE).list()
                .getItems()).anySatisfy(e -> {
                    assertThat(e.getInvolvedObject().getName()).isEqualTo("nowhere");
                    assertThat(e.getType()).isEqualTo("Warning");
                    assertThat(e.getReason()).isEqualTo("NoMatchingNode");
                    assertThat(e.getMessage()).contains("isobench.io/pool=nowhere");
                }));

        BenchmarkRun big = runSpec("too-big", "bench", "5m");
        big.getSpec().getPlacement().setClient(new io.isobench.operator.api.RoleResources(7, "20Gi"));
        client.resource(big).create();
        BenchmarkRun failed = awaitPhase("too-big", Phase.Failed);
        var notPlaceable = failed.getStatus().getConditions().stream().filter(c -> "Placeable".equals(c.getType())).findFirst()
                .orElseThrow();
        assertThat(notPlaceable.getStatus()).isEqualTo("False");
        assertThat(notPlaceable.getReason()).isEqualTo("Unschedulable");
        var completed = failed.getStatus().getConditions().stream().filter(c -> "Completed".equals(c.getType())).findFirst().orElseThrow();
        assertThat(completed.getReason()).as("the real reason, not just Failed").isEqualTo("Unschedulable");
        assertThat(failed.getStatus().getMessage()).isEqualTo("asks 8 whole CPUs and 20Gi of memory on one node; the most any of the 1"
                + " node(s) matching nodeSelector isobench.io/pool=bench has allocatable: 4 CPUs (bench-1), 16Gi of memory (bench-1)");
    }

    @Test
    void metricsHoldTheJvmTheReconcilesTheQueueAndPublishingAndPromtoolAcceptsThem() throws Exception {
        BenchmarkRun run = create("measured", "bench", "5m");
        Pod pod = awaitRunnerPod(run);
        awaitPhase("measured", Phase.Running);
        finishRunner(run, pod, "succeed");
        awaitPhase("measured", Phase.Succeeded);
        await().atMost(Duration.ofSeconds(30)).until(() -> "True".equals(condition(get("measured"), CrdConstants.CONDITION_PUBLISHED)));
        var http = java.net.http.HttpClient.newHttpClient();
        var scrape = java.net.URI.create("http://127.0.0.1:" + operator.httpPort() + "/metrics");
        String metrics = http.send(java.net.http.HttpRequest.newBuilder(scrape).build(), java.net.http.HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(metrics).as("JVM and process")
                .contains("jvm_memory_used_bytes{area=\"heap\"}", "jvm_gc_collection_seconds_count", "process_cpu_seconds_total",
                        "process_open_fds");
        assertThat(metrics).as("JOSDK's reconciliation metrics, execution times as histograms")
                .containsPattern("operator_sdk_reconciliations_started_total\\{[^}]*\\} [1-9]")
                .containsPattern("operator_sdk_reconciliations_success_total\\{[^}]*\\} [1-9]")
                .containsPattern("operator_sdk_controllers_execution_reconcile_seconds_bucket\\{[^}]*le=\"0.005\"");
        assertThat(metrics).as("the queue and what follows, per pool and phase")
                .containsPattern("isobench_operator_queue_wait_seconds_count\\{pool=\"\\{isobench.io/pool=bench}\"} 1")
                .containsPattern("isobench_operator_phase_seconds_count\\{phase=\"Collecting\"} 1")
                .containsPattern("isobench_operator_publish_seconds_count\\{result=\"ok\"} 1");
        assertThat(io.isobench.operator.observability.Promtool.checkMetrics(metrics)).isEmpty();
        // the chart's dashboard and alerts ask only for series the operator exports
        var names = java.util.regex.Pattern.compile("\\b(isobench_operator_[a-z_]+|operator_sdk_[a-z_]+|jvm_[a-z_]+|process_[a-z_]+)");
        for (String file : List.of("charts/isobench/dashboards/isobench.json", "charts/isobench/templates/prometheusrule.yaml")) {
            var used = names.matcher(Files.readString(LocalCluster.repoRoot().resolve(file))).results().map(m -> m.group(1))
                    .map(n -> n.replaceFirst("_(bucket|count|sum)$", "")).distinct().toList();
            assertThat(used).as(file).isNotEmpty()
                    .allSatisfy(n -> assertThat(metrics).as(file + " uses " + n).contains("# TYPE " + n + " "));
        }
    }

    // --- helpers ---

    /** A tcp-echo run whose server has a CPU and a pod of its own on the same node. */
    static BenchmarkRun echoSpec(String name, String pool) {
        BenchmarkRun run = runSpec(name, pool, "5m");
        var target = new TargetSpec();
        target.setTcpEcho(new io.isobench.operator.api.EchoTarget());
        run.getSpec().setTarget(target);
        run.getSpec().getLoad().setMode(LoadSpec.Mode.Closed);
        run.getSpec().getLoad().setRates(null);
        run.getSpec().getLoad().setClients(List.of(1));
        var server = new io.isobench.operator.api.RoleResources();
        server.setCpus(1);
        run.getSpec().getPlacement().setServer(server);
        run.getSpec().getPlacement().setTopology(io.isobench.operator.api.PlacementSpec.Topology.SameNode);
        return run;
    }

    /** The running pod of one role of the run. */
    Pod awaitPod(BenchmarkRun run, String role) {
        String uid = get(run.getMetadata().getName()).getMetadata().getUid();
        java.util.function.Supplier<List<Pod>> pods = () -> client.pods().inNamespace(RUN_NAMESPACE)
                .withLabel(CrdConstants.LABEL_RUN_UID, uid).withLabel(CrdConstants.LABEL_ROLE, role).list().getItems();
        await().atMost(Duration.ofSeconds(60)).until(() -> pods.get().stream().anyMatch(p -> "Running".equals(p.getStatus().getPhase())));
        return pods.get().getFirst();
    }

    /** What the container printed, as its simulated kubelet serves it to the API server (pods/log). */
    static void containerLog(Pod pod, String container, String text) throws IOException {
        var dir = cluster.stateDir.resolve("kubelets").resolve(pod.getSpec().getNodeName()).resolve("logs").resolve(RUN_NAMESPACE)
                .resolve(pod.getMetadata().getName());
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(container + ".log"), text);
    }

    BenchmarkRun create(String name, String pool, String timeout) {
        return client.resource(runSpec(name, pool, timeout)).create();
    }

    /** A minimal dispatch run (one queue, one rate, one repetition) on the given pool. */
    static BenchmarkRun runSpec(String name, String pool, String timeout) {
        var spec = new BenchmarkRunSpec();
        var target = new TargetSpec();
        var dispatch = new DispatchTarget();
        dispatch.setQueues(List.of(QueueName.ISOBENCH));
        target.setDispatch(dispatch);
        spec.setTarget(target);
        var load = new LoadSpec();
        load.setRates(List.of(1000L));
        load.setWarmup("1s");
        load.setDuration("1s");
        load.setRepetitions(1);
        load.setProbeDuration("0s");
        spec.setLoad(load);
        spec.getPlacement().setNodeSelector(Map.of("isobench.io/pool", pool));
        spec.setTimeout(timeout);
        var run = new BenchmarkRun();
        run.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName(name).withNamespace(USER_NAMESPACE).build());
        run.setSpec(spec);
        return run;
    }

    BenchmarkRun get(String name) {
        return client.resources(BenchmarkRun.class).inNamespace(USER_NAMESPACE).withName(name).get();
    }

    BenchmarkRun awaitPhase(String name, Phase phase) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
            BenchmarkRun r = get(name);
            return r != null && r.getStatus() != null && r.getStatus().getPhase() == phase;
        });
        return get(name);
    }

    Pod awaitRunnerPod(BenchmarkRun run) {
        String uid = client.resources(BenchmarkRun.class).inNamespace(USER_NAMESPACE).withName(run.getMetadata().getName()).get().getMetadata().getUid();
        await().atMost(Duration.ofSeconds(60)).until(() -> client.pods().inNamespace(RUN_NAMESPACE).withLabel(CrdConstants.LABEL_RUN_UID, uid)
                .list().getItems().stream().anyMatch(p -> "Running".equals(p.getStatus().getPhase())));
        return client.pods().inNamespace(RUN_NAMESPACE).withLabel(CrdConstants.LABEL_RUN_UID, uid).list().getItems().getFirst();
    }

    /** What the runner does at the end: upload its run directory (result.json last) to the real MinIO, then exit. */
    void finishRunner(BenchmarkRun created, Pod pod, String how) throws Exception {
        // The cpuset the static CPU manager would have granted on this node: two CPUs, none of them reserved.
        finishRunner(created, pod, how, io.isobench.operator.ResultFixtures.dispatch(2, 3));
    }

    /** As above, uploading {@code json} as the result. */
    void finishRunner(BenchmarkRun created, Pod pod, String how, String json) throws Exception {
        BenchmarkRun run = get(created.getMetadata().getName());
        var runDir = java.nio.file.Files.createTempDirectory("runner-out");
        java.nio.file.Files.writeString(runDir.resolve("result.json"), json);
        try (var store = minio.newStore("isobench")) {
            new io.isobench.store.ArtifactUploader(store, m -> {}).upload(runDir, RunNames.attemptPrefix(run, 1, "client"), java.time.Instant.now().plusSeconds(30));
        }
        client.pods().resource(pod).edit(p -> {
            p.getMetadata().getAnnotations().put("isobench.io/simulate", how);
            return p;
        });
    }

    static String condition(BenchmarkRun run, String type) {
        return run.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).map(c -> c.getStatus()).findFirst().orElse(null);
    }
}
