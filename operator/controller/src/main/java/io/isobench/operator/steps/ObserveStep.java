package io.isobench.operator.steps;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PinnedThread;
import io.isobench.operator.api.ServerIsolation;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.placement.ServerReports;
import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.result.CpuSets;
import io.isobench.result.ServerReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Scheduled/Running: follows the attempt's client Job and pod. Pod running → Running. Job complete, or the runner's
 * container ended with exit code 0, "a step FAILed" or "INCONCLUSIVE" (its result is uploaded; seen before the Job
 * ends) → Collecting. Job or pod deleted, any other failure → the attempt failed, with the reason; the node NotReady
 * past a grace period → the attempt failed and the retry goes back to the queue for a healthy node. On every pass it
 * also records the isolation facts the pods give: QoS class and node, and the server's start-up report.
 */
public final class ObserveStep implements ReconcileStep {

    /** The runner's exit code for "finished, a step FAILed, result written" (docs/contracts.md). */
    static final int EXIT_STEP_FAILED = 1;
    /** The runner's exit code for "finished INCONCLUSIVE (host noise), result written". */
    static final int EXIT_INCONCLUSIVE = 5;

    static final Duration NODE_LOST_GRACE = Duration.ofSeconds(30);
    static final Duration RECHECK = Duration.ofSeconds(5);

    @Override
    public Outcome apply(RunContext ctx) {
        Optional<Job> job = ctx.job(RunnerWorkload.ROLE_CLIENT);
        if (job.isEmpty()) {
            return ctx.phase() == Phase.Running
                    ? Attempts.failed(
                            ctx, FailureReason.JobDeleted, "runner Job of attempt " + ctx.attempt() + " was deleted")
                    : Outcome.stop(RECHECK);
        }
        List<Pod> pods = ctx.pods(RunnerWorkload.ROLE_CLIENT);
        Optional<Pod> pod = pods.stream().findFirst();
        observeIsolation(ctx, pod);
        unscheduledLoadPod(ctx).ifPresent(ctx.status()::setMessage);
        if (condition(job.get(), "Complete")) {
            ctx.moveTo(Phase.Collecting, resultWritten(0).orElseThrow());
            return Outcome.stop(Duration.ZERO);
        }
        // The runner's container is read before its Job: the kubelet reports the exit a second or so before the pod's
        // terminal phase, and the Job controller takes that in after a batching second of its own (longer while a
        // sidecar server stops). An exit code after which the result is written is collected at once.
        Optional<ContainerStateTerminated> exit = pod.flatMap(ObserveStep::clientExit);
        Optional<String> written = exit.flatMap(e -> resultWritten(e.getExitCode()));
        if (written.isPresent()) {
            ctx.moveTo(Phase.Collecting, written.get());
            return Outcome.stop(Duration.ZERO);
        }
        if (condition(job.get(), "Failed")) {
            return Attempts.failed(ctx, FailureReason.RunnerFailed, describeFailure(job.get(), pod, exit));
        }
        if (pod.isPresent()
                && ctx.phase() == Phase.Scheduled
                && "Running".equals(pod.get().getStatus().getPhase())
                && everyLoadPodMade(ctx)) {
            Pod p = pod.get();
            ctx.status().setStartTime(ctx.now());
            ctx.moveTo(
                    Phase.Running,
                    "runner pod " + p.getMetadata().getName() + " running on "
                            + p.getSpec().getNodeName());
            return Outcome.stop(Duration.ZERO);
        }
        for (String node : ctx.status().getNodes()) {
            Optional<String> lost = nodeLost(ctx, node);
            if (lost.isPresent()) {
                return Attempts.nodeLost(ctx, lost.get());
            }
        }
        return Outcome.stop(RECHECK);
    }

