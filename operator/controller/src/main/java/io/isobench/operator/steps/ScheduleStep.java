package io.isobench.operator.steps;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.isobench.operator.api.UploadGrantStatus;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import io.isobench.operator.workload.RunDeadline;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.store.ObjectStoreException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Scheduled: makes sure the current attempt's objects exist (idempotent: names are per attempt). SamePod: the
 * argument ConfigMap and one Job. Two pods: the server Job and the NetworkPolicy that lets only this attempt's client
 * reach it first, then — once its pod has an IP — the ConfigMap pointing the client at it, and the client Job. With the
 * client Job comes the attempt's upload grant: recorded in status here, issued by the action (idempotent: the same
 * per-attempt account each time), then put in a Secret for the runner container, owned by the argument ConfigMap; the
 * server gets none. With load.parallelism above 1 the client is load part 0: with it come the attempt's parts secret and
 * the NetworkPolicy that lets only the attempt's other load pods reach it; once it has an IP, those load pods follow.
 */
public final class ScheduleStep implements ReconcileStep {

    static final Duration RECHECK = Duration.ofSeconds(2);
    /** A store that refuses the operator (not merely unreachable) is asked again less often. */
    static final Duration ISSUE_RETRY = Duration.ofSeconds(30);

    @Override
    public Outcome apply(RunContext ctx) {
        var run = ctx.run();
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        if (ctx.job(RunnerWorkload.ROLE_CLIENT).isPresent()) {
            return plan.loadPods().parallel() ? startOtherLoadPods(ctx, plan) : Outcome.proceedToNext();
        }
        var services = ctx.services();
        var client = services.client();
        var workload = services.workload();
        int attempt = ctx.attempt();
        List<String> nodes = ctx.status().getNodes();
        if (!plan.twoPods()) {
            String serverAddress = plan.serverAddress(run.getSpec().getTarget(), null);
            return startClient(ctx, serverAddress, plan.loadNode(nodes, 0), null);
        }
        String serverNode = plan.serverNode(nodes);
        Optional<Job> serverJob = ctx.job(RunnerWorkload.ROLE_SERVER);
        if (serverJob.isEmpty()) {
            return Outcome.act(
                    () -> {
                        client.resource(workload.arguments(run, attempt, null))
                                .forceConflicts()
                                .serverSideApply();
                        Job created = createOrGet(client, workload.serverJob(run, attempt, serverNode));
                        createIfAbsent(client, workload.serverPolicy(run, attempt, created));
                    },
                    RECHECK);
        }
        String ip = runningIp(ctx.pods(RunnerWorkload.ROLE_SERVER));
        if (ip == null) {
            ctx.status().setMessage("waiting for the server pod on " + serverNode + " to run and get an IP");
            return Outcome.stop(RECHECK);
        }
        return startClient(
                ctx, plan.serverAddress(run.getSpec().getTarget(), ip), plan.loadNode(nodes, 0), serverJob.get());
    }

    /** The IP of the newest of these pods that runs and has one, or null. */
    private static String runningIp(List<Pod> pods) {
        return pods.stream()
                .filter(p ->
                        p.getStatus() != null && "Running".equals(p.getStatus().getPhase()))
                .map(Pod::getStatus)
                .map(s -> s.getPodIP())
                .filter(a -> a != null && !a.isEmpty())
                .findFirst()
                .orElse(null);
    }

