package io.isobench.operator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.IsobenchOperator;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.BenchmarkSchedule;
import io.isobench.operator.api.BenchmarkScheduleSpec;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.DispatchTargetSpec;
import io.isobench.operator.api.LoadSpec;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.QueueName;
import io.isobench.operator.api.RunTemplate;
import io.isobench.operator.api.RunTemplateMetadata;
import io.isobench.operator.api.RunVerdict;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.workload.RunNames;
import io.isobench.result.samples.ResultSamples;
import io.isobench.store.access.GrantUploads;
import io.isobench.store.access.UploadGrant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
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
    static final PatchContext MERGE = PatchContext.of(PatchType.JSON_MERGE);

    static final String RUN_NAMESPACE = "isobench-system";
    static final String USER_NAMESPACE = "team-a";
    static final String OPERATOR_USER = "isobench-operator";
    static final String OPERATOR_SECRET = java.util.UUID.randomUUID().toString();
    /** A second tenant: the queue takes turns between namespaces. */
    static final String OTHER_NAMESPACE = "team-b";

    static LocalCluster cluster;
    static java.nio.file.Path siteBundle;
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
        cluster = new LocalCluster(
                "bench-1,policy=static,cpus=4,pool=bench",
                "bench-2,policy=static,cpus=4,pool=bench2",
                "shared-1,policy=none,cpus=4,pool=shared",
                "ha-1,policy=static,cpus=4,pool=ha",
                "ha-2,policy=static,cpus=4,pool=ha",
                // two nodes of their own for the load pods' spread: the ha pool's may still be held by an earlier
                // test's run
                "spread-1,policy=static,cpus=4,pool=spread",
                "spread-2,policy=static,cpus=4,pool=spread",
                "fair-1,policy=static,cpus=4,pool=fair");
        client = cluster.client;
        cluster.installCrd();
        for (String ns : List.of(RUN_NAMESPACE, USER_NAMESPACE, OTHER_NAMESPACE)) {
            client.resource(new NamespaceBuilder()
                            .withNewMetadata()
                            .withName(ns)
                            .endMetadata()
                            .build())
                    .serverSideApply();
        }
        cluster.installChartRbac(RUN_NAMESPACE);
        operatorClient = cluster.clientWithToken(cluster.token(RUN_NAMESPACE, "isobench-operator"));
        siteBundle = Files.createTempDirectory("site-bundle");
        Files.writeString(siteBundle.resolve("index.html"), "<!doctype html><title>isobench</title>");
        // as the chart's set-up job does: the operator gets a MinIO user of its own, never the root credential
        io.isobench.store.access.StoreSetup.apply(
                new io.isobench.store.StoreConfig(
                        minio.endpoint(), "isobench", minio.accessKey(), minio.secretKey(), null),
                OPERATOR_USER,
                OPERATOR_SECRET);
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
        watch = client.resources(BenchmarkRun.class).inAnyNamespace().watch(new Watcher<>() {
            @Override
            public void eventReceived(Action action, BenchmarkRun run) {
                Phase phase = run.getStatus() == null ? null : run.getStatus().getPhase();
                List<Phase> seen = phases.computeIfAbsent(
                        run.getMetadata().getName(), k -> java.util.Collections.synchronizedList(new ArrayList<>()));
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
        var config = OperatorConfig.fromEnvironment(Map.ofEntries(
                Map.entry("POD_NAMESPACE", RUN_NAMESPACE),
                Map.entry("ISOBENCH_NAMESPACES", USER_NAMESPACE + "," + OTHER_NAMESPACE),
                Map.entry("ISOBENCH_STORE_ENDPOINT", minio.endpoint().toString()),
                Map.entry("ISOBENCH_STORE_ACCESS_KEY", OPERATOR_USER),
                Map.entry("ISOBENCH_STORE_SECRET_KEY", OPERATOR_SECRET),
                Map.entry("ISOBENCH_LEADER_ELECTION", "false"),
                Map.entry("ISOBENCH_HTTP_PORT", "0"),
                Map.entry("ISOBENCH_COLLECT_GRACE", "3s"),
                Map.entry("POD_NAME", "operator-it"),
                Map.entry("ISOBENCH_SITE_BUNDLE", siteBundle.toString()),
                Map.entry("ISOBENCH_MAX_RECONCILE_INTERVAL", "5s")));
        var instance = IsobenchOperator.fromConfig(config, operatorClient, "127.0.0.1");
        instance.start();
        return instance;
    }

    @AfterEach
    void stopOperator() {
        watch.close();
        // Runs go first, while the operator is up to run their finalizer (it removes their Jobs).
        for (String ns : List.of(USER_NAMESPACE, OTHER_NAMESPACE)) {
            client.resources(BenchmarkRun.class).inNamespace(ns).delete();
        }
        await().atMost(Duration.ofSeconds(30))
                .until(() -> List.of(USER_NAMESPACE, OTHER_NAMESPACE).stream()
                        .allMatch(ns -> client.resources(BenchmarkRun.class)
                                .inNamespace(ns)
                                .list()
                                .getItems()
                                .isEmpty()));
        operator.close();
    }

    @Test
    void aRunIsCollectedOnceItsRunnerExitsWithoutWaitingForItsJobToEnd() throws Exception {
        // the pod stays Running after the runner's container has exited 0 (as while a sidecar server stops), so the
        // Job controller never completes the Job: only the container's exit can end the run
        BenchmarkRun run = client.resource(runSpec("exited", "bench", "5m")).create();
        Pod pod = awaitRunnerPod(run);
        BenchmarkRun done = finishedStraightThrough(run, pod, "runner-exited");
        assertThat(done.getStatus().getSteps()).isNotEmpty();
    }

    @Test
    void aValidRunGoesThroughTheExactPhaseSequenceToSucceededWithPercentilesInStatus() throws Exception {
        BenchmarkRun spec = runSpec("happy", "bench", "5m");
        spec.getSpec().getRunner().setEnv(List.of(new io.isobench.operator.api.EnvEntry("TOKEN", "env-secret-value")));
        BenchmarkRun run = client.resource(spec).create();
        Pod pod = awaitRunnerPod(run);
        assertThat(pod.getStatus().getQosClass()).isEqualTo("Guaranteed");
        assertThat(pod.getSpec().getNodeName()).isEqualTo("bench-1");
        BenchmarkRun done = finishedStraightThrough(run, pod, "succeed");
        assertThat(done.getStatus().getSteps())
                .isNotEmpty()
                .allSatisfy(s -> assertThat(s.getP50()).isPositive());
        assertThat(done.getStatus().getSummary().getP50()).isNotBlank();
        assertThat(condition(done, CrdConstants.CONDITION_ISOLATED)).isEqualTo("True");
        assertThat(condition(done, CrdConstants.CONDITION_COMPLETED)).isEqualTo("True");
        assertThat(done.getStatus().getObservedGeneration()).isEqualTo(1L);
        assertThat(client.v1().events().inNamespace(USER_NAMESPACE).list().getItems())
                .anySatisfy(e -> assertThat(e.getReason()).isEqualTo("Succeeded"));
        // published: the site prefix is public, the run's raw objects are not, and no secret is on the site
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "True".equals(condition(get("happy"), CrdConstants.CONDITION_PUBLISHED)));
        String key = USER_NAMESPACE + "/happy/" + done.getMetadata().getUid();
        var http = java.net.http.HttpClient.newHttpClient();
        var summary = http.send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                                minio.endpoint() + "/isobench/site/data/runs/" + key + "/summary.json"))
                        .build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(summary.statusCode()).isEqualTo(200);
        assertThat(summary.body())
                .contains("\"isolated\" : true")
                .contains("rerunYaml")
                .doesNotContain("env-secret-value")
                .doesNotContain(minio.secretKey())
                .doesNotContain(minio.accessKey());
        assertThat(http.send(
                                java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                                                minio.endpoint() + "/isobench/runs/" + key + "/run.json"))
                                        .build(),
                                java.net.http.HttpResponse.BodyHandlers.discarding())
                        .statusCode())
                .isEqualTo(403);
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
        assertThat(get("second").getStatus().getPhase())
                .as("still queued while first holds bench-1")
                .isEqualTo(Phase.Queued);
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
        var isolated = failed.getStatus().getConditions().stream()
                .filter(c -> "Isolated".equals(c.getType()))
                .findFirst()
                .orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("CpuManagerNotStatic");
        assertThat(isolated.getMessage()).contains("shared-1 (cpuManagerPolicy none)");
    }

    @Test
    void aKubeletWithoutFineGrainedAuthorizationFailsAnExclusiveRunSayingWhyAndTheOperatorNeverHoldsNodesProxy()
            throws Exception {
        Path coarse = cluster.stateDir.resolve("kubelets").resolve("bench-2").resolve("coarse-authz");
        Files.createFile(coarse);
        try {
            create("old-kubelet", "bench2", "5m");
            BenchmarkRun failed = awaitPhase("old-kubelet", Phase.Failed);
            var isolated = failed.getStatus().getConditions().stream()
                    .filter(c -> "Isolated".equals(c.getType()))
                    .findFirst()
                    .orElseThrow();
            assertThat(isolated.getStatus()).isEqualTo("False");
            assertThat(isolated.getReason()).isEqualTo("KubeletConfigUnreadable");
            assertThat(isolated.getMessage())
                    .contains("Kubernetes 1.33")
                    .contains(
                            "bench-2 (the kubelet kwok-0.8.0 on node bench-2 authorizes GET /configz only as nodes/proxy");
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
        var isolated = done.getStatus().getConditions().stream()
                .filter(c -> "Isolated".equals(c.getType()))
                .findFirst()
                .orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("SharedIsolation");
    }

    @Test
    void aFailedPodAndATimeoutEachEndTheRunFailedWithTheReason() throws Exception {
        BenchmarkRun crashing = create("crashing", "bench", "5m");
        Pod pod = awaitRunnerPod(crashing);
        awaitPhase("crashing", Phase.Running);
        simulate(pod, "fail");
        BenchmarkRun failed = awaitPhase("crashing", Phase.Failed);
        assertThat(failed.getStatus().getMessage()).contains("no result.json at s3://isobench/runs/team-a/crashing/");
        assertThat(failed.getStatus().getMessage())
                .doesNotContain(minio.secretKey())
                .doesNotContain(minio.accessKey());

        create("slow", "bench", "12s");
        BenchmarkRun timedOut = awaitPhase("slow", Phase.Failed);
        assertThat(timedOut.getStatus().getMessage()).startsWith("did not finish within spec.timeout 12s");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> client.batch()
                        .v1()
                        .jobs()
                        .inNamespace(RUN_NAMESPACE)
                        .withLabel(
                                CrdConstants.LABEL_RUN_UID,
                                timedOut.getMetadata().getUid())
                        .list()
                        .getItems()
                        .isEmpty());
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
        assertStraightThrough("restart");
    }

    @Test
    void aServerPodIsVerifiedFromTheStartUpReportInItsLogAndUnverifiedWithoutOne() throws Exception {
        BenchmarkRun echo = client.resource(echoSpec("echo", "bench")).create();
        Pod server = awaitPod(echo, "server");
        String report = new io.isobench.result.ServerReport(
                        io.isobench.result.ServerReport.FORMAT_VERSION,
                        "tcp-echo",
                        new io.isobench.result.Environment.CpuSet(List.of(3), "3", "3"),
                        List.of("3:3"),
                        List.of(new io.isobench.result.Pinning("server", 3, true, "affinity read back: 3")))
                .toLogLine();
        containerLog(
                server,
                "server",
                "NOTE: Picked up JDK_JAVA_OPTIONS: -Xss1m\n" + report
                        + "\nisobench-runner server: tcp-echo listening on 0.0.0.0:7000\n");
        Pod runner = awaitPod(echo, "client");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "3"
                        .equals(get("echo")
                                .getStatus()
                                .getIsolation()
                                .getServer()
                                .getCpusetGranted()));
        finishRunner(echo, runner, "succeed", io.isobench.operator.ResultFixtures.tcpEcho(1));
        BenchmarkRun done = awaitPhase("echo", Phase.Succeeded);
        var isolated = done.getStatus().getConditions().stream()
                .filter(c -> "Isolated".equals(c.getType()))
                .findFirst()
                .orElseThrow();
        assertThat(isolated.getStatus()).as(isolated.getMessage()).isEqualTo("True");
        assertThat(isolated.getMessage())
                .contains("server pod " + server.getMetadata().getName()
                        + " on node bench-1: static CPU manager granted cpuset 3");
        assertThat(done.getStatus().getIsolation().getServer().getQosClass()).isEqualTo("Guaranteed");

        // a server that printed no report (an older or altered image) is not taken on trust
        BenchmarkRun silent = client.resource(echoSpec("silent", "bench2")).create();
        Pod silentServer = awaitPod(silent, "server");
        containerLog(silentServer, "server", "isobench-runner server: tcp-echo listening on 0.0.0.0:7000\n");
        Pod silentRunner = awaitPod(silent, "client");
        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        get("silent").getStatus().getIsolation().getServer().getUnverified() != null);
        finishRunner(silent, silentRunner, "succeed", io.isobench.operator.ResultFixtures.tcpEcho(1));
        BenchmarkRun unverified = awaitPhase("silent", Phase.Succeeded);
        var notIsolated = unverified.getStatus().getConditions().stream()
                .filter(c -> "Isolated".equals(c.getType()))
                .findFirst()
                .orElseThrow();
        assertThat(notIsolated.getStatus()).isEqualTo("False");
        assertThat(notIsolated.getReason()).isEqualTo("ServerUnverified");
        assertThat(notIsolated.getMessage())
                .endsWith("the server printed no report line ('isobench-server-report {…}')"
                        + " (in the first 65536 bytes of container server's log)");
    }

    @Test
    void aTcpEchoRunAtTheUsersEndpointHasNoServerOfOursAndItsClientMeasuresThatEndpoint() throws Exception {
        // the user's server: the runner's own echo server on this host, which the operator knows only by its address
        try (var server = new io.isobench.runner.targets.echo.EchoServer(
                io.isobench.runner.targets.echo.EchoProtocol.TCP, new java.net.InetSocketAddress("127.0.0.1", 0))) {
            Thread serving = Thread.ofPlatform().name("users-echo-server").start(server);
            String endpoint = "127.0.0.1:" + server.port();
            BenchmarkRun spec = echoSpec("external", "bench");
            spec.getSpec().getPlacement().setServer(null);
            spec.getSpec().getPlacement().setTopology(io.isobench.operator.api.PlacementSpec.Topology.SamePod);
            spec.getSpec().getTarget().getTcpEcho().setEndpoint(endpoint);
            BenchmarkRun run = client.resource(spec).create();
            Pod runner = awaitPod(run, "client");
            String uid = get("external").getMetadata().getUid();

            assertThat(client.batch()
                            .v1()
                            .jobs()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .as("the run's Jobs")
                    .singleElement()
                    .satisfies(job ->
                            assertThat(job.getMetadata().getLabels()).containsEntry(CrdConstants.LABEL_ROLE, "client"));
            assertThat(runner.getSpec().getInitContainers())
                    .as("no server sidecar")
                    .isEmpty();
            var arguments = client.configMaps()
                    .inNamespace(RUN_NAMESPACE)
                    .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                    .list()
                    .getItems()
                    .getFirst()
                    .getData();
            assertThat(arguments).containsOnlyKeys("client.args");
            List<String> args = arguments.get("client.args").lines().toList();
            assertThat(args).containsSubsequence("tcp-echo", "--server-address", endpoint);

            // what the pod's runner would do with those arguments, here, against the user's server: it is measured
            Path out = Files.createTempDirectory("external-runner");
            int exit = new picocli.CommandLine(new io.isobench.runner.cli.RunnerMain())
                    .execute(onThisHost(args, out).toArray(String[]::new));
            assertThat(exit).as("the runner's exit against " + endpoint).isZero();
            String result = Files.readString(out.resolve("run/result.json"));
            finishRunner(run, runner, "succeed", result);
            BenchmarkRun done = awaitPhase("external", Phase.Succeeded);

            assertThat(done.getStatus().getSteps())
                    .singleElement()
                    .satisfies(step -> assertThat(step.getP50()).isPositive());
            assertThat(done.getStatus().getIsolation().getExternalServer()).isEqualTo(endpoint);
            assertThat(done.getStatus().getIsolation().getServer()).isNull();
            var isolated = done.getStatus().getConditions().stream()
                    .filter(c -> CrdConstants.CONDITION_ISOLATED.equals(c.getType()))
                    .findFirst()
                    .orElseThrow();
            assertThat(isolated.getStatus()).isEqualTo("False");
            assertThat(isolated.getReason()).isEqualTo("ExternalServer");
            assertThat(isolated.getMessage())
                    .startsWith("server: external endpoint " + endpoint + ", not verified (isobench did not place it)");
            // the site carries it too: not isolated, why, and the endpoint among the isolation facts
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> "True".equals(condition(get("external"), CrdConstants.CONDITION_PUBLISHED)));
            var summary = java.net.http.HttpClient.newHttpClient()
                    .send(
                            java.net.http.HttpRequest.newBuilder(java.net.URI.create(minio.endpoint()
                                            + "/isobench/site/data/runs/" + USER_NAMESPACE + "/external/" + uid
                                            + "/summary.json"))
                                    .build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(summary.statusCode()).isEqualTo(200);
            assertThat(summary.body())
                    .contains("\"isolated\" : false")
                    .contains("\"reason\" : \"ExternalServer: server: external endpoint " + endpoint + ", not verified")
                    .contains("\"externalServer\" : \"" + endpoint + "\"");
            server.close();
            serving.join(5000);
        }
    }

    /**
     * load.parallelism 3 from kubectl apply: load part 0's Job first, then — once its pod has an IP — two more load pods
     * pointed at it, every one with the attempt's parts secret; the three argument files run here as the pods' runners
     * would (three processes against one UDP echo server standing in for the user's), join, and part 0's result is
     * collected: each repetition exactly its three parts added up, every pod's isolation facts in status.
     */
    @Test
    void threeLoadPodsMakeOneRunAndItsResultIsTheirHistogramsAddedUp() throws Exception {
        try (var server = new io.isobench.runner.targets.echo.EchoServer(
                io.isobench.runner.targets.echo.EchoProtocol.UDP, new java.net.InetSocketAddress("127.0.0.1", 0))) {
            Thread serving = Thread.ofPlatform().name("users-udp-echo").start(server);
            String endpoint = "127.0.0.1:" + server.port();
            BenchmarkRun spec = runSpec("parallel", "shared", "5m");
            var target = new TargetSpec();
            target.setUdpEcho(new io.isobench.operator.api.EchoTargetSpec());
            target.getUdpEcho().setEndpoint(endpoint);
            spec.getSpec().setTarget(target);
            spec.getSpec().getLoad().setRates(List.of(1_500L));
            spec.getSpec().getLoad().setWarmup("300ms");
            spec.getSpec().getLoad().setRepetitions(new IntOrString(2));
            spec.getSpec().getLoad().setParallelism(3);
            spec.getSpec().getPlacement().setIsolation(io.isobench.operator.api.PlacementSpec.Isolation.Shared);
            BenchmarkRun run = client.resource(spec).create();
            String uid = get("parallel").getMetadata().getUid();
            Pod partZero = awaitPod(run, "client");
            await().atMost(Duration.ofSeconds(60)).until(() -> loadPods(uid).size() == 2);
            awaitPhase("parallel", Phase.Running);

            var jobs = client.batch()
                    .v1()
                    .jobs()
                    .inNamespace(RUN_NAMESPACE)
                    .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                    .list()
                    .getItems();
            assertThat(jobs)
                    .extracting(j -> j.getMetadata().getLabels().get(CrdConstants.LABEL_LOAD_PART))
                    .containsExactlyInAnyOrder("0", "1", "2");
            var data = client.configMaps()
                    .inNamespace(RUN_NAMESPACE)
                    .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                    .list()
                    .getItems()
                    .getFirst()
                    .getData();
            assertThat(data).containsOnlyKeys("client.args", "part-1.args", "part-2.args");
            String partZeroIp = partZero.getStatus().getPodIP();
            assertThat(data.get("part-2.args").lines().toList())
                    .containsSubsequence("--parallelism", "3")
                    .containsSubsequence("--part", "2", "--coordinator", partZeroIp + ":7100")
                    .noneMatch(a -> a.startsWith("--upload-"));
            var policy = client.network()
                    .networkPolicies()
                    .inNamespace(RUN_NAMESPACE)
                    .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                    .list()
                    .getItems();
            assertThat(policy)
                    .as("only this attempt's load pods reach part 0's port")
                    .singleElement()
                    .satisfies(np -> assertThat(np.getSpec()
                                    .getIngress()
                                    .getFirst()
                                    .getFrom()
                                    .getFirst()
                                    .getPodSelector()
                                    .getMatchLabels())
                            .containsEntry(CrdConstants.LABEL_ROLE, "load-part")
                            .containsEntry(CrdConstants.LABEL_RUN_UID, uid));
            var tokenRef = loadPods(uid).getFirst().getSpec().getContainers().getFirst().getEnv().stream()
                    .filter(e -> "ISOBENCH_PARTS_TOKEN".equals(e.getName()))
                    .findFirst()
                    .orElseThrow()
                    .getValueFrom()
                    .getSecretKeyRef();
            String token = new String(
                    java.util.Base64.getDecoder()
                            .decode(client.secrets()
                                    .inNamespace(RUN_NAMESPACE)
                                    .withName(tokenRef.getName())
                                    .get()
                                    .getData()
                                    .get(tokenRef.getKey())),
                    StandardCharsets.UTF_8);
            assertThat(token).hasSize(64);

            // the three pods' runners, here: each its own argument file, part 0 listening on a free port of this host
            int port;
            try (var free = new java.net.ServerSocket(0)) {
                port = free.getLocalPort();
            }
            Path out = Files.createTempDirectory("parallel-runners");
            var runners = new ArrayList<Process>();
            for (String file : List.of("client.args", "part-1.args", "part-2.args")) {
                var args = new ArrayList<String>();
                List<String> written = onThisHost(data.get(file).lines().toList(), out.resolve(file));
                for (int i = 0; i < written.size(); i++) {
                    args.add(written.get(i));
                    if (written.get(i).equals("--coordinator")) {
                        args.add("127.0.0.1:" + port);
                        i++;
                    }
                }
                var command = new ArrayList<>(
                        io.isobench.runner.harness.JvmVariantForks.currentJvm(io.isobench.runner.cli.RunnerMain.class));
                command.addAll(args);
                var builder = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(out.resolve(file + ".log").toFile());
                builder.environment().put("ISOBENCH_PARTS_TOKEN", token);
                runners.add(builder.start());
            }
            for (int k = 0; k < runners.size(); k++) {
                Process p = runners.get(k);
                String log = "load part " + k + ": "
                        + Files.readString(out.resolve(List.of("client.args", "part-1.args", "part-2.args")
                                        .get(k) + ".log"));
                assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS))
                        .as(log)
                        .isTrue();
                assertThat(p.exitValue()).as(log).isIn(0, 1, 5);
            }
            Path runDir = out.resolve("client.args").resolve("run");
            var result = io.isobench.result.ResultJson.read(runDir.resolve("result.json"));
            finishRunner(run, partZero, result.verdict() == io.isobench.result.Verdict.OK ? "succeed" : "fail", runDir);
            for (Pod loader : loadPods(uid)) {
                simulate(loader, "succeed");
            }
            BenchmarkRun done = await().atMost(Duration.ofSeconds(60))
                    .until(
                            () -> get("parallel"),
                            r -> r.getStatus() != null
                                    && (r.getStatus().getPhase() == Phase.Succeeded
                                            || r.getStatus().getPhase() == Phase.Failed));

            assertThat(result.loadParts()).hasSize(3);
            for (var rep : result.steps().getFirst().repetitions()) {
                var sum = io.isobench.result.Histograms.newLatencyHistogram();
                rep.parts()
                        .forEach(p -> sum.add(io.isobench.result.Histograms.fromBase64(
                                p.repetition().histogram())));
                assertThat(io.isobench.result.Histograms.fromBase64(rep.histogram()))
                        .as("repetition " + rep.index() + " is its three parts added up")
                        .isEqualTo(sum);
                assertThat(rep.parts())
                        .allSatisfy(p -> assertThat(p.repetition().targetRate()).isEqualTo(500L));
            }
            assertThat(done.getStatus().getPhase())
                    .as(done.getStatus().getMessage())
                    .isEqualTo(result.verdict() == io.isobench.result.Verdict.OK ? Phase.Succeeded : Phase.Failed);
            assertThat(done.getStatus().getSteps())
                    .singleElement()
                    .satisfies(step -> assertThat(step.getP50()).isPositive());
            assertThat(done.getStatus().getIsolation().getLoadParts())
                    .extracting(f -> f.getPart() + "@" + f.getNode() + "/" + (f.getPod() != null))
                    .containsExactly("1@shared-1/true", "2@shared-1/true");
            server.close();
            serving.join(5000);
        }
    }

    /**
     * spec.variants from kubectl apply: the runner is given each as --variant NAME=ARGS, and what it compared (here the
     * real runner's A/A run of a and a2) is said in status.variantComparisons.
     */
    @Test
    void aRunOfVariantsGivesTheRunnerEachAndSaysTheirComparisonInStatus() throws Exception {
        BenchmarkRun spec = echoSpec("aa", "bench");
        spec.getSpec().getPlacement().setTopology(io.isobench.operator.api.PlacementSpec.Topology.SamePod);
        spec.getSpec()
                .setVariants(List.of(
                        new io.isobench.operator.api.VariantSpec("a", null, null),
                        new io.isobench.operator.api.VariantSpec("a2", null, null)));
        BenchmarkRun run = client.resource(spec).create();
        Pod runner = awaitPod(run, "client");
        String args = client.configMaps()
                .inNamespace(RUN_NAMESPACE)
                .withLabel(CrdConstants.LABEL_RUN_UID, get("aa").getMetadata().getUid())
                .list()
                .getItems()
                .getFirst()
                .getData()
                .get("client.args");
        assertThat(args.lines().toList()).containsSubsequence("--variant", "a=", "--variant", "a2=");
        awaitPhase("aa", Phase.Running);

        finishRunner(run, runner, "succeed", new String(ResultSamples.variantsAa(), StandardCharsets.UTF_8));
        BenchmarkRun done = awaitPhase("aa", Phase.Succeeded);

        assertThat(done.getStatus().getVariantComparisons()).singleElement().satisfies(c -> {
            assertThat(c.getVariant()).isEqualTo("a2");
            assertThat(c.getBaseline()).isEqualTo("a");
            assertThat(c.getOutcome()).isEqualTo("NoRegression");
            assertThat(c.getSummary()).isEqualTo("no regression beyond 5% in 3 comparisons of 1 step(s)");
        });
    }

    /** The current pods of a run's load parts after the first. */
    private List<Pod> loadPods(String uid) {
        return client
                .pods()
                .inNamespace(RUN_NAMESPACE)
                .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                .withLabel(CrdConstants.LABEL_ROLE, "load-part")
                .list()
                .getItems()
                .stream()
                .filter(p -> "Running".equals(p.getStatus().getPhase()))
                .toList();
    }

    /** With isolation Exclusive each load pod has a node of its own: two pods, the pool's two nodes, one each. */
    @Test
    void exclusiveLoadPodsEachHaveANodeOfTheirOwn() throws Exception {
        BenchmarkRun spec = runSpec("spread", "spread", "5m");
        var target = new TargetSpec();
        target.setUdpEcho(new io.isobench.operator.api.EchoTargetSpec());
        target.getUdpEcho().setEndpoint("127.0.0.1:9");
        spec.getSpec().setTarget(target);
        spec.getSpec().getLoad().setParallelism(2);
        BenchmarkRun run = client.resource(spec).create();
        String uid = get("spread").getMetadata().getUid();
        Pod partZero = awaitPod(run, "client");
        await().atMost(Duration.ofSeconds(60)).until(() -> loadPods(uid).size() == 1);

        assertThat(get("spread").getStatus().getNodes()).containsExactlyInAnyOrder("spread-1", "spread-2");
        String other = loadPods(uid).getFirst().getSpec().getNodeName();
        assertThat(List.of(partZero.getSpec().getNodeName(), other)).containsExactlyInAnyOrder("spread-1", "spread-2");
        client.resource(get("spread")).delete();
    }

    /** The runner's arguments with its output in {@code out} and without the pod's upload and metrics settings. */
    private static List<String> onThisHost(List<String> args, Path out) {
        var local = new ArrayList<String>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--upload-") || arg.equals("--metrics-port")) {
                i++;
            } else if (arg.equals("--out")) {
                local.addAll(List.of("--out", out.resolve("run").toString()));
                i++;
            } else {
                local.add(arg);
            }
        }
        return local;
    }

    @Test
    void aRunnerFailEndsTheRunFailedWithTheRunnersOwnReasonAndIsPublished() throws Exception {
        BenchmarkRun echo = client.resource(echoSpec("refused", "bench")).create();
        awaitPod(echo, "server");
        Pod runner = awaitPod(echo, "client");
        // what the real runner wrote when nothing listened at its --server-address (exit code 1: a step FAILed)
        String refused = new String(ResultSamples.connectionRefused(), java.nio.charset.StandardCharsets.UTF_8);
        String reason = io.isobench.result.ResultJson.parse(refused).reason();
        // the runner ends only once the run is seen Running, as a real one does: a fake runner that ends at once skips
        // the phase
        awaitPhase("refused", Phase.Running);
        finishRunner(echo, runner, "fail", refused);

        BenchmarkRun failed = awaitPhase("refused", Phase.Failed);
        assertThat(phases.get("refused"))
                .containsExactly(
                        Phase.Pending, Phase.Queued, Phase.Scheduled, Phase.Running, Phase.Collecting, Phase.Failed);
        assertThat(failed.getStatus().getMessage())
                .isEqualTo(reason)
                .endsWith("could not start tcp-echo remote: Connection refused");
        assertThat(failed.getStatus().getVerdict()).isEqualTo(RunVerdict.FAIL);
        assertThat(failed.getStatus().getSteps())
                .singleElement()
                .satisfies(s -> assertThat(s.getVerdict()).isEqualTo(RunVerdict.FAIL));
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "True".equals(condition(get("refused"), CrdConstants.CONDITION_PUBLISHED)));
        String key = USER_NAMESPACE + "/refused/" + failed.getMetadata().getUid();
        var summary = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(
                                        minio.endpoint() + "/isobench/site/data/runs/" + key + "/summary.json"))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(summary.statusCode()).isEqualTo(200);
        var published = io.isobench.result.ResultJson.MAPPER.readTree(summary.body());
        assertThat(published.get("phase").asText()).isEqualTo("Failed");
        assertThat(published.get("message").asText()).isEqualTo(reason);
    }

    @Test
    void aRunnerGetsAnUploadGrantForItsOwnAttemptOnlyWhichIsRevokedWhenTheRunEnds() throws Exception {
        BenchmarkRun echo = client.resource(echoSpec("granted", "bench")).create();
        Pod server = awaitPod(echo, "server");
        containerLog(server, "server", "isobench-runner server: tcp-echo listening on 0.0.0.0:7000\n");
        Pod runner = awaitPod(echo, "client");
        String uid = runner.getMetadata().getLabels().get(CrdConstants.LABEL_RUN_UID);
        String prefix = "runs/" + USER_NAMESPACE + "/granted/" + uid + "/attempt-1/client/";
        // the measuring container gets a grant for its attempt; no pod and no container gets a store key
        UploadGrant grant = grantOf(runner);
        assertThat(grant.prefix()).isEqualTo(prefix);
        assertThat(grant.expires())
                .isAfter(java.time.Instant.now())
                .isBefore(java.time.Instant.now().plus(Duration.ofMinutes(6)));
        for (Pod pod : List.of(server, runner)) {
            assertThat(pod.getSpec().getContainers())
                    .flatMap(c -> c.getEnv() == null ? List.<io.fabric8.kubernetes.api.model.EnvVar>of() : c.getEnv())
                    .noneMatch(e -> e.getName().startsWith("ISOBENCH_STORE_ACCESS")
                            || e.getName().startsWith("ISOBENCH_STORE_SECRET"));
        }
        assertThat(server.getSpec().getContainers())
                .flatMap(c -> c.getEnv())
                .as("the server pod gets nothing of the store")
                .noneMatch(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null);
        var secretName = RunNames.uploadGrant(get("granted"), 1);
        var secret =
                client.secrets().inNamespace(RUN_NAMESPACE).withName(secretName).get();
        assertThat(secret.getMetadata().getOwnerReferences())
                .singleElement()
                .satisfies(o -> assertThat(o.getName()).isEqualTo(RunNames.args(get("granted"), 1)));
        // it writes its own prefix, nothing else
        assertThat(postWith(grant, prefix + "probe.txt")).isEqualTo("accepted");
        try (var uploads = new GrantUploads(minio.endpoint(), grant)) {
            assertThat(uploads.post(
                                    "runs/" + USER_NAMESPACE + "/other/uid-x/attempt-1/client/result.json",
                                    "{}".getBytes(StandardCharsets.UTF_8),
                                    "text/plain")
                            .toString())
                    .startsWith("403 AccessDenied");
            assertThat(uploads.post("site/index.html", "<html>".getBytes(StandardCharsets.UTF_8), "text/html")
                            .toString())
                    .startsWith("403 AccessDenied");
        }

        finishRunner(echo, runner, "succeed", io.isobench.operator.ResultFixtures.tcpEcho(1));
        BenchmarkRun done = awaitPhase("granted", Phase.Succeeded);
        assertThat(done.getStatus().getUploadGrant().getPrefix()).isEqualTo(prefix);
        assertThat(done.getStatus().getUploadGrant().getRevokedAt()).isNotNull();
        assertThat(postWith(grant, prefix + "late.txt"))
                .as("revoked when the runner ended")
                .contains("403 InvalidAccessKeyId");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> client.secrets()
                                .inNamespace(RUN_NAMESPACE)
                                .withName(secretName)
                                .get()
                        == null);
        String everything = Serialization.asYaml(get("granted"))
                + Serialization.asYaml(
                        client.v1().events().inNamespace(USER_NAMESPACE).list())
                + Serialization.asYaml(
                        client.configMaps().inNamespace(RUN_NAMESPACE).list());
        assertThat(everything)
                .doesNotContain(grant.fields().get("x-amz-signature"))
                .doesNotContain(grant.fields().get("policy"))
                .doesNotContain(OPERATOR_SECRET)
                .doesNotContain(minio.secretKey());
    }

    @Test
    void aRunThatFailsOrIsDeletedLosesItsGrantAndItsSecret() throws Exception {
        BenchmarkRun crashing = create("crash-grant", "bench", "5m");
        Pod pod = awaitRunnerPod(crashing);
        UploadGrant crashed = grantOf(pod);
        simulate(pod, "fail");
        // the attempt ended: the grant is revoked at once, long before the run gives up waiting for a result
        await().atMost(Duration.ofSeconds(30))
                .until(() -> postWith(crashed, crashed.prefix() + "late.txt").contains("InvalidAccessKeyId"));
        awaitPhase("crash-grant", Phase.Failed);

        BenchmarkRun deleted = create("delete-grant", "bench2", "5m");
        Pod deletedPod = awaitRunnerPod(deleted);
        UploadGrant live = grantOf(deletedPod);
        assertThat(postWith(live, live.prefix() + "probe.txt")).isEqualTo("accepted");
        String secretName = RunNames.uploadGrant(get("delete-grant"), 1);
        client.resources(BenchmarkRun.class)
                .inNamespace(USER_NAMESPACE)
                .withName("delete-grant")
                .delete();
        await().atMost(Duration.ofSeconds(30)).until(() -> get("delete-grant") == null);
        assertThat(postWith(live, live.prefix() + "late.txt")).contains("InvalidAccessKeyId");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> client.secrets()
                                .inNamespace(RUN_NAMESPACE)
                                .withName(secretName)
                                .get()
                        == null);
    }

    /** Issue #15 item 6: MinIO restarted while a run waits in the queue, then its bucket gone: later runs still land and publish. */
    @Test
    void afterMinioRestartsAndLosesItsBucketLaterRunsStillLandAndArePublished() throws Exception {
        BenchmarkRun first = create("before-restart", "bench", "5m");
        Pod firstPod = awaitRunnerPod(first);
        BenchmarkRun queued = create("over-restart", "bench", "5m");
        awaitPhase("over-restart", Phase.Queued);
        minio.stop();
        minio.start();
        finishRunner(first, firstPod, "succeed");
        awaitPhase("before-restart", Phase.Succeeded);

        Pod queuedPod = awaitRunnerPod(queued);
        UploadGrant grant = grantOf(queuedPod);
        try (var root = minio.newStore("isobench");
                var client = io.minio.MinioClient.builder()
                        .endpoint(minio.endpoint().toString())
                        .credentials(minio.accessKey(), minio.secretKey())
                        .build()) {
            root.deletePrefix("");
            client.removeBucket(
                    io.minio.RemoveBucketArgs.builder().bucket("isobench").build());
        }
        // the runner's upload waits for the bucket (NoSuchBucket is retried); the operator makes it again
        finishedStraightThrough(queued, queuedPod, "succeed");
        await().atMost(Duration.ofSeconds(40))
                .until(() -> "True".equals(condition(get("over-restart"), CrdConstants.CONDITION_PUBLISHED)));
        var http = java.net.http.HttpClient.newHttpClient();
        assertThat(http.send(
                                java.net.http.HttpRequest.newBuilder(
                                                java.net.URI.create(minio.endpoint() + "/isobench/site/index.html"))
                                        .build(),
                                java.net.http.HttpResponse.BodyHandlers.discarding())
                        .statusCode())
                .as("the site's pages and its anonymous read are back")
                .isEqualTo(200);
        assertThat(postWith(grant, grant.prefix() + "late.txt")).contains("InvalidAccessKeyId");
    }

    @Test
    void anActionTheApiServerRejectsFailsTheRunWithTheApisMessageAndTheNextQueuedRunTakesTheNode() throws Exception {
        // Admission checks what it can (an invalid toleration is refused there: AdmissionIT); what only the API
        // server's
        // handling of the Job can refuse — its validation, a cluster policy — is played here by a
        // ValidatingAdmissionPolicy
        // that refuses this run's Jobs (422 Invalid, as object validation answers).
        try (var _ = denyingPolicy(
                "isobench-it-refuse-jobs",
                "batch",
                "v1",
                "jobs",
                "CREATE",
                "!has(object.metadata.labels) || !('" + CrdConstants.LABEL_RUN + "' in object.metadata.labels) "
                        + "|| object.metadata.labels['" + CrdConstants.LABEL_RUN + "'] != 'refused-job'",
                "spec.template.spec.tolerations: refused by the cluster's policy",
                "Invalid")) {
            awaitJobPolicyInEffect();
            BenchmarkRun bad = create("refused-job", "bench", "5m");
            Thread.sleep(1100); // creation timestamps have second resolution: the next run is surely behind it
            BenchmarkRun next = create("next-after-refused", "bench", "5m");
            BenchmarkRun failed = awaitPhase("refused-job", Phase.Failed);
            Duration took = Duration.between(
                    java.time.Instant.parse(bad.getMetadata().getCreationTimestamp()),
                    failed.getStatus().getCompletionTime());
            assertThat(took).as("failed at once, not after JOSDK's retries").isLessThan(Duration.ofSeconds(30));
            assertThat(failed.getStatus().getMessage())
                    .startsWith("the API server refused an action of attempt 1 (422 Invalid): ")
                    .contains("refused by the cluster's policy");
            var completed = failed.getStatus().getConditions().stream()
                    .filter(c -> CrdConstants.CONDITION_COMPLETED.equals(c.getType()))
                    .findFirst()
                    .orElseThrow();
            assertThat(completed.getReason()).isEqualTo("ActionRejected");
            assertThat(completed.getMessage()).isEqualTo(failed.getStatus().getMessage());
            assertThat(awaitRunnerPod(next).getSpec().getNodeName())
                    .as("the next queued run proceeds on the freed node")
                    .isEqualTo("bench-1");
        }
    }

    /** A cluster-wide ValidatingAdmissionPolicy, bound to deny, that refuses what its expression rejects until closed. */
    private static AutoCloseable denyingPolicy(
            String name,
            String group,
            String version,
            String resource,
            String operation,
            String expression,
            String message,
            String reason) {
        var policy = new io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .withNewSpec()
                .withFailurePolicy("Fail")
                .withNewMatchConstraints()
                .addNewResourceRule()
                .withApiGroups(group)
                .withApiVersions(version)
                .withResources(resource)
                .withOperations(operation)
                .endResourceRule()
                .endMatchConstraints()
                .addNewValidation()
                .withExpression(expression)
                .withMessage(message)
                .withReason(reason)
                .endValidation()
                .endSpec()
                .build();
        var binding =
                new io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingAdmissionPolicyBindingBuilder()
                        .withNewMetadata()
                        .withName(name)
                        .endMetadata()
                        .withNewSpec()
                        .withPolicyName(name)
                        .withValidationActions("Deny")
                        .endSpec()
                        .build();
        client.resource(policy).create();
        client.resource(binding).create();
        return () -> {
            client.resource(binding).delete();
            client.resource(policy).delete();
        };
    }

    /** The Job policy refuses a Job labelled for the run "refused-job" (tried with a dry run until the policy is in effect). */
    private static void awaitJobPolicyInEffect() {
        var probe = new io.fabric8.kubernetes.api.model.batch.v1.JobBuilder()
                .withNewMetadata()
                .withName("policy-probe")
                .withNamespace(RUN_NAMESPACE)
                .addToLabels(CrdConstants.LABEL_RUN, "refused-job")
                .endMetadata()
                .withNewSpec()
                .withNewTemplate()
                .withNewSpec()
                .withRestartPolicy("Never")
                .addNewContainer()
                .withName("c")
                .withImage("probe")
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    try {
                        client.batch().v1().jobs().resource(probe).dryRun().create();
                        return false;
                    } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                        return e.getMessage().contains("refused by the cluster's policy");
                    }
                });
    }

    @Test
    void aRunWhoseReconcileKeepsFailingIsStillTimedOutWithinTheMaximumReconcileInterval() throws Exception {
        // The API server refuses this run's move to Scheduled (an admission policy; 403, which JOSDK's status update
        // does not
        // retry itself): every reconcile fails, JOSDK retries for ~30 s and gives up; only the maximum reconcile
        // interval (5s
        // here) brings the run back for its deadline.
        try (var _ = denyingPolicy(
                "isobench-it-refuse-scheduled",
                CrdConstants.GROUP,
                CrdConstants.VERSION,
                "benchmarkruns/status",
                "UPDATE",
                "object.metadata.name != 'stuck' || !has(object.status.phase) || object.status.phase != 'Scheduled'",
                "refused by the test",
                "Forbidden")) {
            awaitPolicyInEffect("stuck");
            BenchmarkRun stuck = create("stuck", "bench2", "40s");
            await().atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> phaseOf(USER_NAMESPACE, "stuck") == Phase.Failed);
            BenchmarkRun failed = get("stuck");
            assertThat(failed.getStatus().getMessage())
                    .isEqualTo("did not finish within spec.timeout 40s (was Queued)");
            var deadline = java.time.Instant.parse(stuck.getMetadata().getCreationTimestamp())
                    .plusSeconds(40);
            assertThat(Duration.between(deadline, failed.getStatus().getCompletionTime()))
                    .as("late by at most the maximum reconcile interval (5s), plus a reconcile")
                    .isLessThan(Duration.ofSeconds(10));
        }
    }

    /**
     * A failed reconcile is said in the run's status — what failed, the how-manieth failure in a row, when it is tried again —
     * and the retry comes no sooner than it says; once a reconcile succeeds the error is gone. The failure is real: the API
     * server refuses the run's move to Scheduled (an admission policy) until the policy is removed.
     */
    @Test
    void aFailingReconcileIsSaidInStatusWithWhatFailedTheAttemptAndTheNextRetryUntilOneSucceeds() throws Exception {
        try (var _ = denyingPolicy(
                "isobench-it-refuse-status",
                CrdConstants.GROUP,
                CrdConstants.VERSION,
                "benchmarkruns/status",
                "UPDATE",
                "object.metadata.name != 'refused-status' || !has(object.status.phase) || object.status.phase != 'Scheduled'",
                "refused by the test",
                "Forbidden")) {
            awaitPolicyInEffect("refused-status");
            create("refused-status", "bench2", "5m");
            var first = new AtomicReference<Map<String, Object>>();
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> {
                        Map<String, Object> error = reconcileError("refused-status");
                        assertThat(error).as("status.reconcileError").isNotNull();
                        assertThat((String) error.get("message"))
                                .startsWith("storing the status (Queued → Scheduled): the API server answered"
                                        + " 403 Forbidden: ")
                                .contains("refused by the test");
                        var failedAt = java.time.Instant.parse((String) error.get("failedAt"));
                        var nextRetryAt = java.time.Instant.parse((String) error.get("nextRetryAt"));
                        assertThat(Duration.between(failedAt, nextRetryAt))
                                .as("JOSDK's schedule: 2s, 2s, 3s, 4.5s, 6.75s, then every 5s")
                                .isBetween(Duration.ofSeconds(2), Duration.ofMillis(6750));
                        first.set(error);
                    });
            int attempt = ((Number) first.get().get("attempt")).intValue();
            var dueAt = java.time.Instant.parse((String) first.get().get("nextRetryAt"));
            await().atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> {
                        Map<String, Object> error = reconcileError("refused-status");
                        assertThat(((Number) error.get("attempt")).intValue())
                                .as("counted on")
                                .isEqualTo(attempt + 1);
                        assertThat(java.time.Instant.parse((String) error.get("failedAt")))
                                .as("retried no sooner than said")
                                .isAfterOrEqualTo(dueAt.minusMillis(100));
                    });
        }
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> {
                    assertThat(phaseOf(USER_NAMESPACE, "refused-status")).isNotIn(Phase.Pending, Phase.Queued);
                    assertThat(reconcileError("refused-status"))
                            .as("gone once a reconcile succeeded")
                            .isNull();
                });
    }

    /** The run's status.reconcileError as stored (read untyped: what the API server keeps of it under the installed CRD). */
    @SuppressWarnings("unchecked")
    static Map<String, Object> reconcileError(String name) {
        var run = client.genericKubernetesResources(CrdConstants.API_VERSION, CrdConstants.KIND)
                .inNamespace(USER_NAMESPACE)
                .withName(name)
                .get();
        var status = (Map<String, Object>) run.getAdditionalProperties().get("status");
        return status == null ? null : (Map<String, Object>) status.get("reconcileError");
    }

    /** The policy refuses a status write of a run of this name in a namespace the operator does not watch. */
    private static void awaitPolicyInEffect(String runName) {
        String probeNamespace = "it-policy-probe-" + runName;
        client.resource(new NamespaceBuilder()
                        .withNewMetadata()
                        .withName(probeNamespace)
                        .endMetadata()
                        .build())
                .serverSideApply();
        try {
            BenchmarkRun probe = runSpec(runName, "bench2", "40s");
            probe.getMetadata().setNamespace(probeNamespace);
            BenchmarkRun created = client.resource(probe).create();
            var probedStatus = client.resources(BenchmarkRun.class)
                    .inNamespace(probeNamespace)
                    .withName(runName)
                    .subresource("status");
            java.util.function.Consumer<Phase> setPhase =
                    phase -> probedStatus.patch(MERGE, "{\"status\":{\"phase\":\"" + phase + "\"}}");
            await().atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> {
                        setPhase.accept(Phase.Queued);
                        try {
                            setPhase.accept(Phase.Scheduled);
                            return false;
                        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
                            assertThat(e.getMessage()).contains("refused by the test");
                            return true;
                        }
                    });
            client.resource(created).delete();
        } finally {
            client.namespaces().withName(probeNamespace).delete();
        }
    }

    @Test
    void aRunThatEndsRemovesEveryPodAndItsNodeIsFreedOnlyWhenTheyAreGone() throws Exception {
        BenchmarkRun echo = client.resource(echoSpec("ends-clean", "bench2")).create();
        Pod server = awaitPod(echo, "server");
        // the test holds the server pod back after its deletion, as a slow termination would
        String hold = "isobench.io/it-hold";
        var serverPod = client.pods()
                .inNamespace(RUN_NAMESPACE)
                .withName(server.getMetadata().getName());
        // by merge patch, as kubectl patch would: an edit holds the resourceVersion it read and meets the simulated
        // kubelet's status writes (409); the operator puts no finalizer of its own on pods, so the list is the test's
        serverPod.patch(MERGE, "{\"metadata\":{\"finalizers\":[\"" + hold + "\"]}}");
        try {
            Pod runner = awaitPod(echo, "client");
            String echoUid = get("ends-clean").getMetadata().getUid();
            assertThat(client.network()
                            .v1()
                            .networkPolicies()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, echoUid)
                            .list()
                            .getItems())
                    .as("the server admits only its own client")
                    .singleElement()
                    .satisfies(np -> assertThat(np.getSpec()
                                    .getIngress()
                                    .getFirst()
                                    .getFrom()
                                    .getFirst()
                                    .getPodSelector()
                                    .getMatchLabels())
                            .containsEntry(CrdConstants.LABEL_ROLE, "client")
                            .containsEntry(CrdConstants.LABEL_RUN_UID, echoUid));
            finishRunner(echo, runner, "succeed", io.isobench.operator.ResultFixtures.tcpEcho(1));
            BenchmarkRun done = awaitPhase("ends-clean", Phase.Succeeded);
            String uid = done.getMetadata().getUid();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThat(client.batch()
                                .v1()
                                .jobs()
                                .inNamespace(RUN_NAMESPACE)
                                .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                                .list()
                                .getItems())
                        .as("the run's Jobs are deleted when it ends")
                        .isEmpty();
                assertThat(client.network()
                                .v1()
                                .networkPolicies()
                                .inNamespace(RUN_NAMESPACE)
                                .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                                .list()
                                .getItems())
                        .as("the server's policy goes with its Job")
                        .isEmpty();
                assertThat(client.pods()
                                .inNamespace(RUN_NAMESPACE)
                                .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                                .list()
                                .getItems())
                        .as("only the held server pod is left, terminating")
                        .singleElement()
                        .satisfies(p -> assertThat(p.getMetadata().getDeletionTimestamp())
                                .isNotNull());
            });
            create("after-ends-clean", "bench2", "5m");
            await().atMost(Duration.ofSeconds(20))
                    .untilAsserted(
                            () -> assertThat(get("after-ends-clean").getStatus().getMessage())
                                    .contains("bench-2 (team-a/ends-clean: pod "
                                            + server.getMetadata().getName() + " still there)"));
            Thread.sleep(2000);
            assertThat(get("after-ends-clean").getStatus().getPhase())
                    .as("queued while the ended run's pod is on the node")
                    .isEqualTo(Phase.Queued);
        } finally {
            serverPod.patch(MERGE, "{\"metadata\":{\"finalizers\":null}}");
        }
        await().atMost(Duration.ofSeconds(20))
                .until(() -> client.pods()
                        .inNamespace(RUN_NAMESPACE)
                        .withLabel(
                                CrdConstants.LABEL_RUN_UID,
                                get("ends-clean").getMetadata().getUid())
                        .list()
                        .getItems()
                        .isEmpty());
        assertThat(awaitRunnerPod(get("after-ends-clean")).getSpec().getNodeName())
                .isEqualTo("bench-2");
    }

    @Test
    void aRetryAfterItsNodeWentNotReadyIsPlacedOnAHealthyNode() throws Exception {
        BenchmarkRun spec = runSpec("node-lost", "ha", "5m");
        spec.getSpec().setRetries(1);
        BenchmarkRun run = client.resource(spec).create();
        assertThat(awaitRunnerPod(run).getSpec().getNodeName()).isEqualTo("ha-1");
        awaitPhase("node-lost", Phase.Running);
        cluster.nodeReady("ha-1", false);
        try {
            String uid = get("node-lost").getMetadata().getUid();
            await().atMost(Duration.ofSeconds(90))
                    .untilAsserted(() -> assertThat(client.pods()
                                    .inNamespace(RUN_NAMESPACE)
                                    .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                                    .withLabel(CrdConstants.LABEL_ATTEMPT, "2")
                                    .list()
                                    .getItems())
                            .anySatisfy(p -> {
                                assertThat(p.getSpec().getNodeName()).isEqualTo("ha-2");
                                assertThat(p.getStatus().getPhase()).isEqualTo("Running");
                            }));
            BenchmarkRun retried = get("node-lost");
            assertThat(retried.getStatus().getAttempts()).isEqualTo(2);
            assertThat(retried.getStatus().getNodes()).containsExactly("ha-2");
            assertThat(phases.get("node-lost")).containsSubsequence(Phase.Running, Phase.Queued, Phase.Scheduled);
        } finally {
            cluster.nodeReady("ha-1", true);
        }
    }

    @Test
    void deletingARunRemovesItsJobsPodsAndConfigMaps() throws Exception {
        BenchmarkRun echo = client.resource(echoSpec("deleted", "bench2")).create();
        awaitPod(echo, "server");
        awaitPod(echo, "client");
        String uid = get("deleted").getMetadata().getUid();
        assertThat(client.configMaps()
                        .inNamespace(RUN_NAMESPACE)
                        .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                        .list()
                        .getItems())
                .isNotEmpty();
        client.resource(get("deleted")).delete();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(get("deleted")).isNull();
            assertThat(client.batch()
                            .v1()
                            .jobs()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
            assertThat(client.pods()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
            assertThat(client.network()
                            .v1()
                            .networkPolicies()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
            assertThat(client.configMaps()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
        });
    }

    @Test
    void aPublishedRunIsDeletedItsTtlAfterItEndsWithItsObjectsButNotItsResultsAndAFailedOneWithKeepFailedStays()
            throws Exception {
        BenchmarkRun spec = runSpec("short-lived", "bench", "5m");
        spec.getSpec().setTtlSecondsAfterFinished(2);
        BenchmarkRun run = client.resource(spec).create();
        BenchmarkRun keptSpec = echoSpec("kept", "bench2");
        keptSpec.getSpec().setTtlSecondsAfterFinished(2);
        keptSpec.getSpec().setKeepFailed(true);
        BenchmarkRun kept = client.resource(keptSpec).create();

        Pod pod = awaitRunnerPod(run);
        awaitPhase("short-lived", Phase.Running);
        finishRunner(run, pod, "succeed");
        awaitPod(kept, "server");
        Pod keptRunner = awaitPod(kept, "client");
        awaitPhase("kept", Phase.Running);
        finishRunner(
                kept,
                keptRunner,
                "fail",
                new String(ResultSamples.connectionRefused(), java.nio.charset.StandardCharsets.UTF_8));

        BenchmarkRun done = awaitPhase("short-lived", Phase.Succeeded);
        String uid = done.getMetadata().getUid();
        var finished = done.getStatus().getCompletionTime();
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> get("short-lived") == null);
        assertThat(java.time.Instant.now())
                .as("deleted no sooner than its TTL after it finished")
                .isAfterOrEqualTo(finished.plusSeconds(2));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(client.batch()
                            .v1()
                            .jobs()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
            assertThat(client.pods()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
            assertThat(client.configMaps()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
            assertThat(client.secrets()
                            .inNamespace(RUN_NAMESPACE)
                            .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                            .list()
                            .getItems())
                    .isEmpty();
        });
        // its results stay: the collected result.json in the bucket, its page's data on the site
        String key = USER_NAMESPACE + "/short-lived/" + uid;
        try (var root = minio.newStore("isobench")) {
            assertThat(root.exists("runs/" + key + "/result.json")).isTrue();
            assertThat(root.exists("site/data/runs/" + key + "/summary.json")).isTrue();
        }
        assertThat(client.v1().events().inNamespace(USER_NAMESPACE).list().getItems())
                .anySatisfy(e -> {
                    assertThat(e.getInvolvedObject().getUid()).isEqualTo(uid);
                    assertThat(e.getReason()).isEqualTo("Deleted");
                    assertThat(e.getMessage())
                            .startsWith("deleted 2s after it ended Succeeded at " + finished)
                            .contains("(spec.ttlSecondsAfterFinished 2)");
                });

        // the failed one, published too, is still there well past its TTL
        BenchmarkRun failed = awaitPhase("kept", Phase.Failed);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "True".equals(condition(get("kept"), CrdConstants.CONDITION_PUBLISHED)));
        var keptUntil = failed.getStatus().getCompletionTime().plusSeconds(2 + 5);
        while (java.time.Instant.now().isBefore(keptUntil)) {
            Thread.sleep(200);
        }
        assertThat(get("kept")).as("Failed with keepFailed: kept").isNotNull();
        assertThat(get("kept").getMetadata().getDeletionTimestamp()).isNull();
    }

    @Test
    void aRunWhoseTtlPassedWhileTheOperatorWasDownIsDeletedSoonAfterItStartsCountedFromItsStoredCompletionTime()
            throws Exception {
        BenchmarkRun spec = runSpec("outlived", "bench", "5m");
        spec.getSpec().setTtlSecondsAfterFinished(10);
        BenchmarkRun run = client.resource(spec).create();
        Pod pod = awaitRunnerPod(run);
        awaitPhase("outlived", Phase.Running);
        finishRunner(run, pod, "succeed");
        awaitPhase("outlived", Phase.Succeeded);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "True".equals(condition(get("outlived"), CrdConstants.CONDITION_PUBLISHED)));
        operator.close();
        operator = null;
        var deleteAt = get("outlived").getStatus().getCompletionTime().plusSeconds(10);
        while (java.time.Instant.now().isBefore(deleteAt.plusSeconds(1))) {
            Thread.sleep(200);
        }
        assertThat(get("outlived"))
                .as("nobody deletes it while the operator is down")
                .isNotNull();
        operator = startOperatorInstance();
        // counted again from the restart, it would take the whole 10 s TTL once more
        await().atMost(Duration.ofSeconds(7))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> get("outlived") == null);
    }

    @Test
    void aCountQuotaOnBenchmarkRunsRefusesTheRunBeyondItsLimitInItsNamespace() throws Exception {
        String tenant = "team-quota";
        client.resource(new NamespaceBuilder()
                        .withNewMetadata()
                        .withName(tenant)
                        .endMetadata()
                        .build())
                .serverSideApply();
        try {
            client.resource(new io.fabric8.kubernetes.api.model.ResourceQuotaBuilder()
                            .withNewMetadata()
                            .withName("benchmark-runs")
                            .withNamespace(tenant)
                            .endMetadata()
                            .withNewSpec()
                            .addToHard(
                                    "count/benchmarkruns.isobench.io",
                                    new io.fabric8.kubernetes.api.model.Quantity("2"))
                            .endSpec()
                            .build())
                    .create();
            // the quota controller must have counted before admission can charge against the quota
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                var quota = client.resourceQuotas()
                        .inNamespace(tenant)
                        .withName("benchmark-runs")
                        .get();
                return quota.getStatus() != null
                        && quota.getStatus().getHard() != null
                        && !quota.getStatus().getHard().isEmpty();
            });
            for (int i = 1; i <= 2; i++) {
                BenchmarkRun run = runSpec("quota-" + i, "bench", "5m");
                run.getMetadata().setNamespace(tenant);
                client.resource(run).create();
            }
            BenchmarkRun third = runSpec("quota-3", "bench", "5m");
            third.getMetadata().setNamespace(tenant);
            assertThatThrownBy(() -> client.resource(third).create())
                    .isInstanceOfSatisfying(io.fabric8.kubernetes.client.KubernetesClientException.class, e -> {
                        assertThat(e.getCode()).isEqualTo(403);
                        assertThat(e.getStatus().getMessage())
                                .contains("exceeded quota: benchmark-runs")
                                .contains(
                                        "requested: count/benchmarkruns.isobench.io=1, used: count/benchmarkruns.isobench.io=2, "
                                                + "limited: count/benchmarkruns.isobench.io=2");
                    });
        } finally {
            client.namespaces().withName(tenant).delete();
        }
    }

    @Test
    void runsOfTwoNamespacesTakeTurnsForOneNodeRatherThanFirstComeFirstServed() throws Exception {
        // team-a queues three runs, then team-b one: strict FIFO would give team-a all three before team-b's
        for (String name : List.of("a-1", "a-2", "a-3")) {
            create(name, "fair", "5m");
        }
        awaitRunnerPod(get("a-1"));
        Thread.sleep(1100); // creation timestamps have second resolution: team-b's run is surely the newest
        BenchmarkRun b1 = runSpec("b-1", "fair", "5m");
        b1.getMetadata().setNamespace(OTHER_NAMESPACE);
        client.resource(b1).create();
        // ValidateStep stores Queued; the queue position comes with the next reconcile, later under load
        await().atMost(Duration.ofSeconds(20))
                .until(() -> phaseOf(OTHER_NAMESPACE, "b-1") == Phase.Queued
                        && get(OTHER_NAMESPACE, "b-1").getStatus().getQueuePosition() != null);
        assertThat(get(OTHER_NAMESPACE, "b-1").getStatus().getQueuePosition())
                .as("team-b's first run is next in line")
                .isEqualTo(1);

        client.resource(get("a-1")).delete();
        await().atMost(Duration.ofSeconds(30)).until(() -> phaseOf(OTHER_NAMESPACE, "b-1") != Phase.Queued);
        assertThat(List.of(phaseOf(USER_NAMESPACE, "a-2"), phaseOf(USER_NAMESPACE, "a-3")))
                .containsOnly(Phase.Queued);

        client.resource(get(OTHER_NAMESPACE, "b-1")).delete();
        await().atMost(Duration.ofSeconds(30)).until(() -> phaseOf(USER_NAMESPACE, "a-2") != Phase.Queued);
        assertThat(phaseOf(USER_NAMESPACE, "a-3")).isEqualTo(Phase.Queued);
    }

    @Test
    void aRunWithNoNodeInItsPoolIsNotPlaceableWithinSecondsAndOneTooBigForEveryNodeFailsWithTheNumbers()
            throws Exception {
        long created = System.nanoTime();
        create("nowhere", "nowhere", "5m");
        await().atMost(Duration.ofSeconds(10))
                .ignoreExceptions()
                .until(() -> "False".equals(condition(get("nowhere"), CrdConstants.CONDITION_PLACEABLE)));
        assertThat(Duration.ofNanos(System.nanoTime() - created))
                .as("said at once, not at the timeout")
                .isLessThan(Duration.ofSeconds(10));
        BenchmarkRun waiting = get("nowhere");
        var placeable = waiting.getStatus().getConditions().stream()
                .filter(c -> "Placeable".equals(c.getType()))
                .findFirst()
                .orElseThrow();
        assertThat(placeable.getReason()).isEqualTo("NoMatchingNode");
        assertThat(placeable.getMessage()).startsWith("no node matches nodeSelector isobench.io/pool=nowhere");
        assertThat(waiting.getStatus().getPhase())
                .as("a node may be labelled later")
                .isEqualTo(Phase.Queued);
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(client.v1()
                                .events()
                                .inNamespace(USER_NAMESPACE)
                                .list()
                                .getItems())
                        .anySatisfy(e -> {
                            assertThat(e.getInvolvedObject().getName()).isEqualTo("nowhere");
                            assertThat(e.getType()).isEqualTo("Warning");
                            assertThat(e.getReason()).isEqualTo("NoMatchingNode");
                            assertThat(e.getMessage()).contains("isobench.io/pool=nowhere");
                        }));

        BenchmarkRun big = runSpec("too-big", "bench", "5m");
        big.getSpec().getPlacement().setClient(new io.isobench.operator.api.RoleResources(7, "20Gi"));
        client.resource(big).create();
        BenchmarkRun failed = awaitPhase("too-big", Phase.Failed);
        var notPlaceable = failed.getStatus().getConditions().stream()
                .filter(c -> "Placeable".equals(c.getType()))
                .findFirst()
                .orElseThrow();
        assertThat(notPlaceable.getStatus()).isEqualTo("False");
        assertThat(notPlaceable.getReason()).isEqualTo("Unschedulable");
        var completed = failed.getStatus().getConditions().stream()
                .filter(c -> "Completed".equals(c.getType()))
                .findFirst()
                .orElseThrow();
        assertThat(completed.getReason()).as("the real reason, not just Failed").isEqualTo("Unschedulable");
        assertThat(failed.getStatus().getMessage())
                .isEqualTo(
                        "asks 8 whole CPUs and 20Gi of memory on one node; the most any of the 1"
                                + " node(s) matching nodeSelector isobench.io/pool=bench has allocatable: 4 CPUs (bench-1), 16Gi of memory (bench-1)");
    }

    @Test
    void metricsHoldTheJvmTheReconcilesTheQueueAndPublishingAndPromtoolAcceptsThem() throws Exception {
        BenchmarkRun run = create("measured", "bench", "5m");
        Pod pod = awaitRunnerPod(run);
        awaitPhase("measured", Phase.Running);
        finishRunner(run, pod, "succeed");
        awaitPhase("measured", Phase.Succeeded);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "True".equals(condition(get("measured"), CrdConstants.CONDITION_PUBLISHED)));
        var http = java.net.http.HttpClient.newHttpClient();
        var scrape = java.net.URI.create("http://127.0.0.1:" + operator.httpPort() + "/metrics");
        String metrics = http.send(
                        java.net.http.HttpRequest.newBuilder(scrape).build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(metrics)
                .as("JVM and process")
                .contains(
                        "jvm_memory_used_bytes{area=\"heap\"}",
                        "jvm_gc_collection_seconds_count",
                        "process_cpu_seconds_total",
                        "process_open_fds");
        assertThat(metrics)
                .as("JOSDK's reconciliation metrics, execution times as histograms")
                .containsPattern("operator_sdk_reconciliations_started_total\\{[^}]*\\} [1-9]")
                .containsPattern("operator_sdk_reconciliations_success_total\\{[^}]*\\} [1-9]")
                .containsPattern("operator_sdk_controllers_execution_reconcile_seconds_bucket\\{[^}]*le=\"0.005\"");
        assertThat(metrics)
                .as("the queue and what follows, per pool and phase")
                .containsPattern("isobench_operator_queue_wait_seconds_count\\{pool=\"\\{isobench.io/pool=bench}\"} 1")
                .containsPattern("isobench_operator_phase_seconds_count\\{phase=\"Collecting\"} 1")
                .containsPattern("isobench_operator_publish_seconds_count\\{result=\"ok\"} 1");
        assertThat(io.isobench.operator.observability.Promtool.checkMetrics(metrics))
                .isEmpty();
        // the chart's dashboard and alerts ask only for series the operator exports
        var names = java.util.regex.Pattern.compile(
                "\\b(isobench_operator_[a-z_]+|operator_sdk_[a-z_]+|jvm_[a-z_]+|process_[a-z_]+)");
        for (String file :
                List.of("charts/isobench/dashboards/isobench.json", "charts/isobench/templates/prometheusrule.yaml")) {
            var used = names.matcher(Files.readString(LocalCluster.repoRoot().resolve(file)))
                    .results()
                    .map(m -> m.group(1))
                    .map(n -> n.replaceFirst("_(bucket|count|sum)$", ""))
                    .distinct()
                    .toList();
            assertThat(used)
                    .as(file)
                    .isNotEmpty()
                    .allSatisfy(n -> assertThat(metrics).as(file + " uses " + n).contains("# TYPE " + n + " "));
        }
    }

    // --- helpers ---

    /** A tcp-echo run whose server has a CPU and a pod of its own on the same node. */
    static BenchmarkRun echoSpec(String name, String pool) {
        BenchmarkRun run = runSpec(name, pool, "5m");
        var target = new TargetSpec();
        target.setTcpEcho(new io.isobench.operator.api.EchoTargetSpec());
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
        java.util.function.Supplier<List<Pod>> pods = () -> client.pods()
                .inNamespace(RUN_NAMESPACE)
                .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                .withLabel(CrdConstants.LABEL_ROLE, role)
                .list()
                .getItems();
        await().atMost(Duration.ofSeconds(60))
                .until(() -> pods.get().stream()
                        .anyMatch(p -> "Running".equals(p.getStatus().getPhase())));
        return pods.get().getFirst();
    }

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
        assertThat(conditionOf(sameDone, CrdConstants.CONDITION_REGRESSED).getReason())
                .isEqualTo("NoRegression");
        assertThat(conditionOf(sameDone, CrdConstants.CONDITION_REGRESSED).getMessage())
                .isEqualTo("against base: no regression beyond 5% in 9 comparisons of 3 step(s)");
        assertThat(kubectl("wait", "-n", USER_NAMESPACE, "--for=condition=Regressed=false", "br/same", "--timeout=10s"))
                .contains("condition met");
        assertThat(kubectl("get", "br", "same", "-n", USER_NAMESPACE))
                .contains("REGRESSED")
                .containsPattern("same\\s+Succeeded.*False");

        BenchmarkRun slowerSpec = runSpec("slower", "bench", "5m");
        slowerSpec.getSpec().getReport().setBaseline("base");
        BenchmarkRun slower = client.resource(slowerSpec).create();
        finishRunner(
                slower, awaitRunnerPod(slower), "succeed", io.isobench.operator.ResultFixtures.dispatch(2, 3, 5, 2.0));
        BenchmarkRun slowerDone = awaitCondition("slower", CrdConstants.CONDITION_REGRESSED, "True");
        assertThat(conditionOf(slowerDone, CrdConstants.CONDITION_REGRESSED).getMessage())
                .startsWith("against base: slower: isobench_clients-1 p50 ×2.0")
                .contains("[9 comparisons of 3 step(s)]");
        await().atMost(Duration.ofSeconds(20))
                .until(() -> client.v1().events().inNamespace(USER_NAMESPACE).list().getItems().stream()
                        .anyMatch(e -> "slower".equals(e.getInvolvedObject().getName())
                                && "RegressedTrue".equals(e.getReason())
                                && "Warning".equals(e.getType())));

        // a baseline still running: Unknown, and the verdict follows once it ends
        BenchmarkRun laterBase = create("later-base", "bench2", "5m");
        Pod laterBasePod = awaitRunnerPod(laterBase);
        BenchmarkRun waitingSpec = runSpec("waiting", "bench", "5m");
        waitingSpec.getSpec().getReport().setBaseline("later-base");
        BenchmarkRun waiting = client.resource(waitingSpec).create();
        finishRunner(
                waiting,
                awaitRunnerPod(waiting),
                "succeed",
                io.isobench.operator.ResultFixtures.dispatch(2, 3, 5, 1.0));
        BenchmarkRun pending = awaitCondition("waiting", CrdConstants.CONDITION_REGRESSED, "Unknown");
        assertThat(conditionOf(pending, CrdConstants.CONDITION_REGRESSED).getReason())
                .isEqualTo("BaselinePending");
        finishRunner(laterBase, laterBasePod, "succeed", io.isobench.operator.ResultFixtures.dispatch(2, 3, 2, 1.0));
        // the baseline has 2 repetitions a step: too few to tell, said as Unknown, never as False
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> "TooFewRepetitions"
                        .equals(conditionOf(get("waiting"), CrdConstants.CONDITION_REGRESSED)
                                .getReason()));
        assertThat(conditionOf(get("waiting"), CrdConstants.CONDITION_REGRESSED).getStatus())
                .isEqualTo("Unknown");
    }

    BenchmarkRun awaitCondition(String name, String type, String status) {
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    BenchmarkRun r = get(name);
                    return r != null && r.getStatus() != null && status.equals(condition(r, type));
                });
        return get(name);
    }

    @Test
    void aScheduleEveryMinuteMakesARunEachMinuteComparedWithThePreviousSucceededOneAndSuspendStopsIt()
            throws Exception {
        // two schedules due the same minutes: "minutely" runs on, "paused" is suspended after its first run, and the
        // minute that gives "minutely" its second run must give "paused" none (one wait of whole minutes serves both)
        BenchmarkSchedule created =
                client.resource(everyMinute("minutely", "bench")).create();
        BenchmarkSchedule paused =
                client.resource(everyMinute("paused", "bench2")).create();
        try {
            // the first due time is the next whole minute
            BenchmarkRun first =
                    awaitScheduledRuns("minutely", 1, Duration.ofSeconds(90)).getFirst();
            String firstName = first.getMetadata().getName();
            assertThat(firstName).matches("minutely-\\d+");
            assertThat(first.getMetadata().getOwnerReferences())
                    .singleElement()
                    .satisfies(o -> assertThat(o.getUid())
                            .isEqualTo(created.getMetadata().getUid()));
            assertThat(first.getMetadata().getLabels())
                    .containsEntry("team", "latency")
                    .containsEntry(CrdConstants.LABEL_SCHEDULE, "minutely");
            assertThat(first.getSpec().getReport().getBaseline()).isNull();

            finishedStraightThrough(first, awaitRunnerPod(first), "succeed");

            // suspended: the next minute passes with no second run of "paused" (a merge patch, as kubectl patch
            // makes: the operator writes the schedule's status meanwhile, and an edit holding the resourceVersion it
            // read could meet a conflict)
            // its first run ends first: with one still active, concurrencyPolicy Forbid alone would skip the next
            BenchmarkRun pausedRun =
                    awaitScheduledRuns("paused", 1, Duration.ofSeconds(90)).getFirst();
            String pausedFirst = pausedRun.getMetadata().getName();
            finishedStraightThrough(pausedRun, awaitRunnerPod(pausedRun), "succeed");
            client.resources(BenchmarkSchedule.class)
                    .inNamespace(USER_NAMESPACE)
                    .withName("paused")
                    .patch(MERGE, "{\"spec\":{\"suspend\":true}}");
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> schedule("paused").getStatus().getNextScheduleTime() == null);

            // the next minute: a second run, compared with the first
            BenchmarkRun second = awaitScheduledRuns("minutely", 2, Duration.ofSeconds(75)).stream()
                    .filter(r -> !r.getMetadata().getName().equals(firstName))
                    .findFirst()
                    .orElseThrow();
            assertThat(second.getSpec().getReport().getBaseline()).isEqualTo(firstName);
            long minutes = Long.parseLong(second.getMetadata().getName().substring("minutely-".length()));
            assertThat(minutes).isEqualTo(Long.parseLong(firstName.substring("minutely-".length())) + 1);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                var status = schedule("minutely").getStatus();
                assertThat(status.getLastRun()).isEqualTo(second.getMetadata().getName());
                assertThat(status.getLastVerdict()).isEqualTo("OK");
                assertThat(status.getActive())
                        .containsExactly(second.getMetadata().getName());
                assertThat(status.getLastRuns())
                        .extracting(r -> r.getName())
                        .containsExactly(second.getMetadata().getName(), firstName);
                assertThat(status.getNextScheduleTime()).isAfter(java.time.Instant.now());
            });
            assertThat(client.v1().events().inNamespace(USER_NAMESPACE).list().getItems())
                    .filteredOn(
                            e -> "minutely".equals(e.getInvolvedObject().getName()) && "Created".equals(e.getReason()))
                    .hasSize(2);
            // "paused" has had that minute, and 10 s more, to make a run: it made none
            java.time.Instant due = java.time.Instant.ofEpochSecond(minutes * 60);
            Thread.sleep(Math.max(
                    0,
                    Duration.between(java.time.Instant.now(), due.plusSeconds(10))
                            .toMillis()));
            assertThat(scheduledRuns("paused"))
                    .extracting(r -> r.getMetadata().getName())
                    .containsExactly(pausedFirst);
        } finally {
            client.resource(created).delete();
            client.resource(paused).delete();
        }
    }

    /** A schedule every minute of a run in {@code pool}, its template labelled as a team would. */
    static BenchmarkSchedule everyMinute(String name, String pool) {
        var template = new RunTemplate();
        template.setSpec(runSpec("template", pool, "5m").getSpec());
        var templateMetadata = new RunTemplateMetadata();
        templateMetadata.setLabels(Map.of("team", "latency", CrdConstants.LABEL_SCHEDULE, "not-this-one"));
        template.setMetadata(templateMetadata);
        var spec = new BenchmarkScheduleSpec();
        spec.setSchedule("* * * * *");
        spec.setRunTemplate(template);
        var schedule = new BenchmarkSchedule();
        schedule.setMetadata(inUserNamespace(name));
        schedule.setSpec(spec);
        return schedule;
    }

    static io.fabric8.kubernetes.api.model.ObjectMeta inUserNamespace(String name) {
        return new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
                .withName(name)
                .withNamespace(USER_NAMESPACE)
                .build();
    }

    BenchmarkSchedule schedule(String name) {
        return client.resources(BenchmarkSchedule.class)
                .inNamespace(USER_NAMESPACE)
                .withName(name)
                .get();
    }

    List<BenchmarkRun> scheduledRuns(String schedule) {
        return client.resources(BenchmarkRun.class)
                .inNamespace(USER_NAMESPACE)
                .withLabel(CrdConstants.LABEL_SCHEDULE, schedule)
                .list()
                .getItems();
    }

    List<BenchmarkRun> awaitScheduledRuns(String schedule, int count, Duration within) {
        await().atMost(within)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> scheduledRuns(schedule).size() >= count);
        return scheduledRuns(schedule);
    }

    static io.fabric8.kubernetes.api.model.Condition conditionOf(BenchmarkRun run, String type) {
        return run.getStatus().getConditions().stream()
                .filter(c -> type.equals(c.getType()))
                .findFirst()
                .orElseThrow();
    }

    /** The real kubectl against the local cluster, as a pipeline would call it. */
    String kubectl(String... args) throws Exception {
        return cluster.kubectl(args);
    }

    static void containerLog(Pod pod, String container, String text) throws IOException {
        var dir = cluster.stateDir
                .resolve("kubelets")
                .resolve(pod.getSpec().getNodeName())
                .resolve("logs")
                .resolve(RUN_NAMESPACE)
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
        var dispatch = new DispatchTargetSpec();
        dispatch.setQueues(List.of(QueueName.ISOBENCH));
        target.setDispatch(dispatch);
        spec.setTarget(target);
        var load = new LoadSpec();
        load.setRates(List.of(1000L));
        load.setWarmup("1s");
        load.setDuration("1s");
        load.setRepetitions(new IntOrString(1));
        load.setProbeDuration("0s");
        spec.setLoad(load);
        spec.getPlacement().setNodeSelector(Map.of("isobench.io/pool", pool));
        spec.setTimeout(timeout);
        var run = new BenchmarkRun();
        run.setMetadata(inUserNamespace(name));
        run.setSpec(spec);
        return run;
    }

    BenchmarkRun get(String name) {
        return get(USER_NAMESPACE, name);
    }

    static BenchmarkRun get(String namespace, String name) {
        return client.resources(BenchmarkRun.class)
                .inNamespace(namespace)
                .withName(name)
                .get();
    }

    static Phase phaseOf(String namespace, String name) {
        BenchmarkRun run = get(namespace, name);
        return run == null || run.getStatus() == null ? null : run.getStatus().getPhase();
    }

    /** Once the run is Running, ends its runner as {@code how} says; the run must go straight through to Succeeded. */
    BenchmarkRun finishedStraightThrough(BenchmarkRun run, Pod pod, String how) throws Exception {
        String name = run.getMetadata().getName();
        awaitPhase(name, Phase.Running);
        finishRunner(run, pod, how);
        BenchmarkRun done = awaitPhase(name, Phase.Succeeded);
        assertStraightThrough(name);
        return done;
    }

    void assertStraightThrough(String name) {
        assertThat(phases.get(name))
                .containsExactly(
                        Phase.Pending, Phase.Queued, Phase.Scheduled, Phase.Running, Phase.Collecting, Phase.Succeeded);
    }

    /** Until the run is in {@code phase} and the watch has seen it too, so the phase sequences asserted after are whole. */
    BenchmarkRun awaitPhase(String name, Phase phase) {
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> {
                    BenchmarkRun r = get(name);
                    return r != null
                            && r.getStatus() != null
                            && r.getStatus().getPhase() == phase
                            && phases.getOrDefault(name, List.of()).contains(phase);
                });
        return get(name);
    }

    Pod awaitRunnerPod(BenchmarkRun run) {
        String uid = client.resources(BenchmarkRun.class)
                .inNamespace(USER_NAMESPACE)
                .withName(run.getMetadata().getName())
                .get()
                .getMetadata()
                .getUid();
        await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> client
                                .pods()
                                .inNamespace(RUN_NAMESPACE)
                                .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                                .list()
                                .getItems()
                                .stream()
                                .anyMatch(p -> "Running".equals(p.getStatus().getPhase())));
        return client.pods()
                .inNamespace(RUN_NAMESPACE)
                .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                .list()
                .getItems()
                .getFirst();
    }

    /** What the runner does at the end: upload its run directory (result.json last) to the real MinIO, then exit. */
    void finishRunner(BenchmarkRun created, Pod pod, String how) throws Exception {
        // The cpuset the static CPU manager would have granted on this node: two CPUs, none of them reserved.
        finishRunner(created, pod, how, io.isobench.operator.ResultFixtures.dispatch(2, 3));
    }

    /** As above, uploading a whole run directory the runner wrote (its result.json last). */
    void finishRunner(BenchmarkRun created, Pod pod, String how, Path runDir) throws Exception {
        BenchmarkRun run = get(created.getMetadata().getName());
        try (var uploads = new GrantUploads(minio.endpoint(), grantOf(pod))) {
            new io.isobench.store.ArtifactUploader(uploads, m -> {})
                    .upload(
                            runDir,
                            RunNames.attemptPrefix(run, 1, "client"),
                            java.time.Instant.now().plusSeconds(30));
        }
        simulate(pod, how);
    }

    /** As above, uploading {@code json} as the result. */
    void finishRunner(BenchmarkRun created, Pod pod, String how, String json) throws Exception {
        BenchmarkRun run = get(created.getMetadata().getName());
        var runDir = java.nio.file.Files.createTempDirectory("runner-out");
        java.nio.file.Files.writeString(runDir.resolve("result.json"), json);
        try (var uploads = new GrantUploads(minio.endpoint(), grantOf(pod))) {
            new io.isobench.store.ArtifactUploader(uploads, m -> {})
                    .upload(
                            runDir,
                            RunNames.attemptPrefix(run, 1, "client"),
                            java.time.Instant.now().plusSeconds(30));
        }
        simulate(pod, how);
    }

    /**
     * Tells the simulated kubelet how the pod's runner ends. A merge patch of the one annotation, not an edit: kwok and
     * the operator write the pod meanwhile, and an edit holding the resourceVersion it read would meet a conflict.
     */
    void simulate(Pod pod, String how) {
        client.pods()
                .inNamespace(pod.getMetadata().getNamespace())
                .withName(pod.getMetadata().getName())
                .patch(
                        MERGE,
                        Serialization.asJson(
                                Map.of("metadata", Map.of("annotations", Map.of("isobench.io/simulate", how)))));
    }

    /** The upload grant the kubelet gives the pod's runner container: the Secret its env names. */
    static UploadGrant grantOf(Pod pod) {
        var ref = pod.getSpec().getContainers().stream()
                .filter(c -> "client".equals(c.getName()))
                .findFirst()
                .orElseThrow()
                .getEnv()
                .stream()
                .filter(e -> UploadGrant.ENV.equals(e.getName()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the runner container has no " + UploadGrant.ENV))
                .getValueFrom()
                .getSecretKeyRef();
        var secret = client.secrets()
                .inNamespace(RUN_NAMESPACE)
                .withName(ref.getName())
                .get();
        assertThat(secret).as("Secret " + ref.getName()).isNotNull();
        return UploadGrant.fromJson(new String(
                java.util.Base64.getDecoder().decode(secret.getData().get(ref.getKey())),
                java.nio.charset.StandardCharsets.UTF_8));
    }

    /** What MinIO answers a runner that posts with this grant now. */
    static String postWith(UploadGrant grant, String key) throws Exception {
        try (var uploads = new GrantUploads(minio.endpoint(), grant)) {
            uploads.put(key, "x".getBytes(StandardCharsets.UTF_8), "text/plain");
            return "accepted";
        } catch (io.isobench.store.ObjectStoreException e) {
            return e.getMessage();
        }
    }

    static String condition(BenchmarkRun run, String type) {
        return run.getStatus().getConditions().stream()
                .filter(c -> type.equals(c.getType()))
                .map(c -> c.getStatus())
                .findFirst()
                .orElse(null);
    }
}