    /** Whether the Jobs of every load pod after part 0 exist (load.parallelism above 1; trivially so otherwise). */
    private static boolean everyLoadPodMade(RunContext ctx) {
        int count = ctx.run().getSpec().getLoad().loadPods();
        for (int part = 1; part < count; part++) {
            String name = RunNames.loadPartJob(ctx.run(), ctx.attempt(), part);
            if (ctx.allJobs().stream()
                    .noneMatch(j -> name.equals(j.getMetadata().getName()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * A load pod after the first that the scheduler could not place, and why (its PodScheduled condition): load part 0
     * waits for it to join, then FAILs the run naming it, so the reason is said while there is time to act on it.
     */
    private static Optional<String> unscheduledLoadPod(RunContext ctx) {
        return ctx.pods(RunnerWorkload.ROLE_LOAD_PART).stream()
                .filter(p -> p.getStatus() != null
                        && "Pending".equals(p.getStatus().getPhase())
                        && p.getStatus().getConditions() != null)
                .flatMap(p -> p.getStatus().getConditions().stream()
                        .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()))
                        .map(c -> "load pod " + p.getMetadata().getLabels().get(CrdConstants.LABEL_LOAD_PART) + " ("
                                + p.getMetadata().getName() + ") is not scheduled: " + c.getReason()
                                + (c.getMessage() == null ? "" : ": " + c.getMessage())
                                + "; load part 0 waits for it to join, then fails the run naming it"))
                .findFirst();
    }

    /** The other load pods' pod, QoS class and node, into their isolation facts. */
    private static void observeLoadParts(RunContext ctx, IsolationStatus isolation) {
        if (isolation.getLoadParts() == null) {
            return;
        }
        for (Pod p : ctx.pods(RunnerWorkload.ROLE_LOAD_PART)) {
            String part = p.getMetadata().getLabels().get(CrdConstants.LABEL_LOAD_PART);
            isolation.getLoadParts().stream()
                    .filter(facts -> String.valueOf(facts.getPart()).equals(part))
                    .findFirst()
                    .ifPresent(facts -> {
                        facts.setPod(p.getMetadata().getName());
                        if (p.getStatus() != null) {
                            facts.setQosClass(p.getStatus().getQosClass());
                        }
                        if (p.getSpec() != null && p.getSpec().getNodeName() != null) {
                            facts.setNode(p.getSpec().getNodeName());
                        }
                    });
        }
    }

    /**
     * The pods' QoS class and node, and (when the server has CPUs of its own) the server's start-up report, read from
     * its container's log once it has started and until it is read; a new attempt's server pod starts its facts over.
     */
    private static void observeIsolation(RunContext ctx, Optional<Pod> client) {
        IsolationStatus isolation = ctx.status().getIsolation();
        if (isolation == null) {
            return;
        }
        client.filter(p -> p.getStatus() != null).ifPresent(p -> {
            isolation.setQosClass(p.getStatus().getQosClass());
            isolation.setNode(p.getSpec() == null ? null : p.getSpec().getNodeName());
        });
        observeLoadParts(ctx, isolation);
        ServerIsolation server = isolation.getServer();
        boolean ownPod = ResourcePlan.of(ctx.run().getSpec()).twoPods();
        Optional<Pod> serverPod =
                ownPod ? ctx.pods(RunnerWorkload.ROLE_SERVER).stream().findFirst() : client;
        if (server == null || serverPod.isEmpty() || serverPod.get().getStatus() == null) {
            return;
        }
        Pod pod = serverPod.get();
        if (!pod.getMetadata().getName().equals(server.getPod())) {
            server.setPod(pod.getMetadata().getName());
            server.setCpusetGranted(null);
            server.setSmtSiblings(null);
            server.setThreads(null);
            server.setUnverified(null);
        }
        server.setQosClass(pod.getStatus().getQosClass());
        if (pod.getSpec() != null && pod.getSpec().getNodeName() != null) {
            server.setNode(pod.getSpec().getNodeName());
        }
        if (server.getCpusetGranted() != null || !started(pod, RunnerWorkload.ROLE_SERVER)) {
            return;
        }
        ServerReports.Read read = ctx.services()
                .serverReports()
                .read(
                        ctx.services().config().runners().namespace(),
                        pod.getMetadata().getName(),
                        RunnerWorkload.ROLE_SERVER);
        if (read.report() == null) {
            server.setUnverified(read.problem());
            return;
        }
        ServerReport report = read.report();
        server.setUnverified(null);
        server.setCpusetGranted(CpuSets.format(report.cpuset().cpus()));
        server.setSmtSiblings(report.smtSiblings() == null ? List.of() : report.smtSiblings());
        server.setThreads(report.pinning().stream()
                .map(p -> new PinnedThread(p.role(), p.cpu(), p.applied(), p.detail()))
                .toList());
    }

    /** Whether the container (a sidecar, or a pod's own) has started: its log holds what it printed at start-up. */
    private static boolean started(Pod pod, String container) {
        return Stream.of(pod.getStatus().getContainerStatuses(), pod.getStatus().getInitContainerStatuses())
                .filter(Objects::nonNull)
                .flatMap(List::stream)
                .filter(s -> container.equals(s.getName()) && s.getState() != null)
                .anyMatch(s -> s.getState().getRunning() != null || s.getState().getTerminated() != null);
    }

    private static Optional<String> nodeLost(RunContext ctx, String name) {
        var node = ctx.services().nodes().node(name);
        if (node.isEmpty()) {
            return Optional.of("node " + name + " no longer exists");
        }
        if (NodeInspector.ready(node.get())) {
            return Optional.empty();
        }
        Instant since = node.get().getStatus().getConditions().stream()
                .filter(c -> "Ready".equals(c.getType()))
                .findFirst()
                .map(c -> Instant.parse(c.getLastTransitionTime()))
                .orElse(Instant.EPOCH);
        return since.plus(NODE_LOST_GRACE).isBefore(ctx.now())
                ? Optional.of("node " + name + " has been NotReady since " + since)
                : Optional.empty();
    }

    static boolean condition(Job job, String type) {
        return job.getStatus() != null
                && job.getStatus().getConditions() != null
                && job.getStatus().getConditions().stream()
                        .anyMatch((JobCondition c) -> type.equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /**
     * What Collecting says after a runner exit code once the result is written and uploaded (docs/contracts.md): 0, a
     * FAILed step, INCONCLUSIVE; empty for any other code, which leaves no result.
     */
    static Optional<String> resultWritten(int exitCode) {
        return switch (exitCode) {
            case 0 -> Optional.of("runner finished; reading its result.json");
            case EXIT_STEP_FAILED -> Optional.of("runner finished with a FAILed step; reading its result.json");
            case EXIT_INCONCLUSIVE -> Optional.of("runner finished INCONCLUSIVE (host noise); reading its result.json");
            default -> Optional.empty();
        };
    }

    /** The runner container's end, once the kubelet has reported it. */
    static Optional<ContainerStateTerminated> clientExit(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
            return Optional.empty();
        }
        return pod.getStatus().getContainerStatuses().stream()
                .filter(s -> RunnerWorkload.ROLE_CLIENT.equals(s.getName()))
                .map(ContainerStatus::getState)
                .filter(s -> s != null && s.getTerminated() != null)
                .map(s -> s.getTerminated())
                .findFirst();
    }

    /** What the runner's documented exit codes mean (docs/contracts.md), for a reason a reader can act on. */
    static String meaning(int exitCode) {
        return switch (exitCode) {
            case 2 -> ": bad usage (the runner's log names the option and value)";
            case 3 -> ": the run could not start or crashed, no result";
            case 4 -> ": its result was written but the upload to the object store failed until the upload deadline";
            case 5 ->
                ": INCONCLUSIVE, host noise beyond the noise budget or a rate the host made it miss (its result is"
                        + " uploaded)";
            case 137 -> ": killed (out of memory, or the container was stopped)";
            default -> "";
        };
    }

    private static String describeFailure(Job job, Optional<Pod> pod, Optional<ContainerStateTerminated> exit) {
        String jobReason = job.getStatus().getConditions().stream()
                .filter(c -> "Failed".equals(c.getType()))
                .findFirst()
                .map(c -> c.getReason() + (c.getMessage() == null ? "" : " (" + c.getMessage() + ")"))
                .orElse("failed");
        if (exit.isPresent()) {
            var t = exit.get();
            return "runner exited with code " + t.getExitCode()
                    + (t.getReason() == null ? "" : " (" + t.getReason() + ")") + meaning(t.getExitCode())
                    + (t.getMessage() == null || t.getMessage().isBlank() ? "" : ": " + t.getMessage());
        }
        if (pod.isEmpty()) {
            return "runner pod was deleted; Job " + jobReason;
        }
        return "Job " + jobReason;
    }
}