    /**
     * load.parallelism above 1, once load part 0's Job exists: when its pod has an IP, the other load pods' argument
     * files (pointing at it) and their Jobs, each on its node of the run's. Until then the run stays Scheduled (the observe
     * step does not call it Running before every load pod is made).
     */
    private static Outcome startOtherLoadPods(RunContext ctx, ResourcePlan plan) {
        var run = ctx.run();
        int attempt = ctx.attempt();
        List<Integer> missing = new ArrayList<>();
        for (int part = 1; part < plan.loadPods().count(); part++) {
            String name = RunNames.loadPartJob(run, attempt, part);
            if (ctx.allJobs().stream()
                    .noneMatch(j -> name.equals(j.getMetadata().getName()))) {
                missing.add(part);
            }
        }
        if (missing.isEmpty()) {
            return Outcome.proceedToNext();
        }
        String coordinator = runningIp(ctx.pods(RunnerWorkload.ROLE_CLIENT));
        if (coordinator == null) {
            ctx.status()
                    .setMessage("waiting for load part 0's pod to run and get an IP (the other " + missing.size()
                            + " load pods join it there)");
            return Outcome.proceedToNext();
        }
        String serverAddress;
        if (plan.twoPods()) {
            String serverIp = runningIp(ctx.pods(RunnerWorkload.ROLE_SERVER));
            if (serverIp == null) {
                ctx.status().setMessage("waiting for the server pod to run again before starting the other load pods");
                return Outcome.proceedToNext();
            }
            serverAddress = plan.serverAddress(run.getSpec().getTarget(), serverIp);
        } else {
            serverAddress = plan.serverAddress(run.getSpec().getTarget(), null);
        }
        List<String> nodes = ctx.status().getNodes();
        var client = ctx.services().client();
        var workload = ctx.services().workload();
        ctx.status()
                .setMessage("load part 0 runs at " + coordinator + "; starting load pods "
                        + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")));
        return Outcome.act(
                () -> {
                    client.resource(workload.arguments(run, attempt, serverAddress, coordinator))
                            .forceConflicts()
                            .serverSideApply();
                    for (int part : missing) {
                        createIfAbsent(client, workload.loadPartJob(run, attempt, part, plan.loadNode(nodes, part)));
                    }
                },
                RECHECK);
    }

    /**
     * The client's arguments, its upload grant and its Job (and, beside a server Job, that server's NetworkPolicy). The
     * grant is decided and recorded in status here and issued by the action, first; a store that would not issue it is
     * said in status by the next reconcile, which tries again later, and nothing is created meanwhile.
     */
    private static Outcome startClient(RunContext ctx, String serverAddress, String node, Job serverJob) {
        var run = ctx.run();
        int attempt = ctx.attempt();
        var services = ctx.services();
        var uploads = services.uploads();
        var grantIssues = services.grantIssues();
        String uid = run.getMetadata().getUid();
        String prefix = RunNames.attemptPrefix(run, attempt, RunnerWorkload.ROLE_CLIENT);
        Instant expires = RunDeadline.of(run);
        if (uploads != null) {
            Optional<ObjectStoreException> refused = grantIssues.take(uid, attempt);
            if (refused.isPresent()) {
                ObjectStoreException e = refused.get();
                ctx.status()
                        .setMessage("cannot issue the runner's upload grant for " + prefix + ": " + e.getMessage()
                                + "; retrying");
                return Outcome.stop(e.retryable() ? RECHECK : ISSUE_RETRY);
            }
            var grant = new UploadGrantStatus();
            grant.setAttempt(attempt);
            grant.setPrefix(prefix);
            grant.setExpires(expires);
            ctx.status().setUploadGrant(grant);
        }
        var client = services.client();
        var workload = services.workload();
        boolean parallel = ResourcePlan.of(run.getSpec()).loadPods().parallel();
        return Outcome.act(
                () -> {
                    String grantJson = null;
                    if (uploads != null) {
                        try {
                            grantJson = uploads.issue(prefix, expires).toJson();
                        } catch (ObjectStoreException e) {
                            grantIssues.record(uid, attempt, e);
                            return;
                        }
                    }
                    var arguments = client.resource(workload.arguments(run, attempt, serverAddress))
                            .forceConflicts()
                            .serverSideApply();
                    if (serverJob != null) {
                        // again, in case a crash came between the server Job and its policy: the client never starts
                        // without it
                        createIfAbsent(client, workload.serverPolicy(run, attempt, serverJob));
                    }
                    if (grantJson != null) {
                        createIfAbsent(client, workload.uploadGrantSecret(run, attempt, grantJson, arguments));
                    }
                    if (!parallel) {
                        createIfAbsent(client, workload.clientJob(run, attempt, node));
                        return;
                    }
                    // drawn here, kept by whichever creation came first, never read back by the operator
                    createIfAbsent(client, workload.partsTokenSecret(run, attempt, drawToken(), arguments));
                    Job partZero = createOrGet(client, workload.clientJob(run, attempt, node));
                    createIfAbsent(client, workload.partsPolicy(run, attempt, partZero));
                },
                RECHECK);
    }

    /**
     * Objects are named per attempt: one that already exists is this attempt's (a repeated action after a crash, or before the
     * cache saw what the last one made). Never read back: the operator may create a grant's Secret but not read one.
     */
    private static void createIfAbsent(KubernetesClient client, HasMetadata object) {
        try {
            client.resource(object).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != 409) {
                throw e;
            }
        }
    }

    /** A fresh secret for an attempt's load pods: 256 random bits, hex. */
    private static String drawToken() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The Job as created, or as it already is (its uid owns a NetworkPolicy). */
    private static Job createOrGet(KubernetesClient client, Job job) {
        try {
            return client.resource(job).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != 409) {
                throw e;
            }
            return client.resource(job).get();
        }
    }
}
