package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RunVerdict;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import io.isobench.result.ResultJson;
import io.isobench.result.samples.ResultSamples;
import io.isobench.store.BucketLayout;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ObserveAndCollectStepTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();
    private final BenchmarkRun run = Runs.dispatch("r1", now.minusSeconds(30));

    private RunContext in(Phase phase) {
        return in(run, phase);
    }

    private RunContext in(BenchmarkRun base, Phase phase) {
        cluster.node("bench-1", 4, "static", "bench");
        BenchmarkRun r = Runs.inPhase(base, phase, "bench-1");
        r.getStatus().setAttempts(1);
        var isolation = new IsolationStatus();
        isolation.setMode("Exclusive");
        isolation.setCpuManagerPolicy("static");
        isolation.setReservedSystemCpus("3");
        isolation.setCpusRequested(2);
        isolation.setQosClass("Guaranteed");
        r.getStatus().setIsolation(isolation);
        return cluster.context(r, now);
    }

    private Job job(String condition, String finishedAt) {
        var job = new JobBuilder()
                .withNewMetadata()
                .withName(RunNames.job(run, 1))
                .endMetadata()
                .withNewStatus()
                .endStatus()
                .build();
        if (condition != null) {
            job.getStatus()
                    .getConditions()
                    .add(new io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder()
                            .withType(condition)
                            .withStatus("True")
                            .withReason(condition.equals("Failed") ? "BackoffLimitExceeded" : null)
                            .withLastTransitionTime(finishedAt)
                            .build());
        }
        return job;
    }

    private void pod(String phase, Integer exitCode) {
        pod(phase, exitCode, null);
    }

    private void pod(String phase, Integer exitCode, Instant finishedAt) {
        var pod = new PodBuilder()
                .withNewMetadata()
                .withName("r1-pod")
                .addToLabels(CrdConstants.LABEL_ATTEMPT, "1")
                .addToLabels(CrdConstants.LABEL_ROLE, "client")
                .withCreationTimestamp(now.toString())
                .endMetadata()
                .withNewSpec()
                .withNodeName("bench-1")
                .endSpec()
                .withNewStatus()
                .withPhase(phase)
                .withQosClass("Guaranteed")
                .endStatus()
                .build();
        if (exitCode != null) {
            pod.getStatus()
                    .getContainerStatuses()
                    .add(new io.fabric8.kubernetes.api.model.ContainerStatusBuilder()
                            .withName("client")
                            .withNewState()
                            .withNewTerminated()
                            .withExitCode(exitCode)
                            .withReason("Error")
                            .withFinishedAt(finishedAt == null ? null : finishedAt.toString())
                            .endTerminated()
                            .endState()
                            .build());
        }
        cluster.pods.add(pod);
    }

    @Test
    void aRunningPodMovesTheRunToRunningWithItsQosClass() throws Exception {
        cluster.jobs.add(job(null, null));
        pod("Running", null);
        RunContext ctx = in(Phase.Scheduled);
        new ObserveStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Running);
        assertThat(ctx.status().getIsolation().getQosClass()).isEqualTo("Guaranteed");
    }

    @Test
    void aCompleteJobOrTheStepFailedExitCodeGoesToCollectingAnyOtherFailureFailsTheRun() throws Exception {
        cluster.jobs.add(job("Failed", now.toString()));
        pod("Failed", 1);
        RunContext ctx = in(Phase.Running);
        new ObserveStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Collecting);

        cluster.pods.clear();
        pod("Failed", 3);
        RunContext crashed = in(Phase.Running);
        var outcome = new ObserveStep().apply(crashed);
        assertThat(crashed.phase()).isEqualTo(Phase.Failed);
        assertThat(crashed.status().getMessage())
                .isEqualTo("runner exited with code 3 (Error): the run could not start or crashed, no result");
        assertThat(outcome.action())
                .as("the server Jobs of the attempt are removed")
                .isNotNull();
    }

    @Test
    void aRunnerThatExitedWithItsResultWrittenIsCollectedBeforeItsJobEnds() throws Exception {
        // the pod still Running (a sidecar server stopping, or the kubelet not yet past the exit), the Job not ended
        cluster.jobs.add(job(null, null));
        pod("Running", 0);
        RunContext ctx = in(Phase.Running);
        new ObserveStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Collecting);
        assertThat(ctx.status().getMessage()).isEqualTo("runner finished; reading its result.json");

        for (int code : new int[] {1, 5}) {
            cluster.pods.clear();
            pod("Running", code);
            RunContext written = in(Phase.Running);
            new ObserveStep().apply(written);
            assertThat(written.phase()).as("exit code %d", code).isEqualTo(Phase.Collecting);
        }

        // any other code leaves no result: the Job's end says why the attempt failed
        cluster.pods.clear();
        pod("Running", 3);
        RunContext crashed = in(Phase.Running);
        new ObserveStep().apply(crashed);
        assertThat(crashed.phase()).isEqualTo(Phase.Running);
    }

    @Test
    void aMissingResultIsWaitedForFromTheRunnersExitWhenItsJobHasNotEnded() throws Exception {
        cluster.jobs.add(job(null, null));
        pod("Running", 0, now.minusSeconds(1));
        RunContext soon = in(Phase.Collecting);
        new CollectStep().apply(soon);
        assertThat(soon.phase()).isEqualTo(Phase.Collecting);
        assertThat(soon.status().getMessage()).startsWith("waiting for the runner's upload");

        cluster.pods.clear();
        pod("Running", 0, now.minus(cluster.config.timing().collectGrace()).minusSeconds(1));
        RunContext late = in(Phase.Collecting);
        new CollectStep().apply(late);
        assertThat(late.phase()).isEqualTo(Phase.Failed);
        assertThat(late.status().getMessage()).contains("after the runner ended");
    }

    @Test
    void theInconclusiveExitCodeGoesToCollectingLikeAFailedStep() throws Exception {
        cluster.jobs.add(job("Failed", now.toString()));
        pod("Failed", 5);
        RunContext ctx = in(Phase.Running);
        new ObserveStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Collecting);
        assertThat(ctx.status().getMessage())
                .isEqualTo("runner finished INCONCLUSIVE (host noise); reading its result.json");
    }

    @Test
    void aStepMeasuredWithAutoRepetitionsSaysInStatusHowManyItGotAndThePrecisionTheyReached() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (ObjectNode) json.readTree(fixture("dispatch-closed/result.json"));
        String budgetRanOut = "precision ±5% not reached: the budget of 3 repetitions (--max-repetitions) ran out with "
                + "p50 ±7.1%, p99 ±12%";
        var auto = (ObjectNode) tree.get("steps").get(0);
        var repetitions = auto.withArray("repetitions");
        ((ObjectNode) repetitions.get(repetitions.size() - 1))
                .putArray("notes")
                .add("the generator was busy 3% of the window")
                .add(budgetRanOut);
        cluster.objects.put(RunNames.attemptPrefix(run, 1, "client") + "result.json", json.writeValueAsBytes(tree));
        RunContext ctx = in(Phase.Collecting);

        ctx = cluster.actedOn(new CollectStep(), ctx);

        var steps = ctx.status().getSteps();
        assertThat(steps.getFirst().getRepetitions()).isEqualTo(repetitions.size());
        assertThat(steps.getFirst().getPrecision()).isEqualTo(budgetRanOut);
        assertThat(steps.get(1).getRepetitions())
                .isEqualTo(tree.get("steps").get(1).withArray("repetitions").size());
        assertThat(steps.get(1).getPrecision())
                .as("a fixed count says nothing of precision")
                .isNull();
    }

    @Test
    void anInconclusiveResultFailsTheRunAsNotConclusiveWithTheRunnersReason() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var tree = (ObjectNode) json.readTree(fixture("dispatch-closed/result.json"));
        String noise =
                "host noise beyond the 1ms noise budget: the jitter probe before saw a 4.2 ms stall on CPU 1 (budget 1ms)";
        var step = (ObjectNode) tree.get("steps").get(0);
        step.withArray("repetitions")
                .forEach(r -> ((ObjectNode) r).put("verdict", "INCONCLUSIVE").put("reason", noise));
        step.put("verdict", "INCONCLUSIVE").put("reason", "1 of 1 inconclusive: repetition 1: " + noise);
        tree.put("verdict", "INCONCLUSIVE")
                .put("reason", "1 of 3 inconclusive: " + step.get("id").asText() + ": repetition 1: " + noise);
        cluster.objects.put(RunNames.attemptPrefix(run, 1, "client") + "result.json", json.writeValueAsBytes(tree));
        RunContext ctx = in(Phase.Collecting);

        ctx = cluster.actedOn(new CollectStep(), ctx);

        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        assertThat(ctx.status().getVerdict()).isEqualTo(RunVerdict.INCONCLUSIVE);
        assertThat(ctx.status().getSteps().getFirst().getVerdict()).isEqualTo(RunVerdict.INCONCLUSIVE);
        assertThat(ctx.status().getMessage()).isEqualTo(tree.get("reason").asText());
        var conclusive =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_CONCLUSIVE).orElseThrow();
        assertThat(conclusive.getStatus()).isEqualTo("False");
        assertThat(conclusive.getReason()).isEqualTo("HostNoise");
        assertThat(conclusive.getMessage()).contains("the jitter probe before saw a 4.2 ms stall on CPU 1");
        var completed =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_COMPLETED).orElseThrow();
        assertThat(completed.getReason()).isEqualTo("Inconclusive");
        assertThat(completed.getMessage()).startsWith("1 of 3 inconclusive");
    }

    @Test
    void aRunnerFailIsCollectedAsFailedWithTheRunnersOwnReason() throws Exception {
        BenchmarkRun echo = Runs.tcpEcho("refused", now.minusSeconds(30), PlacementSpec.Topology.SameNode);
        byte[] refused =
                ResultSamples.connectionRefused(); // the real runner's result.json against a port nobody listens on
        String reason =
                ResultJson.parse(new String(refused, StandardCharsets.UTF_8)).reason();
        cluster.objects.put(RunNames.attemptPrefix(echo, 1, "client") + "result.json", refused);
        RunContext ctx = in(echo, Phase.Collecting);

        ctx = cluster.actedOn(new CollectStep(), ctx);

        assertThat(reason).endsWith("target failed: could not start tcp-echo remote: Connection refused");
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        assertThat(ctx.status().getMessage()).isEqualTo(reason);
        assertThat(ctx.status().getVerdict()).isEqualTo(RunVerdict.FAIL);
        assertThat(ctx.status().getSteps()).singleElement().satisfies(s -> {
            assertThat(s.getVerdict()).isEqualTo(RunVerdict.FAIL);
            assertThat(s.getSamples()).isZero();
            assertThat(s.getReason()).endsWith("Connection refused");
        });
        var completed =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_COMPLETED).orElseThrow();
        assertThat(completed.getReason()).isEqualTo("StepFailed");
        assertThat(completed.getMessage()).isEqualTo(reason);
        assertThat(ctx.status().getArtifacts().getResult())
                .as("collected, so it is published")
                .endsWith("/result.json");
    }

    @Test
    void aFailedAttemptIsRetriedWhileRetriesAllow() throws Exception {
        run.getSpec().setRetries(1);
        RunContext ctx = in(Phase.Running);
        new ObserveStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Scheduled);
        assertThat(ctx.attempt()).isEqualTo(2);
        assertThat(ctx.status().getMessage())
                .startsWith(
                        "attempt 1 failed (JobDeleted: runner Job of attempt 1 was deleted); retrying as attempt 2 of 2");
    }

    @Test
    void aNodeNotReadyPastTheGraceFailsTheAttempt() throws Exception {
        cluster.jobs.add(job(null, null));
        pod("Running", null);
        RunContext ctx = in(Phase.Running);
        cluster.nodes.getFirst().getStatus().getConditions().getFirst().setStatus("Unknown");
        cluster.nodes
                .getFirst()
                .getStatus()
                .getConditions()
                .getFirst()
                .setLastTransitionTime(now.minusSeconds(31).toString());
        new ObserveStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        assertThat(ctx.status().getMessage()).isEqualTo("node bench-1 has been NotReady since " + now.minusSeconds(31));
    }

    @Test
    void theUploadedResultBecomesStatusWithVerifiedIsolation() throws Exception {
        cluster.objects.put(
                RunNames.attemptPrefix(run, 1, "client") + "result.json", fixture("dispatch-closed/result.json"));
        RunContext ctx = in(Phase.Collecting);
        ctx = cluster.actedOn(new CollectStep(), ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Succeeded);
        assertThat(ctx.status().getSteps()).hasSize(3).allSatisfy(s -> {
            assertThat(s.getP50()).isPositive();
            assertThat(s.getMax()).isGreaterThanOrEqualTo(s.getP99());
            assertThat(s.getVerdict()).isEqualTo(RunVerdict.OK);
        });
        assertThat(ctx.status().getSummary().getP50()).matches("[0-9.]+(ns|us|ms)");
        var isolated =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_ISOLATED).orElseThrow();
        assertThat(isolated.getStatus()).as(isolated.getMessage()).isEqualTo("True");
        assertThat(ctx.status().getIsolation().getCpusetGranted()).isEqualTo("0-1");
        assertThat(Conditions.get(ctx.status(), CrdConstants.CONDITION_COMPLETED)
                        .orElseThrow()
                        .getReason())
                .isEqualTo("Succeeded");
    }

    @Test
    void aCpusetHoldingAReservedCpuIsNotIsolated() throws Exception {
        cluster.objects.put(
                RunNames.attemptPrefix(run, 1, "client") + "result.json", fixture("dispatch-closed/result.json"));
        RunContext ctx = in(Phase.Collecting);
        ctx.status().getIsolation().setReservedSystemCpus("1");
        ctx = cluster.actedOn(new CollectStep(), ctx);
        var isolated =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_ISOLATED).orElseThrow();
        assertThat(isolated.getStatus()).isEqualTo("False");
        assertThat(isolated.getReason()).isEqualTo("ReservedCpusGranted");
    }

    /** Collects the fixture result as {@code edit} rewrote it, as a corrupt or hostile runner would upload it. */
    private RunContext collectRewritten(java.util.function.UnaryOperator<String> edit) throws Exception {
        cluster.objects.put(
                RunNames.attemptPrefix(run, 1, "client") + "result.json",
                edit.apply(new String(fixture("dispatch-closed/result.json"), StandardCharsets.UTF_8))
                        .getBytes(StandardCharsets.UTF_8));
        RunContext ctx = in(Phase.Collecting);
        ctx = cluster.actedOn(new CollectStep(), ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        assertThat(ctx.status().getSteps()).as("nothing of it in status").isNullOrEmpty();
        return ctx;
    }

    @Test
    void anAbsurdResultIsRejectedNamingTheFieldAndValue() throws Exception {
        RunContext ctx = collectRewritten(json -> json.replaceFirst("\"p50\" : \\d+", "\"p50\" : 999999999999999"));
        assertThat(ctx.status().getMessage())
                .contains("was rejected: steps[0].merged.latency.p50 = 999999999999999 exceeds");
    }

    @Test
    void aResultOfAnotherTargetIsRejected() throws Exception {
        RunContext ctx =
                collectRewritten(json -> json.replace("\n  \"target\" : \"dispatch\"", "\n  \"target\" : \"ipc\""));
        assertThat(ctx.status().getMessage()).endsWith("was rejected: target = 'ipc' is not the run's target dispatch");
    }

    @Test
    void decidingKeepsNothingTheActionKeepsTheResultAndTheNextReconcileEndsTheRunFromWhatWasKept() throws Exception {
        String uploaded = RunNames.attemptPrefix(run, 1, "client") + "result.json";
        cluster.objects.put(uploaded, fixture("dispatch-closed/result.json"));
        RunContext ctx = in(Phase.Collecting);
        var outcome = new CollectStep().apply(ctx);
        assertThat(cluster.objects.keySet())
                .as("nothing is written to the store while deciding")
                .containsOnly(uploaded);
        assertThat(ctx.phase()).isEqualTo(Phase.Collecting);
        assertThat(ctx.status().getSteps())
                .as("nothing of it in status before it is kept")
                .isNullOrEmpty();
        assertThat(outcome.recheck()).as("how it went is said at once").isEqualTo(Duration.ZERO);

        outcome.action().run();
        String kept = BucketLayout.runResult(RunNames.key(run));
        assertThat(cluster.objects).containsKey(kept);
        // a runner still able to upload replaces its result after it was kept: the run ends on what was kept
        cluster.objects.put(uploaded, "{}".getBytes(StandardCharsets.UTF_8));
        RunContext next = cluster.next(ctx, now.plusSeconds(1));
        assertThat(new CollectStep().apply(next).action()).isNull();
        assertThat(next.phase()).isEqualTo(Phase.Succeeded);
        assertThat(next.status().getSteps()).hasSize(3);
        assertThat(next.status().getArtifacts().getResult()).isEqualTo(uploaded);
    }

    @Test
    void aKeepTheStoreFailedIsSaidInStatusByTheNextReconcileAndTriedAgain() throws Exception {
        cluster.objects.put(
                RunNames.attemptPrefix(run, 1, "client") + "result.json", fixture("dispatch-closed/result.json"));
        RunContext ctx = in(Phase.Collecting);
        var outcome = new CollectStep().apply(ctx);
        cluster.storeDown = true;
        outcome.action().run();
        cluster.storeDown = false;

        RunContext next = cluster.next(ctx, now.plusSeconds(1));
        var said = new CollectStep().apply(next);
        assertThat(next.phase()).isEqualTo(Phase.Collecting);
        assertThat(said.action()).as("not again at once").isNull();
        assertThat(said.recheck()).isEqualTo(Duration.ofSeconds(5));
        assertThat(next.status().getMessage())
                .isEqualTo("object store unreachable while keeping the files of s3://isobench/"
                        + RunNames.attemptPrefix(run, 1, "client") + "result.json: connection refused; retrying");

        RunContext again = cluster.actedOn(new CollectStep(), cluster.next(next, now.plusSeconds(6)));
        assertThat(cluster.objects).as("tried again").containsKey(BucketLayout.runResult(RunNames.key(run)));
        assertThat(again.phase()).isEqualTo(Phase.Succeeded);
    }

    @Test
    void anUnreachableStoreIsWaitedForAndAMissingResultFailsAfterTheGrace() throws Exception {
        cluster.storeDown = true;
        RunContext down = in(Phase.Collecting);
        var outcome = new CollectStep().apply(down);
        assertThat(down.phase()).isEqualTo(Phase.Collecting);
        assertThat(outcome.recheck()).isPositive();
        assertThat(down.status().getMessage()).startsWith("object store unreachable");

        cluster.storeDown = false;
        cluster.jobs.add(job("Complete", now.minusSeconds(10).toString()));
        RunContext late = in(Phase.Collecting);
        new CollectStep().apply(late);
        assertThat(late.phase()).isEqualTo(Phase.Failed);
        assertThat(late.status().getMessage()).contains("no result.json at s3://isobench/runs/team-a/r1/");
    }

    @Test
    void aRunPastItsTimeoutFailsWhateverItsPhase() throws Exception {
        run.getSpec().setTimeout("20s");
        RunContext ctx = in(Phase.Running);
        var outcome = new DeadlineStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        assertThat(ctx.status().getMessage()).isEqualTo("did not finish within spec.timeout 20s (was Running)");
        // the action gives back a node admitted but not stored as held, and deletes nothing (the fake has no client to
        // delete
        // with): its Jobs go once the end is stored, as every ended run's (ReleaseStep)
        outcome.action().run();
    }

    private static byte[] fixture(String name) throws IOException {
        try (InputStream in = ObserveAndCollectStepTest.class.getResourceAsStream("/runs/" + name)) {
            return in.readAllBytes();
        }
    }
}
