package io.isobench.operator.steps;

import io.fabric8.kubernetes.api.model.Pod;
import io.isobench.operator.reconcile.Outcome;
import io.isobench.operator.reconcile.ReconcileStep;
import io.isobench.operator.reconcile.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import io.isobench.operator.workload.RunnerWorkload;
import java.time.Duration;
import java.util.List;

/**
 * Scheduled: makes sure the current attempt's objects exist (idempotent: names are per attempt). SamePod: the
 * argument ConfigMap and one Job. Two pods: the server Job first, then — once its pod has an IP — the
 * ConfigMap pointing the client at it, and the client Job.
 */
public final class ScheduleStep implements ReconcileStep {

    static final Duration RECHECK = Duration.ofSeconds(2);

    @Override
    public Outcome apply(RunContext ctx) {
        var run = ctx.run();
        if (ctx.job(RunnerWorkload.ROLE_CLIENT).isPresent()) {
            return Outcome.proceedToNext();
        }
        var services = ctx.services();
        var client = services.client();
        var workload = services.workload();
        int attempt = ctx.attempt();
        List<String> nodes = ctx.status().getNodes();
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        if (!plan.twoPods()) {
            String serverAddress = plan.serverAddress(run.getSpec().getTarget(), null);
            return Outcome.act(() -> {
                client.resource(workload.arguments(run, attempt, serverAddress)).forceConflicts().serverSideApply();
                createIfAbsent(client, workload.clientJob(run, attempt, nodes.getFirst()));
            }, RECHECK);
        }
        String serverNode = nodes.getLast();
        if (ctx.job(RunnerWorkload.ROLE_SERVER).isEmpty()) {
            return Outcome.act(() -> {
                client.resource(workload.arguments(run, attempt, null)).forceConflicts().serverSideApply();
                createIfAbsent(client, workload.serverJob(run, attempt, serverNode));
            }, RECHECK);
        }
        String ip = ctx.pods(RunnerWorkload.ROLE_SERVER).stream()
                .filter(p -> p.getStatus() != null && "Running".equals(p.getStatus().getPhase()))
                .map(Pod::getStatus).map(s -> s.getPodIP()).filter(a -> a != null && !a.isEmpty()).findFirst().orElse(null);
        if (ip == null) {
            ctx.status().setMessage("waiting for the server pod on " + serverNode + " to run and get an IP");
            return Outcome.stop(RECHECK);
        }
        String serverAddress = plan.serverAddress(run.getSpec().getTarget(), ip);
        return Outcome.act(() -> {
            client.resource(workload.arguments(run, attempt, serverAddress)).forceConflicts().serverSideApply();
            createIfAbsent(client, workload.clientJob(run, attempt, nodes.getFirst()));
        }, RECHECK);
    }

    /** Jobs are named per attempt: one that already exists is this attempt's (a repeated action after a crash). */
    private static void createIfAbsent(io.fabric8.kubernetes.client.KubernetesClient client, io.fabric8.kubernetes.api.model.batch.v1.Job job) {
        try {
            client.resource(job).create();
        } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
            if (e.getCode() != 409) {
                throw e;
            }
        }
    }
}
