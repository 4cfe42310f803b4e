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
import io.isobench.result.samples.ResultSamples;
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
    void aRunnerFailEndsTheRunFailedWithTheRunnersOwnReasonAndIsPublished() throws Exception {
        BenchmarkRun echo = client.resource(echoSpec("refused", "bench")).create();
        awaitPod(echo, "server");
        Pod runner = awaitPod(echo, "client");
        // what the real runner wrote when nothing listened at its --server-address (exit code 1: a step FAILed)
        String refused = new String(ResultSamples.connectionRefused(), java.nio.charset.StandardCharsets.UTF_8);
        String reason = io.isobench.result.ResultJson.parse(refused).reason();
        finishRunner(echo, runner, "fail", refused);

        BenchmarkRun failed = awaitPhase("refused", Phase.Failed);
        assertThat(phases.get("refused")).containsExactly(Phase.Pending, Phase.Queued, Phase.Scheduled, Phase.Running, Phase.Collecting,
                Phase.Failed);
        assertThat(failed.getStatus().getMessage()).isEqualTo(reason).endsWith("could not start tcp-echo remote: Connection refused");
        assertThat(failed.getStatus().getVerdict()).isEqualTo("FAIL");
        assertThat(failed.getStatus().getSteps()).singleElement().satisfies(s -> assertThat(s.getVerdict()).isEqualTo("FAIL"));
        await().atMost(Duration.ofSeconds(30)).until(() -> "True".equals(condition(get("refused"), CrdConstants.CONDITION_PUBLISHED)));
        String key = USER_NAMESPACE + "/refused/" + failed.getMetadata().getUid();
        var summary = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(minio.endpoint() + "/isobench/site/data/runs/" + key + "/summary.json")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(summary.statusCode()).isEqualTo(200);
        var published = io.isobench.result.ResultJson.MAPPER.readTree(summary.body());
        assertThat(published.get("phase").asText()).isEqualTo("Failed");
        assertThat(published.get("message").asText()).isEqualTo(reason);
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
    /**
     * A run with {@code report.baseline} is compared with it once both are collected: Regressed=False for the same build
     * ({@code kubectl wait --for=condition=Regressed=false} passes), True with the slower steps named for a build twice as
     * slow (a printer column and a Warning event), Unknown while the baseline has not ended.
     */
    @Test
    void aRunWithABaselineSaysWhetherItRegressedInItsRegressedCondition() throws Exception {
        BenchmarkRun base = create("base", "bench", "5m");
        finishRunner(base, awaitRunnerPod(base), "succeed", io.isobench.operator.ResultFixtures.dispatch(2, 3, 5, 1.0));
        awaitPhase("base", Phase.Succeeded);

        BenchmarkRun sameSpec = runSpec("same", "bench", "5m");
        sameSpec.getSpec().getReport().setBaseline("base");
        BenchmarkRun same = client.resource(sameSpec).create();
        finishRunner(same, awaitRunnerPod(same), "succeed", io.isobench.operator.ResultFixtures.dispatch(2, 3, 5, 1.0));
        BenchmarkRun sameDone = awaitCondition("same", CrdConstants.CONDITION_REGRESSED, "False");
        assertThat(conditionOf(sameDone, CrdConstants.CONDITION_REGRESSED).getReason()).isEqualTo("NoRegression");
        assertThat(conditionOf(sameDone, CrdConstants.CONDITION_REGRESSED).getMessage())
                .isEqualTo("against base: no regression beyond 5% in 9 comparisons of 3 step(s)");
        assertThat(kubectl("wait", "-n", USER_NAMESPACE, "--for=condition=Regressed=false", "br/same", "--timeout=10s"))
                .contains("condition met");
        assertThat(kubectl("get", "br", "same", "-n", USER_NAMESPACE)).contains("REGRESSED").containsPattern("same\s+Succeeded.*False");

        BenchmarkRun slowerSpec = runSpec("slower", "bench", "5m");
        slowerSpec.getSpec().getReport().setBaseline("base");
        BenchmarkRun slower = client.resource(slowerSpec).create();
        finishRunner(slower, awaitRunnerPod(slower), "succeed", io.isobench.operator.ResultFixtures.dispatch(2, 3, 5, 2.0));
        BenchmarkRun slowerDone = awaitCondition("slower", CrdConstants.CONDITION_REGRESSED, "True");
        assertThat(conditionOf(slowerDone, CrdConstants.CONDITION_REGRESSED).getMessage())
                .startsWith("against base: slower: isobench_clients-1 p50 ×2.0").contains("[9 comparisons of 3 step(s)]");
        await().atMost(Duration.ofSeconds(20)).until(() -> client.v1().events().inNamespace(USER_NAMESPACE).list().getItems().stream()
                .anyMatch(e -> "slower".equals(e.getInvolvedObject().getName()) && "RegressedTrue".equals(e.getReason())
                        && "Warning".equals(e.getType())));

        // a baseline still running: Unknown, and the verdict follows once it ends
        BenchmarkRun laterBase = create("later-base", "bench2", "5m");
        Pod laterBasePod = awaitRunnerPod(laterBase);
        BenchmarkRun waitingSpec = runSpec("waiting", "bench", "5m");
        waitingSpec.getSpec().getReport().setBaseline("later-base");
        BenchmarkRun waiting = client.resource(waitingSpec).create();
        finishRunner(waiting, awaitRunnerPod(waiting), "succeed", io.isobench.operator.ResultFixtures.dispatch(2, 3, 5, 1.0));
        BenchmarkRun pending = awaitCondition("waiting", CrdConstants.CONDITION_REGRESSED, "Unknown");
        assertThat(conditionOf(pending, CrdConstants.CONDITION_REGRESSED).getReason()).isEqualTo("BaselinePending");
        finishRunner(laterBase, laterBasePod, "succeed", io.isobench.operator.ResultFixtures.dispatch(2, 3, 2, 1.0));
        // the baseline has 2 repetitions a step: too few to tell, said as Unknown, never as False
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500)).until(() -> "TooFewRepetitions".equals(
                conditionOf(get("waiting"), CrdConstants.CONDITION_REGRESSED).getReason()));
        assertThat(conditionOf(get("waiting"), CrdConstants.CONDITION_REGRESSED).getStatus()).isEqualTo("Unknown");
    }

    BenchmarkRun awaitCondition(String name, String type, String status) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> {
            BenchmarkRun r = get(name);
            return r != null && r.getStatus() != null && status.equals(condition(r, type));
        });
        return get(name);
    }

    static io.fabric8.kubernetes.api.model.Condition conditionOf(BenchmarkRun run, String type) {
        return run.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst().orElseThrow();
    }

    /** The real kubectl against the local cluster, as a pipeline would call it. */
    String kubectl(String... args) throws Exception {
        return cluster.kubectl(args);
    }

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
