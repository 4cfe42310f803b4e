package io.isobench.operator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Quantity;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.EnvEntry;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RoleResources;
import io.isobench.operator.api.RunnerToleration;
import io.isobench.operator.config.OperatorConfig;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunnerWorkloadTest {

    private final OperatorConfig config = OperatorConfig.fromEnvironment(Map.of("ISOBENCH_STORE_ENDPOINT", "http://minio.isobench-system:9000",
            "POD_NAMESPACE", "isobench-system", "ISOBENCH_RUNNER_IMAGE", "isobench/runner:test"));
    private final RunnerWorkload workload = new RunnerWorkload(config);
    private final BenchmarkRun run = Runs.dispatch("latency-" + "x".repeat(60), Instant.now());

    @Test
    void runnerPodsPullWithTheConfiguredSecretsAndWithoutNoneIsNamed() {
        var pulling = new RunnerWorkload(OperatorConfig.fromEnvironment(Map.of("POD_NAMESPACE", "isobench-system",
                "ISOBENCH_IMAGE_PULL_SECRETS", "regcred")));
        assertThat(pulling.clientJob(run, 1, "bench-1").getSpec().getTemplate().getSpec().getImagePullSecrets())
                .extracting(s -> s.getName()).containsExactly("regcred");
        assertThat(workload.clientJob(run, 1, "bench-1").getSpec().getTemplate().getSpec().getImagePullSecrets()).isNullOrEmpty();
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
        assertThat(pod.getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution().getNodeSelectorTerms().getFirst()
                .getMatchFields().getFirst().getValues()).containsExactly("bench-1");
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).isTrue();
        assertThat(pod.getSecurityContext().getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(pod.getTolerations()).anySatisfy(t -> assertThat(t.getKey()).isEqualTo("isobench.io/dedicated"));
        Container client = pod.getContainers().getFirst();
        assertThat(client.getImage()).isEqualTo("isobench/runner:test");
        assertThat(client.getResources().getRequests()).isEqualTo(client.getResources().getLimits())
                .containsEntry("cpu", new Quantity("2")).as("the runner and one forked JVM per queue at a time, 1 GiB heap each")
                .containsEntry("memory", new Quantity("2560Mi"));
        assertThat(client.getSecurityContext().getAllowPrivilegeEscalation()).isFalse();
        assertThat(client.getSecurityContext().getReadOnlyRootFilesystem()).isTrue();
        assertThat(client.getSecurityContext().getCapabilities().getDrop()).containsExactly("ALL");
        assertThat(client.getArgs()).containsExactly("@/etc/isobench/client.args");
        assertThat(client.getEnv()).anySatisfy(e -> assertThat(e.getName()).isEqualTo("JDK_JAVA_OPTIONS"))
                .anySatisfy(e -> assertThat(e.getName()).isEqualTo("MY_FLAG"))
                .anySatisfy(e -> {
                    assertThat(e.getName()).isEqualTo("ISOBENCH_STORE_SECRET_KEY");
                    assertThat(e.getValue()).as("credentials only by reference").isNull();
                    assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("isobench-store");
                });
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

        var tolerations = workload.clientJob(run, 1, "bench-1").getSpec().getTemplate().getSpec().getTolerations();

        assertThat(tolerations).extracting(t -> t.getKey() + "|" + t.getOperator() + "|" + t.getValue() + "|" + t.getEffect() + "|"
                + t.getTolerationSeconds()).containsExactly("isobench.io/dedicated|Exists|null|NoSchedule|null",
                        "example.com/gpu|Equal|true|NoSchedule|null", "node.kubernetes.io/not-ready|Exists|null|NoExecute|300");
    }

    @Test
    void theArgumentFileCarriesTheSpecButNeverCredentials() {
        var args = workload.arguments(run, 2, null).getData().get(RunnerWorkload.CLIENT_ARGS_FILE);
        assertThat(args.lines().toList()).startsWith("dispatch").contains("--rates", "10000,100000", "--repetitions", "2",
                "--queues", "isobench,disruptor,jctools,agrona,abq", "--upload-endpoint", "http://minio.isobench-system:9000",
                "--upload-prefix", "runs/team-a/" + run.getMetadata().getName() + "/" + run.getMetadata().getUid() + "/attempt-2/client/");
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
        assertThat(files.get(RunnerWorkload.SERVER_ARGS_FILE).lines()).containsExactly("server", "tcp-echo", "--port", "7000");
        assertThat(files.get(RunnerWorkload.CLIENT_ARGS_FILE).lines()).contains("--server-address", "127.0.0.1:7000", "--message-bytes", "256");
    }

    @Test
    void aServerWithZeroCpusRunsAsAProcessOfItsOwnInTheClientContainer() {
        BenchmarkRun echo = Runs.tcpEcho("echo-one-cpu", Instant.now(), PlacementSpec.Topology.SamePod);
        echo.getSpec().getPlacement().setServer(new RoleResources(0, null));
        var plan = ResourcePlan.of(echo.getSpec());
        assertThat(plan.serverInClientContainer()).isTrue();
        assertThat(plan.cpusPerNode()).isEqualTo(1);
        var pod = workload.clientJob(echo, 1, "localhost").getSpec().getTemplate().getSpec();
        assertThat(pod.getInitContainers()).isEmpty();
        assertThat(pod.getContainers().getFirst().getResources().getLimits()).containsEntry("cpu", new Quantity("1"))
                .as("client and server JVMs").containsEntry("memory", new Quantity("2560Mi"));
        var client = workload.arguments(echo, 1, null).getData().get(RunnerWorkload.CLIENT_ARGS_FILE).lines().toList();
        assertThat(client).contains("--server-process").doesNotContain("--server-address");
        assertThat(workload.arguments(echo, 1, null).getData()).doesNotContainKey(RunnerWorkload.SERVER_ARGS_FILE);
    }
}
