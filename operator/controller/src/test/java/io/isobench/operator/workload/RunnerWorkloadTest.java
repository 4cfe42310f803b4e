package io.isobench.operator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.EnvEntry;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RoleResources;
import io.isobench.operator.api.RunnerToleration;
import io.isobench.operator.api.VariantSpec;
import io.isobench.operator.config.OperatorConfig;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunnerWorkloadTest {

    private final OperatorConfig config = OperatorConfig.fromEnvironment(Map.of(
            "ISOBENCH_STORE_ENDPOINT",
            "http://minio.isobench-system:9000",
            "POD_NAMESPACE",
            "isobench-system",
            "ISOBENCH_RUNNER_IMAGE",
            "isobench/runner:test"));
    private final RunnerWorkload workload = new RunnerWorkload(config);
    private final BenchmarkRun run = Runs.dispatch("latency-" + "x".repeat(60), Instant.now());

    @Test
    void runnerPodsPullWithTheConfiguredSecretsAndWithoutNoneIsNamed() {
        var pulling = new RunnerWorkload(OperatorConfig.fromEnvironment(
                Map.of("POD_NAMESPACE", "isobench-system", "ISOBENCH_IMAGE_PULL_SECRETS", "regcred")));
        assertThat(pulling.clientJob(run, 1, "bench-1")
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getImagePullSecrets())
                .extracting(s -> s.getName())
                .containsExactly("regcred");
        assertThat(workload.clientJob(run, 1, "bench-1")
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getImagePullSecrets())
                .isNullOrEmpty();
    }

    @Test
    void theRunnerPodIsGuaranteedWithWholeCpusPinnedToTheAdmittedNodeAndRestricted() {
        run.getSpec().getRunner().setEnv(List.of(new EnvEntry("MY_FLAG", "1")));
        run.getSpec().getRunner().setJvmOptions(List.of("-XX:+UseZGC"));
        var job = workload.clientJob(run, 1, "bench-1");
        assertThat(job.getMetadata().getName()).hasSizeLessThanOrEqualTo(63).endsWith("-a1");
        assertThat(job.getMetadata().getNamespace()).isEqualTo("isobench-system");
        assertThat(job.getSpec().getBackoffLimit()).isZero();
        var pod = job.getSpec().getTemplate().getSpec();
        assertThat(pod.getAffinity()
                        .getNodeAffinity()
                        .getRequiredDuringSchedulingIgnoredDuringExecution()
                        .getNodeSelectorTerms()
                        .getFirst()
                        .getMatchFields()
                        .getFirst()
                        .getValues())
                .containsExactly("bench-1");
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(pod.getTolerations()).anySatisfy(t -> assertThat(t.getKey()).isEqualTo("isobench.io/dedicated"));
        Container client = pod.getContainers().getFirst();
        assertThat(client.getImage()).isEqualTo("isobench/runner:test");
        assertThat(client.getResources().getRequests())
                .isEqualTo(client.getResources().getLimits())
                .containsEntry("cpu", new Quantity("2"))
                .as("the runner and one forked JVM per queue at a time, 1 GiB heap each")
                .containsEntry("memory", new Quantity("2560Mi"));
        assertThat(client.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
        assertThat(client.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(client.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(client.getArgs()).containsExactly("@/etc/isobench/client.args");
        assertThat(client.getEnv())
                .anySatisfy(e -> assertThat(e.getName()).isEqualTo("JDK_JAVA_OPTIONS"))
                .anySatisfy(e -> assertThat(e.getName()).isEqualTo("MY_FLAG"))
                .anySatisfy(e -> {
                    assertThat(e.getName()).isEqualTo("ISOBENCH_STORE_UPLOAD_GRANT");
                    assertThat(e.getValue()).as("the grant only by reference").isNull();
                    assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo(RunNames.uploadGrant(run, 1));
                })
                .as("no store key in a runner pod")
                .noneMatch(e -> e.getName().startsWith("ISOBENCH_STORE_ACCESS")
                        || e.getName().startsWith("ISOBENCH_STORE_SECRET"));
    }

    @Test
    void onlyTheMeasuringClientGetsTheUploadGrantNeverAServer() {
        BenchmarkRun samePod = Runs.tcpEcho("echo", Instant.now(), PlacementSpec.Topology.SamePod);
        var pod = workload.clientJob(samePod, 2, "bench-1")
                .getSpec()
                .getTemplate()
                .getSpec();
        assertThat(pod.getContainers().getFirst().getEnv())
                .filteredOn(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                .singleElement()
                .satisfies(e -> assertThat(e.getValueFrom().getSecretKeyRef().getName())
                        .isEqualTo(RunNames.uploadGrant(samePod, 2)));
        assertThat(pod.getInitContainers().getFirst().getEnv())
                .as("the SamePod server")
                .noneMatch(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null);
        BenchmarkRun separate = Runs.tcpEcho("echo2", Instant.now(), PlacementSpec.Topology.SeparateNodes);
        var server = workload.serverJob(separate, 1, "bench-2")
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .getFirst();
        assertThat(server.getEnv())
                .noneMatch(e -> e.getName().startsWith("ISOBENCH_STORE")
                        || e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null);
    }

    @Test
    void theUploadGrantSecretIsOwnedByTheAttemptsArgumentsAndCarriesOnlyTheGrant() {
        var arguments = workload.arguments(run, 3, null);
        arguments.getMetadata().setUid("cm-uid-3");
        var secret = workload.uploadGrantSecret(run, 3, "{\"grant\":1}", arguments);
        assertThat(secret.getMetadata().getName())
                .isEqualTo(RunNames.uploadGrant(run, 3))
                .hasSizeLessThanOrEqualTo(63);
        assertThat(secret.getMetadata().getNamespace()).isEqualTo("isobench-system");
        assertThat(secret.getMetadata().getLabels())
                .containsEntry("isobench.io/run-uid", run.getMetadata().getUid())
                .containsEntry("isobench.io/attempt", "3");
        assertThat(secret.getMetadata().getOwnerReferences()).singleElement().satisfies(o -> {
            assertThat(o.getKind()).isEqualTo("ConfigMap");
            assertThat(o.getName()).isEqualTo(RunNames.args(run, 3));
            assertThat(o.getUid()).isEqualTo("cm-uid-3");
        });
        assertThat(secret.getStringData()).containsOnlyKeys("grant").containsEntry("grant", "{\"grant\":1}");
    }

    @Test
    void aSpecTolerationReachesThePodAsWrittenBesideThePoolTaint() {
        var gpu = new RunnerToleration();
        gpu.setKey("example.com/gpu");
        gpu.setValue("true");
        gpu.setEffect(RunnerToleration.Effect.NoSchedule);
        var notReady = new RunnerToleration();
        notReady.setKey("node.kubernetes.io/not-ready");
        notReady.setOperator(RunnerToleration.Operator.Exists);
        notReady.setEffect(RunnerToleration.Effect.NoExecute);
        notReady.setTolerationSeconds(300L);
        run.getSpec().getPlacement().setTolerations(List.of(gpu, notReady));

        var tolerations = workload.clientJob(run, 1, "bench-1")
                .getSpec()
                .getTemplate()
                .getSpec()
                .getTolerations();

        assertThat(tolerations)
                .extracting(t -> t.getKey() + "|" + t.getOperator() + "|" + t.getValue() + "|" + t.getEffect() + "|"
                        + t.getTolerationSeconds())
                .containsExactly(
                        "isobench.io/dedicated|Exists|null|NoSchedule|null",
                        "example.com/gpu|Equal|true|NoSchedule|null",
                        "node.kubernetes.io/not-ready|Exists|null|NoExecute|300");
    }

    @Test
    void theArgumentFileCarriesTheSpecButNeverCredentials() {
        var args = workload.arguments(run, 2, null).getData().get(RunnerWorkload.CLIENT_ARGS_FILE);
        assertThat(args.lines().toList())
                .startsWith("dispatch")
                .contains(
                        "--rates",
                        "10000,100000",
                        "--repetitions",
                        "2",
                        "--queues",
                        "isobench,disruptor,jctools,agrona,abq",
                        "--upload-endpoint",
                        "http://minio.isobench-system:9000",
                        "--upload-prefix",
                        "runs/team-a/" + run.getMetadata().getName() + "/"
                                + run.getMetadata().getUid() + "/attempt-2/client/");
        assertThat(args).doesNotContainIgnoringCase("secret").doesNotContainIgnoringCase("accessKey");
    }

    @Test
    void samePodClientServerTargetsRunTheServerAsANativeSidecarOverLoopback() {
        BenchmarkRun echo = Runs.tcpEcho("echo", Instant.now(), PlacementSpec.Topology.SamePod);
        var pod = workload.clientJob(echo, 1, "bench-1").getSpec().getTemplate().getSpec();
        assertThat(pod.getInitContainers()).singleElement().satisfies(server -> {
            assertThat(server.getRestartPolicy()).isEqualTo("Always");
            assertThat(server.getArgs()).containsExactly("@/etc/isobench/server.args");
        });
        var files = workload.arguments(echo, 1, "127.0.0.1:7000").getData();
        assertThat(files.get(RunnerWorkload.SERVER_ARGS_FILE).lines())
                .containsExactly("server", "tcp-echo", "--port", "7000");
        assertThat(files.get(RunnerWorkload.CLIENT_ARGS_FILE).lines())
                .contains("--server-address", "127.0.0.1:7000", "--message-bytes", "256");
    }

    /**
     * A variant of another image: an init container of that image (once per image) copies its runner before anything
     * else starts, with the client's resources and restrictions and none of the author's env; the client only reads it.
     */
    @Test
    void aVariantsImageIsCopiedByAnInitContainerOfThatImageIntoAVolumeTheClientOnlyReads() {
        BenchmarkRun echo = Runs.tcpEcho("echo-images", Instant.now(), PlacementSpec.Topology.SamePod);
        echo.getSpec().getRunner().setEnv(List.of(new EnvEntry("TEAM_TOKEN", "secret")));
        String next = "registry.example.com/team/runner:2";
        echo.getSpec()
                .setVariants(List.of(
                        new VariantSpec("current", null, null),
                        withImage(new VariantSpec("next", null, null), next),
                        withImage(new VariantSpec("next-zgc", List.of("-XX:+UseZGC"), null), next)));
        var pod = workload.clientJob(echo, 1, "bench-1").getSpec().getTemplate().getSpec();
        Container client = pod.getContainers().getFirst();
        assertThat(pod.getInitContainers()).hasSize(2);
        Container copy = pod.getInitContainers().getFirst();
        assertThat(copy.getName()).isEqualTo("variant-next");
        assertThat(copy.getImage()).isEqualTo(next);
        assertThat(copy.getArgs()).containsExactly("installation", "--copy-to", "/variants/next", "--image", next);
        assertThat(copy.getEnv()).isEmpty();
        assertThat(copy.getResources()).isEqualTo(client.getResources());
        assertThat(copy.getSecurityContext()).isEqualTo(client.getSecurityContext());
        assertThat(pod.getInitContainers().get(1).getRestartPolicy())
                .as("the server's sidecar starts after the copy")
                .isEqualTo("Always");
        assertThat(client.getVolumeMounts())
                .filteredOn(m -> m.getName().equals("variants"))
                .singleElement()
                .satisfies(m -> {
                    assertThat(m.getMountPath()).isEqualTo("/variants");
                    assertThat(m.getReadOnly()).isTrue();
                });
        assertThat(pod.getVolumes())
                .filteredOn(v -> v.getName().equals("variants"))
                .singleElement()
                .satisfies(v -> assertThat(v.getEmptyDir().getSizeLimit()).isEqualTo(new Quantity("1024Mi")));
        assertThat(workload.arguments(echo, 1, "127.0.0.1:7000")
                        .getData()
                        .get(RunnerWorkload.CLIENT_ARGS_FILE)
                        .lines())
                .contains("current=", "next=--installation=/variants/next")
                .anySatisfy(line ->
                        assertThat(line).contains("next-zgc=--jvm-option=-XX:+UseZGC --installation=/variants/next"));

        BenchmarkRun plain = Runs.tcpEcho("echo-one-image", Instant.now(), PlacementSpec.Topology.SamePod);
        var plainPod =
                workload.clientJob(plain, 1, "bench-1").getSpec().getTemplate().getSpec();
        assertThat(plainPod.getVolumes()).noneMatch(v -> v.getName().equals("variants"));
        assertThat(plainPod.getContainers().getFirst().getVolumeMounts())
                .noneMatch(m -> m.getName().equals("variants"));
    }

    private static VariantSpec withImage(VariantSpec variant, String image) {
        variant.setImage(image);
        return variant;
    }

    @Test
    void aServerWithZeroCpusRunsAsAProcessOfItsOwnInTheClientContainer() {
        BenchmarkRun echo = Runs.tcpEcho("echo-one-cpu", Instant.now(), PlacementSpec.Topology.SamePod);
        echo.getSpec().getPlacement().setServer(new RoleResources(0, null));
        var plan = ResourcePlan.of(echo.getSpec());
        assertThat(plan.serverInClientContainer()).isTrue();
        assertThat(plan.cpusPerNode()).isEqualTo(1);
        var pod =
                workload.clientJob(echo, 1, "localhost").getSpec().getTemplate().getSpec();
        assertThat(pod.getInitContainers()).isEmpty();
        assertThat(pod.getContainers().getFirst().getResources().getLimits())
                .containsEntry("cpu", new Quantity("1"))
                .as("client and server JVMs")
                .containsEntry("memory", new Quantity("2560Mi"));
        var client = workload.arguments(echo, 1, null)
                .getData()
                .get(RunnerWorkload.CLIENT_ARGS_FILE)
                .lines()
                .toList();
        assertThat(client).contains("--server-process").doesNotContain("--server-address");
        assertThat(workload.arguments(echo, 1, null).getData()).doesNotContainKey(RunnerWorkload.SERVER_ARGS_FILE);
    }

    @Test
    void aServerPodAcceptsOnlyItsOwnAttemptsClientOnTheServersPortAndItsPolicyGoesWithTheServerJob() {
        BenchmarkRun echo = Runs.tcpEcho("echo", Instant.now(), PlacementSpec.Topology.SameNode);
        var server = workload.serverJob(echo, 2, "bench-1");
        server.getMetadata().setUid("server-job-uid");
        var policy = workload.serverPolicy(echo, 2, server);
        String uid = echo.getMetadata().getUid();
        assertThat(policy.getMetadata().getName())
                .isEqualTo(server.getMetadata().getName());
        assertThat(policy.getMetadata().getNamespace()).isEqualTo("isobench-system");
        assertThat(policy.getMetadata().getOwnerReferences()).singleElement().satisfies(o -> {
            assertThat(o.getKind()).isEqualTo("Job");
            assertThat(o.getUid()).isEqualTo("server-job-uid");
        });
        assertThat(policy.getSpec().getPodSelector().getMatchLabels())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("isobench.io/run-uid", uid, "isobench.io/attempt", "2", "isobench.io/role", "server"));
        assertThat(policy.getSpec().getPolicyTypes()).containsExactly("Ingress");
        var ingress = policy.getSpec().getIngress().getFirst();
        // the attempt's client and, with load.parallelism, its other load pods: nothing else
        assertThat(ingress.getFrom())
                .extracting(peer -> peer.getPodSelector().getMatchLabels())
                .containsExactly(
                        Map.of("isobench.io/run-uid", uid, "isobench.io/attempt", "2", "isobench.io/role", "client"),
                        Map.of(
                                "isobench.io/run-uid",
                                uid,
                                "isobench.io/attempt",
                                "2",
                                "isobench.io/role",
                                "load-part"));
        assertThat(ingress.getPorts()).singleElement().satisfies(p -> {
            assertThat(p.getProtocol()).isEqualTo("TCP");
            assertThat(p.getPort().getIntVal())
                    .isEqualTo(echo.getSpec().getTarget().getTcpEcho().getPort());
        });

        var udp = new io.isobench.operator.api.TargetSpec();
        udp.setUdpEcho(new io.isobench.operator.api.EchoTargetSpec());
        echo.getSpec().setTarget(udp);
        assertThat(workload.serverPolicy(echo, 2, server)
                        .getSpec()
                        .getIngress()
                        .getFirst()
                        .getPorts()
                        .getFirst()
                        .getProtocol())
                .isEqualTo("UDP");
    }

    @Test
    void theIpcPublisherWritesItsQueuesOnThePodsQueueVolumeNotTheContainersSmallDevShm() {
        BenchmarkRun ipc = Runs.run(
                "ipc", Instant.now(), Serialization.unmarshal("""
                target: {ipc: {queueVolume: 512Mi}}
                load: {rates: [10000], warmup: 10s, duration: 60s, repetitions: 3}
                """, io.isobench.operator.api.BenchmarkRunSpec.class));
        var client = workload.clientJob(ipc, 1, "bench-1")
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .getFirst();
        var args = workload.arguments(ipc, 1, null)
                .getData()
                .get(RunnerWorkload.CLIENT_ARGS_FILE)
                .lines()
                .toList();

        assertThat(client.getVolumeMounts())
                .anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/queue"));
        assertThat(args)
                .as("a pod's /dev/shm holds 64 MiB; the queues of a 60 s window do not fit")
                .containsSubsequence("--queue-dir", "/queue");
    }

    @Test
    void theClientFindsItsServerWhereTheTopologyPutsIt() {
        var target =
                Runs.tcpEcho("e", Instant.now(), PlacementSpec.Topology.SamePod).getSpec();
        assertThat(ResourcePlan.of(target).serverAddress(target.getTarget(), null))
                .as("a sidecar on the pod's loopback")
                .isEqualTo("127.0.0.1:7000");
        var separate = Runs.tcpEcho("e", Instant.now(), PlacementSpec.Topology.SeparateNodes)
                .getSpec();
        assertThat(ResourcePlan.of(separate).serverAddress(separate.getTarget(), "10.244.0.7"))
                .isEqualTo("10.244.0.7:7000");
        target.getPlacement().setServer(new RoleResources(0, null));
        assertThat(ResourcePlan.of(target).serverAddress(target.getTarget(), null))
                .as("the runner starts it: --server-process")
                .isNull();
        var dispatch = Runs.dispatch("d", Instant.now()).getSpec();
        assertThat(ResourcePlan.of(dispatch).serverAddress(dispatch.getTarget(), null))
                .as("no server")
                .isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "tcpEcho, tcp-echo, 'target: {tcpEcho: {endpoint: echo.team-a.svc:7000}}', '--message-bytes 256'",
        "udpEcho, udp-echo, 'target: {udpEcho: {endpoint: echo.team-a.svc:7000}}', '--message-bytes 256'",
        "rsocket, rsocket, 'target: {rsocket: {endpoint: echo.team-a.svc:7000}}',"
                + " '--connections 100 --streams-per-connection 25 --ramp-up 60s --payload-bytes 1024 --stream-interval 1s'"
    })
    void aTargetAtTheUsersEndpointGetsNoServerOfOursAndTheClientIsToldTheEndpoint(
            String field, String runnerName, String target, String targetOptions) {
        String load = field.equals("rsocket") ? "{mode: Closed}" : "{mode: Closed, clients: [1]}";
        BenchmarkRun external = Runs.run(
                "external-" + runnerName,
                Instant.now(),
                Serialization.unmarshal(target + "\nload: " + load, io.isobench.operator.api.BenchmarkRunSpec.class));
        ResourcePlan plan = ResourcePlan.of(external.getSpec());
        var pod = workload.clientJob(external, 1, "bench-1")
                .getSpec()
                .getTemplate()
                .getSpec();
        var files = workload.arguments(external, 1, null).getData();

        assertThat(plan.twoPods()).as("no server pod").isFalse();
        assertThat(plan.serverCpus()).isZero();
        assertThat(plan.serverInClientContainer()).as("no server process").isFalse();
        assertThat(plan.cpusPerNode()).isEqualTo(1);
        assertThat(pod.getInitContainers()).as("no server sidecar").isEmpty();
        assertThat(pod.getContainers())
                .singleElement()
                .satisfies(client -> assertThat(client.getResources().getLimits())
                        .as("the runner's JVM alone")
                        .containsEntry("memory", new Quantity("1536Mi")));
        assertThat(files).doesNotContainKey(RunnerWorkload.SERVER_ARGS_FILE);
        String prefix = "runs/team-a/external-" + runnerName + "/"
                + external.getMetadata().getUid() + "/attempt-1/client/";
        String sweep = field.equals("rsocket") ? "--mode closed" : "--mode closed --clients 1";
        assertThat(files.get(RunnerWorkload.CLIENT_ARGS_FILE))
                .isEqualTo(String.join(
                                "\n",
                                (runnerName + " " + sweep
                                                + " --warmup 5s --duration 10s --repetitions 3 --probe-duration 1s "
                                                + targetOptions + " --server-address echo.team-a.svc:7000"
                                                + " --out /results/run --progress log --metrics-port 9404"
                                                + " --upload-endpoint http://minio.isobench-system:9000"
                                                + " --upload-bucket isobench --upload-prefix " + prefix
                                                + " --upload-deadline 600s")
                                        .split(" "))
                        + "\n");
    }

    /** An http run of three Shared load pods, each with {@code cpus} whole CPUs. */
    private static BenchmarkRun threeLoadPods(String name, int cpus) {
        return Runs.run(
                name,
                Instant.now(),
                Serialization.unmarshal("""
                        target: {http: {url: "http://orders.team-a.svc:8080/"}}
                        load: {mode: Closed, clients: [3], parallelism: 3}
                        placement: {isolation: Shared, client: {cpus: %d}}
                        """.formatted(cpus), io.isobench.operator.api.BenchmarkRunSpec.class));
    }

    @Test
    void sharedLoadPodsWithoutCpusAskOnlyForMemoryAndRunUnpinned() {
        BenchmarkRun http = threeLoadPods("orders-shared", 0);
        ResourcePlan plan = ResourcePlan.of(http.getSpec());
        var files = workload.arguments(http, 1, null, "10.244.0.9").getData();

        assertThat(plan.cpusPerNode()).as("no whole CPU asked of any node").isZero();
        for (var job : List.of(workload.clientJob(http, 1, "bench-1"), workload.loadPartJob(http, 1, 2, "bench-1"))) {
            var resources = job.getSpec()
                    .getTemplate()
                    .getSpec()
                    .getContainers()
                    .getFirst()
                    .getResources();
            assertThat(resources.getRequests())
                    .as("Burstable: memory only, no CPU request the node's allocatable would have to hold")
                    .isEqualTo(Map.of("memory", new Quantity("1536Mi")));
            assertThat(resources.getLimits())
                    .as("no CPU limit: a CFS quota would throttle the load mid-window")
                    .isEqualTo(Map.of("memory", new Quantity("1536Mi")));
        }
        assertThat(files.get(RunnerWorkload.CLIENT_ARGS_FILE).lines())
                .as("the shared CPUs are every such pod's: pinned, all would take the first")
                .contains("--no-pin");
        assertThat(files.get(RunnerWorkload.partArgsFile(2)).lines()).contains("--no-pin");
        var pinned = threeLoadPods("orders-pinned", 1);
        assertThat(workload.arguments(pinned, 1, null, "10.244.0.9")
                        .getData()
                        .get(RunnerWorkload.CLIENT_ARGS_FILE)
                        .lines())
                .doesNotContain("--no-pin");
    }

    @Test
    void anHttpRunWritesItsBodyAndCaBesideTheArgumentsThatNameThemAndGetsNoServer() {
        BenchmarkRun http = Runs.run(
                "orders-post",
                Instant.now(),
                Serialization.unmarshal("""
                        target:
                          http:
                            url: https://orders.team-a.svc:8443/orders?dry=1
                            method: POST
                            headers: {Content-Type: application/json, Authorization: "Bearer a b#c \\"d\\""}
                            body: '{"sku": 42}'
                            caPem: "-----BEGIN CERTIFICATE-----\\nMII=\\n-----END CERTIFICATE-----\\n"
                            expectStatus: 201
                            connections: 8
                        load: {mode: Closed, clients: [1]}
                        """, io.isobench.operator.api.BenchmarkRunSpec.class));
        ResourcePlan plan = ResourcePlan.of(http.getSpec());
        var pod = workload.clientJob(http, 1, "bench-1").getSpec().getTemplate().getSpec();
        var files = workload.arguments(http, 1, "10.244.0.7:7000").getData();

        assertThat(plan.twoPods()).as("no server pod").isFalse();
        assertThat(plan.serverCpus()).isZero();
        assertThat(plan.serverInClientContainer()).as("no server process").isFalse();
        assertThat(pod.getInitContainers()).as("no server sidecar").isEmpty();
        assertThat(files)
                .doesNotContainKey(RunnerWorkload.SERVER_ARGS_FILE)
                .containsEntry("http-body", "{\"sku\": 42}")
                .containsEntry("http-ca.pem", "-----BEGIN CERTIFICATE-----\nMII=\n-----END CERTIFICATE-----\n");
        assertThat(pod.getContainers()).singleElement().satisfies(client -> {
            assertThat(client.getArgs()).containsExactly("@/etc/isobench/client.args");
            assertThat(client.getVolumeMounts())
                    .anySatisfy(m -> assertThat(m.getMountPath()).isEqualTo("/etc/isobench"));
        });
        assertThat(pod.getVolumes())
                .anySatisfy(v -> assertThat(v.getConfigMap().getName())
                        .as("the attempt's own ConfigMap, never one the run names")
                        .isEqualTo(RunNames.args(http, 1)));
        String prefix = "runs/team-a/orders-post/" + http.getMetadata().getUid() + "/attempt-1/client/";
        assertThat(files.get(RunnerWorkload.CLIENT_ARGS_FILE))
                .as("no --server-address (the url is the server), header values quoted for picocli's @file")
                .isEqualTo("""
                        http
                        --mode
                        closed
                        --clients
                        1
                        --warmup
                        5s
                        --duration
                        10s
                        --repetitions
                        3
                        --probe-duration
                        1s
                        --url
                        https://orders.team-a.svc:8443/orders?dry=1
                        --method
                        POST
                        --header
                        "Authorization: Bearer a b#c \\"d\\""
                        --header
                        "Content-Type: application/json"
                        --body-file
                        /etc/isobench/http-body
                        --expect-status
                        201
                        --ca-file
                        /etc/isobench/http-ca.pem
                        --connections
                        8
                        --out
                        /results/run
                        --progress
                        log
                        --metrics-port
                        9404
                        --upload-endpoint
                        http://minio.isobench-system:9000
                        --upload-bucket
                        isobench
                        --upload-prefix
                        %s
                        --upload-deadline
                        600s
                        """.formatted(prefix));
    }
}
