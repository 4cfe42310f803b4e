package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.isobench.operator.ResultFixtures;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RoleResources;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.placement.ServerReports;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import io.isobench.result.Environment;
import io.isobench.result.Pinning;
import io.isobench.result.ServerReport;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server role's isolation facts through the steps: Preflight records what its node promises, Observe reads its
 * start-up report from its container's log (once it has started, until read, strictly), Collect judges them.
 */
class ServerIsolationStepTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();

    private BenchmarkRun echo(PlacementSpec.Topology topology) {
        BenchmarkRun run = Runs.tcpEcho("e1", now.minusSeconds(30), topology);
        var server = new RoleResources();
        server.setCpus(1);
        run.getSpec().getPlacement().setServer(server);
        return run;
    }

    /** Queued → admitted → Preflight, as the queue would do it, on the given nodes. */
    private RunContext preflight(BenchmarkRun run, String... nodes) {
        BenchmarkRun q = Runs.inPhase(run, Phase.Queued, nodes);
        q.getStatus().setAttempts(1);
        RunContext ctx = cluster.context(q, now);
        new PreflightStep().apply(ctx);
        return ctx;
    }

    /** The run as the next reconcile sees it: the status the previous one wrote. */
    private RunContext next(RunContext previous) {
        BenchmarkRun run = io.fabric8.kubernetes.client.utils.Serialization.clone(previous.run());
        run.setStatus(previous.status());
        return cluster.context(run, now);
    }

    private Pod pod(String name, String role, String node, String qos, boolean serverStarted, boolean sidecar) {
        var status = new ContainerStatusBuilder().withName("server").withNewState();
        var state = serverStarted
                ? status.withNewRunning().endRunning()
                : status.withNewWaiting().withReason("PodInitializing").endWaiting();
        var built = state.endState().build();
        var pod = new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels(CrdConstants.LABEL_ATTEMPT, "1")
                .addToLabels(CrdConstants.LABEL_ROLE, role)
                .withCreationTimestamp(now.toString())
                .endMetadata()
                .withNewSpec()
                .withNodeName(node)
                .endSpec()
                .withNewStatus()
                .withPhase("Running")
                .withQosClass(qos)
                .endStatus()
                .build();
        (sidecar ? pod.getStatus().getInitContainerStatuses() : pod.getStatus().getContainerStatuses()).add(built);
        return pod;
    }

    private static ServerReport report(int cpu, String siblings) {
        var cpuset = new Environment.CpuSet(List.of(cpu), String.valueOf(cpu), String.valueOf(cpu));
        return new ServerReport(
                ServerReport.FORMAT_VERSION,
                "tcp-echo",
                cpuset,
                List.of(cpu + ":" + siblings),
                List.of(new Pinning("server", cpu, true, "affinity read back: " + cpu)));
    }

    private void log(String pod, String text) {
        cluster.logs.put(ServerReports.logPath(cluster.config.runners().namespace(), pod, "server"), text);
    }

    private void running(BenchmarkRun run) {
        cluster.jobs.add(new JobBuilder()
                .withNewMetadata()
                .withName(RunNames.job(run, 1))
                .endMetadata()
                .withNewStatus()
                .endStatus()
                .build());
    }

    @Test
    void preflightRecordsWhatTheServersNodePromisesAndFailsANonStaticOne() {
        cluster.node("bench-1", 4, "static", "bench").node("bench-2", 4, "static", "bench");
        RunContext sameNode = preflight(echo(PlacementSpec.Topology.SameNode), "bench-1");
        var server = sameNode.status().getIsolation().getServer();
        assertThat(server.getNode()).isEqualTo("bench-1");
        assertThat(server.getCpuManagerPolicy()).isEqualTo("static");
        assertThat(server.getReservedSystemCpus()).isEqualTo("0");
        assertThat(server.getCpusRequested()).isEqualTo(1);

        cluster.kubelets.put("bench-2", KubeletFacts.read("none", null));
        RunContext separate = preflight(echo(PlacementSpec.Topology.SeparateNodes), "bench-1", "bench-2");
        assertThat(separate.phase()).isEqualTo(Phase.Failed);
        var isolated = Conditions.get(separate.status(), CrdConstants.CONDITION_ISOLATED)
                .orElseThrow();
        assertThat(isolated.getReason()).isEqualTo("CpuManagerNotStatic");
        assertThat(isolated.getMessage())
                .isEqualTo("node bench-2: kubelet cpuManagerPolicy is none; isolation Exclusive needs static");
    }

    @Test
    void withoutCpusOfItsOwnTheServerHasNoFactsOfItsOwn() {
        cluster.node("bench-1", 4, "static", "bench");
        BenchmarkRun run = echo(PlacementSpec.Topology.SamePod);
        run.getSpec().getPlacement().getServer().setCpus(0);
        assertThat(preflight(run, "bench-1").status().getIsolation().getServer())
                .isNull();
    }

    @Test
    void observeReadsTheServerPodsReportOnceItsContainerHasStarted() {
        cluster.node("bench-1", 4, "static", "bench");
        BenchmarkRun run = echo(PlacementSpec.Topology.SameNode);
        RunContext ctx = preflight(run, "bench-1");
        running(run);
        cluster.pods.add(pod("e1-client", "client", "bench-1", "Guaranteed", false, false));
        cluster.pods.add(pod("e1-server", "server", "bench-1", "Guaranteed", false, false));
        RunContext waiting = next(ctx);
        new ObserveStep().apply(waiting);
        assertThat(cluster.logsRead).as("not read before the container starts").isEmpty();
        assertThat(waiting.status().getIsolation().getServer().getPod()).isEqualTo("e1-server");

        cluster.pods.set(1, pod("e1-server", "server", "bench-1", "Guaranteed", true, false));
        log(
                "e1-server",
                "NOTE: Picked up JDK_JAVA_OPTIONS: -Xss1m\n" + report(3, "3").toLogLine()
                        + "\nisobench-runner server: tcp-echo listening on 0.0.0.0:7000\n");
        RunContext started = next(waiting);
        new ObserveStep().apply(started);
        var server = started.status().getIsolation().getServer();
        assertThat(server.getCpusetGranted()).isEqualTo("3");
        assertThat(server.getSmtSiblings()).containsExactly("3:3");
        assertThat(server.getThreads()).singleElement().satisfies(t -> {
            assertThat(t.getRole()).isEqualTo("server");
            assertThat(t.getCpu()).isEqualTo(3);
            assertThat(t.getPinned()).isTrue();
        });
        assertThat(server.getQosClass()).isEqualTo("Guaranteed");
        assertThat(server.getUnverified()).isNull();
        assertThat(started.status().getIsolation().getNode()).isEqualTo("bench-1");

        new ObserveStep().apply(next(started));
        assertThat(cluster.logsRead).as("read once").hasSize(1);
    }

    @Test
    void aSamePodServerIsTheSidecarOfTheRunnerPod() {
        cluster.node("bench-1", 4, "static", "bench");
        BenchmarkRun run = echo(PlacementSpec.Topology.SamePod);
        RunContext ctx = preflight(run, "bench-1");
        running(run);
        cluster.pods.add(pod("e1-client", "client", "bench-1", "Guaranteed", true, true));
        log("e1-client", report(2, "2").toLogLine() + "\n");
        RunContext observed = next(ctx);
        new ObserveStep().apply(observed);
        assertThat(observed.status().getIsolation().getServer().getPod()).isEqualTo("e1-client");
        assertThat(observed.status().getIsolation().getServer().getCpusetGranted())
                .isEqualTo("2");
    }

    @Test
    void anUnreadableOrHostileLogLeavesTheServerUnverifiedSayingWhyAndIsReadAgain() {
        cluster.node("bench-1", 4, "static", "bench");
        BenchmarkRun run = echo(PlacementSpec.Topology.SameNode);
        RunContext ctx = preflight(run, "bench-1");
        running(run);
        cluster.pods.add(pod("e1-server", "server", "bench-1", "Guaranteed", true, false));
        RunContext forbidden = next(ctx);
        new ObserveStep().apply(forbidden);
        assertThat(forbidden.status().getIsolation().getServer().getUnverified())
                .isEqualTo(
                        "GET /api/v1/namespaces/isobench-system/pods/e1-server/log?container=server&limitBytes=65536 failed: 400"
                                + " container \"server\" is waiting to start");

        String line = report(3, "3").toLogLine();
        log("e1-server", line + "\n" + line.replace("\"cpus\":[3]", "\"cpus\":[0]") + "\n");
        RunContext twice = next(forbidden);
        new ObserveStep().apply(twice);
        assertThat(twice.status().getIsolation().getServer().getUnverified())
                .isEqualTo(
                        "the server printed 2 report lines, not one (in the first 65536 bytes of container server's log)");
        assertThat(twice.status().getIsolation().getServer().getCpusetGranted()).isNull();

        log("e1-server", report(3, "3,7").toLogLine().replace("\"target\":\"tcp-echo\"", "\"target\":\"<img src=x>\""));
        RunContext hostile = next(twice);
        new ObserveStep().apply(hostile);
        assertThat(hostile.status().getIsolation().getServer().getUnverified())
                .startsWith("server report: target = '<img src=x>' is not a target name");

        log("e1-server", report(3, "3,7").toLogLine());
        RunContext fixed = next(hostile);
        new ObserveStep().apply(fixed);
        assertThat(fixed.status().getIsolation().getServer().getUnverified()).isNull();
        assertThat(fixed.status().getIsolation().getServer().getSmtSiblings()).containsExactly("3:3,7");
    }

    @Test
    void aNewAttemptsServerPodStartsItsFactsOver() {
        cluster.node("bench-1", 4, "static", "bench");
        BenchmarkRun run = echo(PlacementSpec.Topology.SameNode);
        RunContext ctx = preflight(run, "bench-1");
        running(run);
        cluster.pods.add(pod("e1-server", "server", "bench-1", "Guaranteed", true, false));
        log("e1-server", report(3, "3").toLogLine());
        RunContext first = next(ctx);
        new ObserveStep().apply(first);
        assertThat(first.status().getIsolation().getServer().getCpusetGranted()).isEqualTo("3");

        cluster.pods.set(0, pod("e1-server-2", "server", "bench-1", "Burstable", false, false));
        RunContext second = next(first);
        new ObserveStep().apply(second);
        var server = second.status().getIsolation().getServer();
        assertThat(server.getPod()).isEqualTo("e1-server-2");
        assertThat(server.getCpusetGranted()).isNull();
        assertThat(server.getThreads()).isNull();
        assertThat(server.getQosClass()).isEqualTo("Burstable");
    }

    @Test
    void collectJudgesTheServerFactsBesideTheRunners() throws Exception {
        cluster.node("bench-1", 4, "static", "bench");
        BenchmarkRun run = echo(PlacementSpec.Topology.SameNode);
        RunContext ctx = preflight(run, "bench-1");
        running(run);
        cluster.pods.add(pod("e1-client", "client", "bench-1", "Guaranteed", true, false));
        cluster.pods.add(pod("e1-server", "server", "bench-1", "Guaranteed", true, false));
        log("e1-server", report(3, "3,7").toLogLine());
        RunContext observed = next(ctx);
        new ObserveStep().apply(observed);
        cluster.objects.put(
                RunNames.attemptPrefix(run, 1, "client") + "result.json",
                ResultFixtures.tcpEcho(1).getBytes(StandardCharsets.UTF_8));

        RunContext collected = next(observed);
        collected.status().setPhase(Phase.Collecting);
        collected = cluster.actedOn(new CollectStep(), collected);
        var isolated = Conditions.get(collected.status(), CrdConstants.CONDITION_ISOLATED)
                .orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("SmtSiblingShared");
        assertThat(isolated.getMessage())
                .startsWith(
                        "server pod e1-server on node bench-1: granted cpuset 3 shares physical cores with CPUs outside it"
                                + " (CPU 3 with 7)");

        log("e1-server", report(3, "3").toLogLine());
        observed.status().getIsolation().getServer().setCpusetGranted(null);
        RunContext reread = next(observed);
        new ObserveStep().apply(reread);
        RunContext again = next(reread);
        again.status().setPhase(Phase.Collecting);
        again = cluster.actedOn(new CollectStep(), again);
        var verified =
                Conditions.get(again.status(), CrdConstants.CONDITION_ISOLATED).orElseThrow();
        assertThat(verified.getStatus()).as(verified.getMessage()).isEqualTo("True");
        assertThat(verified.getMessage())
                .contains("server pod e1-server on node bench-1: static CPU manager granted cpuset 3");
    }
}
