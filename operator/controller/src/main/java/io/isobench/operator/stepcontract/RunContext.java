package io.isobench.operator.stepcontract;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunStatus;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One reconcile's view of one run: the run as the cache holds it, the working copy of its status the steps
 * edit, what the run owns in the cluster (Jobs, pods), every run (for the queue), and the services.
 */
public final class RunContext {

    private final BenchmarkRun run;
    private final BenchmarkRunStatus status;
    private final Instant now;
    private final Services services;
    private final Collection<Job> jobs;
    private final Collection<Pod> pods;
    private final Supplier<Collection<BenchmarkRun>> allRuns;
    private final Supplier<Collection<Pod>> runnerPods;

    /**
     * @param jobs       the run's Jobs (every attempt)
     * @param pods       the run's pods (every attempt)
     * @param allRuns    every run (the queue)
     * @param runnerPods every runner pod in the run namespace, of any run (who is still on which node)
     */
    public RunContext(
            BenchmarkRun run,
            BenchmarkRunStatus status,
            Instant now,
            Services services,
            Collection<Job> jobs,
            Collection<Pod> pods,
            Supplier<Collection<BenchmarkRun>> allRuns,
            Supplier<Collection<Pod>> runnerPods) {
        this.run = run;
        this.status = status;
        this.now = now;
        this.services = services;
        this.jobs = jobs;
        this.pods = pods;
        this.allRuns = allRuns;
        this.runnerPods = runnerPods;
    }

    public BenchmarkRun run() {
        return run;
    }

    public BenchmarkRunStatus status() {
        return status;
    }

    public Instant now() {
        return now;
    }

    public Services services() {
        return services;
    }

    public Collection<BenchmarkRun> allRuns() {
        return allRuns.get();
    }

    public Collection<Pod> runnerPods() {
        return runnerPods.get();
    }

    public long generation() {
        Long g = run.getMetadata().getGeneration();
        return g == null ? 0 : g;
    }

    public int attempt() {
        return status.getAttempts() == null ? 1 : status.getAttempts();
    }

    /** The current attempt's Job of one role (client or server). */
    public Optional<Job> job(String role) {
        String name = RunnerWorkload.ROLE_SERVER.equals(role)
                ? RunNames.job(run, attempt()) + "-server"
                : RunNames.job(run, attempt());
        return jobs.stream().filter(j -> name.equals(j.getMetadata().getName())).findFirst();
    }

    /** The current attempt's pods of one role, newest first. */
    public List<Pod> pods(String role) {
        String attempt = String.valueOf(attempt());
        return pods.stream()
                .filter(p -> p.getMetadata().getLabels() != null
                        && attempt.equals(p.getMetadata().getLabels().get(CrdConstants.LABEL_ATTEMPT))
                        && role.equals(p.getMetadata().getLabels().get(CrdConstants.LABEL_ROLE)))
                .sorted((a, b) -> String.valueOf(b.getMetadata().getCreationTimestamp())
                        .compareTo(String.valueOf(a.getMetadata().getCreationTimestamp())))
                .toList();
    }

    public Collection<Job> allJobs() {
        return jobs;
    }

    /** The run's pods of every attempt. */
    public Collection<Pod> allPods() {
        return pods;
    }

    public Phase phase() {
        return status.getPhase() == null ? Phase.Pending : status.getPhase();
    }

    /** Moves to another phase, with a message for humans. */
    public void moveTo(Phase next, String message) {
        status.setPhase(next);
        status.setMessage(message);
    }

    public void condition(String type, boolean value, String reason, String message) {
        Conditions.set(status, type, value, reason, message, generation(), now);
    }

    /** Ends the run as Failed: Completed=True with the reason (what a user looks up in docs/troubleshooting.md) and the message. */
    public void fail(FailureReason reason, String message) {
        moveTo(Phase.Failed, message);
        status.setCompletionTime(now);
        if (status.getQueuePosition() != null) {
            status.setQueuePosition(null);
        }
        condition(CrdConstants.CONDITION_COMPLETED, true, reason.name(), message);
    }
}
