package io.isobench.operator.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunStatus;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.observability.OperatorMetrics;
import io.isobench.operator.observability.RunEvents;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.ActionRejections;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.stepcontract.Services;
import io.isobench.operator.steps.DeadlineStep;
import io.isobench.operator.steps.RevokeGrantStep;
import io.isobench.operator.workload.RunDeadline;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunObjects;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.store.ObjectStoreException;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.IndexedResourceCache;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.RetryInfo;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.retry.GenericRetry;
import io.javaoperatorsdk.operator.processing.retry.Retry;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Reconciles one BenchmarkRun: observe (the run, its Jobs and pods, all runs for the queue) → the phase's steps
 * decide and edit a working copy of the status → the status is stored → only then the decided action runs
 * (create a Job, delete one). Nothing here blocks or sleeps; waiting is a recheck.
 */
public final class BenchmarkRunReconciler implements Reconciler<BenchmarkRun>, Cleaner<BenchmarkRun> {

    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkRunReconciler.class);

    private final Services services;
    private final Clock clock;
    private final OperatorMetrics metrics;
    private final RunEvents events;
    private final ReconcileErrors errors;
    private final SimpleInboundEventSource<BenchmarkRun> queueWakeups = new SimpleInboundEventSource<>("queue-wakeups");
    /** Ended runs seen with pods still live: when those are gone, their node is free and the queue is woken. */
    private final Set<String> endedWithLivePods = ConcurrentHashMap.newKeySet();

    private volatile IndexedResourceCache<BenchmarkRun> primaryCache;
    private volatile InformerEventSource<Pod, BenchmarkRun> runnerPods;

    public BenchmarkRunReconciler(Services services, Clock clock, OperatorMetrics metrics) {
        this.services = services;
        this.clock = clock;
        this.metrics = metrics;
        this.events = services.events();
        this.errors = new ReconcileErrors(
                GenericRetry.defaultLimitedExponentialRetry(),
                services.config().timing().maxReconcileInterval());
    }

    /** The retry schedule JOSDK is to follow after a failed reconcile: the one the run's status.reconcileError tells from. */
    public Retry retry() {
        return errors.retry();
    }

    @Override
    public List<EventSource<?, BenchmarkRun>> prepareEventSources(EventSourceContext<BenchmarkRun> context) {
        primaryCache = context.getPrimaryCache();
        String selector = CrdConstants.LABEL_APP_MANAGED_BY + "=" + CrdConstants.MANAGED_BY;
        String namespace = services.config().runners().namespace();
        var jobs = new InformerEventSource<>(
                InformerEventSourceConfiguration.from(Job.class, BenchmarkRun.class)
                        .withName("runner-jobs")
                        .withNamespaces(namespace)
                        .withLabelSelector(selector)
                        .withSecondaryToPrimaryMapper(BenchmarkRunReconciler::owningRun)
                        .build(),
                context);
        var pods = new InformerEventSource<>(
                InformerEventSourceConfiguration.from(Pod.class, BenchmarkRun.class)
                        .withName("runner-pods")
                        .withNamespaces(namespace)
                        .withLabelSelector(selector)
                        .withSecondaryToPrimaryMapper(BenchmarkRunReconciler::owningRun)
                        .build(),
                context);
        runnerPods = pods;
        return List.of(jobs, pods, queueWakeups);
    }

    /** Runner objects live in the run namespace; annotations name the run they belong to (any namespace). */
    private static Set<ResourceID> owningRun(HasMetadata object) {
        var annotations = object.getMetadata().getAnnotations();
        if (annotations == null || annotations.get(CrdConstants.ANNOTATION_RUN_NAME) == null) {
            return Set.of();
        }
        return Set.of(new ResourceID(
                annotations.get(CrdConstants.ANNOTATION_RUN_NAME),
                annotations.get(CrdConstants.ANNOTATION_RUN_NAMESPACE)));
    }

    /** Every run in the informer cache (metrics); empty before the controller starts. */
    public Collection<BenchmarkRun> allRuns() {
        var cache = primaryCache;
        return cache == null ? List.of() : cache.list().toList();
    }

    @Override
    public UpdateControl<BenchmarkRun> reconcile(BenchmarkRun run, Context<BenchmarkRun> context) throws Exception {
        MDC.put(
                "run",
                run.getMetadata().getNamespace() + "/" + run.getMetadata().getName());
        try {
            UpdateControl<BenchmarkRun> control = reconcileRun(run, context);
            metrics.reconciled("ok");
            return control;
        } catch (Exception e) {
            metrics.reconciled("error");
            LOG.warn("reconcile failed: {}", e.toString());
            throw e;
        } finally {
            MDC.remove("run");
        }
    }

    private UpdateControl<BenchmarkRun> reconcileRun(BenchmarkRun run, Context<BenchmarkRun> context) throws Exception {
        BenchmarkRunStatus before = run.getStatus() == null ? new BenchmarkRunStatus() : run.getStatus();
        BenchmarkRunStatus status = Serialization.clone(before);
        var ctx = new RunContext(
                run,
                status,
                clock.instant(),
                services,
                context.getSecondaryResources(Job.class),
                context.getSecondaryResources(Pod.class),
                () -> context.getPrimaryCache().list().toList(),
                () -> runnerPods.list().toList());
        Phase phaseBefore = before.getPhase();
        Outcome outcome;
        if (phaseBefore == null) {
            ctx.moveTo(Phase.Pending, "validating");
            outcome = Outcome.stop(Duration.ZERO);
        } else {
            outcome = runSteps(ctx);
        }
        Phase phaseAfter = ctx.phase();
        if (phaseAfter != phaseBefore) {
            status.setPhaseSince(ctx.now());
        }
        status.setObservedGeneration(ctx.generation());
        status.setReconcileError(null);
        if (!Objects.equals(Serialization.asJson(before), Serialization.asJson(status))) {
            // Status first: a crash after this repeats an idempotent action; the decision is never lost.
            try {
                PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(run, context, r -> {
                    r.setStatus(status);
                    return r;
                });
            } catch (RuntimeException e) {
                throw new ReconcileFailure("storing the status (" + phaseBefore + " → " + phaseAfter + ")", e);
            }
        }
        events.placeableChanged(
                run,
                Conditions.get(before, CrdConstants.CONDITION_PLACEABLE),
                Conditions.get(status, CrdConstants.CONDITION_PLACEABLE));
        Conditions.changed(before, status, CrdConstants.CONDITION_REGRESSED)
                .ifPresent(c -> events.conditionChanged(run, c, "True"));
        boolean ended = phaseAfter.terminal();
        if (phaseAfter != phaseBefore) {
            LOG.info("{} → {}: {}", phaseBefore, phaseAfter, status.getMessage());
            metrics.phaseEnded(run, phaseBefore, before.getPhaseSince());
            events.phaseChanged(run, phaseAfter, status.getMessage());
            if (ended) {
                metrics.ended(run, phaseAfter);
                // what actions of its attempts left is of no use now (a revocation still is: it goes on after the end)
                services.rejections().forget(run.getMetadata().getUid());
                services.grantIssues().forget(run.getMetadata().getUid());
                services.collections().forget(run.getMetadata().getUid());
            }
            if (ended || phaseBefore == Phase.Queued) {
                // a node was freed, or this run left the head of its queue: the next in line looks now
                wakeQueue(context);
            }
        }
        Duration recheck = outcome.recheck();
        if (outcome.action() != null) {
            try {
                outcome.action().run();
            } catch (KubernetesClientException e) {
                if (phaseAfter != Phase.Scheduled || !ActionRejections.refusal(e)) {
                    throw new ReconcileFailure(actionFailed(phaseAfter), e);
                }
                // refused for good: the attempt fails in the next reconcile (RejectedActionStep), not after JOSDK's
                // retries
                LOG.warn(
                        "attempt {}: the API server refused an action ({}): {}",
                        ctx.attempt(),
                        e.getCode(),
                        e.getMessage());
                services.rejections().record(run.getMetadata().getUid(), ctx.attempt(), e);
                recheck = Duration.ZERO;
            } catch (Exception e) {
                throw new ReconcileFailure(actionFailed(phaseAfter), e);
            }
        }
        if (ended) {
            if (phaseBefore != phaseAfter) {
                // what an ended run does (release its pods, publish) runs now, after its end is stored
                recheck = Duration.ZERO;
            }
            wakeQueueWhenPodsAreGone(ctx, context);
        } else {
            Duration untilDeadline = DeadlineStep.remaining(ctx).plusMillis(100);
            recheck = recheck == null || recheck.compareTo(untilDeadline) > 0 ? untilDeadline : recheck;
        }
        UpdateControl<BenchmarkRun> control = UpdateControl.noUpdate();
        return recheck == null ? control : control.rescheduleAfter(recheck.isNegative() ? Duration.ZERO : recheck);
    }

    /** The phase's steps in order; the actions of every step that ran are done in that order, after the status is stored. */
    private static Outcome runSteps(RunContext ctx) throws Exception {
        Phase phase = ctx.phase();
        Outcome outcome = null;
        for (ReconcileStep step : PhaseSteps.of(phase)) {
            Outcome decided;
            try {
                decided = step.apply(ctx);
            } catch (Exception e) {
                throw new ReconcileFailure("step " + step.name() + " (phase " + phase + ")", e);
            }
            outcome = outcome == null ? decided : outcome.then(decided);
            if (!decided.next() || ctx.phase() != phase) {
                break;
            }
        }
        return outcome == null ? Outcome.stop(null) : outcome;
    }

    private static String actionFailed(Phase phase) {
        return "the action decided in phase " + phase + ", after its status was stored";
    }

    /**
     * A failed reconcile is said in the run's status (status.reconcileError: what failed, the how-manieth in a row, when it is
     * tried again), not only in the operator's log; JOSDK still retries. The next reconcile that succeeds removes it.
     */
    @Override
    public ErrorStatusUpdateControl<BenchmarkRun> updateErrorStatus(
            BenchmarkRun run, Context<BenchmarkRun> context, Exception e) {
        int failedBefore =
                context.getRetryInfo().map(RetryInfo::getAttemptCount).orElse(0);
        var error = errors.describe(e, failedBefore, clock.instant());
        // the run as stored, not as this reconcile left it: a status the API server refused must not be sent again
        BenchmarkRun stored = Serialization.clone(
                context.getPrimaryCache().get(ResourceID.fromResource(run)).orElse(run));
        try {
            PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(stored, context, r -> {
                var status = r.getStatus() == null ? new BenchmarkRunStatus() : r.getStatus();
                status.setReconcileError(error);
                r.setStatus(status);
                return r;
            });
        } catch (RuntimeException storing) {
            LOG.warn("cannot say in status why the reconcile failed ({}): {}", error.getMessage(), storing.toString());
        }
        return ErrorStatusUpdateControl.noStatusUpdate();
    }

    /** A node may have been freed: the run whose turn it is in every pool gets a look now rather than at its recheck. */
    private void wakeQueue(Context<BenchmarkRun> context) {
        services.ledger()
                .queueHeads(context.getPrimaryCache().list().toList())
                .forEach(r -> queueWakeups.propagateEvent(ResourceID.fromResource(r)));
    }

    /**
     * A deleted run's upload grants are revoked (every attempt's: revoking one already gone is a no-op) and their Secrets
     * deleted — also when status names no grant but the run was admitted to a node (a run stored by an operator that issued
     * the grant before storing its record). False while the store cannot be asked and a grant could still be valid
     * (before the run's deadline, when every grant expires): the finalizer then stays and this is tried again.
     */
    private boolean revokeUploadGrants(BenchmarkRun run) {
        var status = run.getStatus();
        boolean admitted = status != null
                && (status.getUploadGrant() != null
                        || (status.getNodes() != null && !status.getNodes().isEmpty()));
        if (!admitted || services.uploads() == null) {
            return true;
        }
        int attempts = status.getAttempts() == null ? 1 : status.getAttempts();
        try {
            for (int attempt = 1; attempt <= attempts; attempt++) {
                services.uploads().revoke(RunNames.attemptPrefix(run, attempt, RunnerWorkload.ROLE_CLIENT));
            }
        } catch (ObjectStoreException e) {
            boolean expired = !RunDeadline.of(run).isAfter(clock.instant());
            LOG.warn(
                    "deleted run: cannot revoke its upload grants yet{}: {}",
                    expired ? " (expired already: going on)" : "",
                    e.getMessage());
            if (!expired) {
                return false;
            }
        }
        for (int attempt = 1; attempt <= attempts; attempt++) {
            services.client()
                    .secrets()
                    .inNamespace(services.config().runners().namespace())
                    .withName(RunNames.uploadGrant(run, attempt))
                    .delete();
        }
        return true;
    }

    /** An ended run's node is free once its last live pod is gone (pod events bring the run here): the queue looks then. */
    private void wakeQueueWhenPodsAreGone(RunContext ctx, Context<BenchmarkRun> context) {
        String uid = ctx.run().getMetadata().getUid();
        if (ctx.allPods().stream().anyMatch(RunObjects::live)) {
            endedWithLivePods.add(uid);
        } else if (endedWithLivePods.remove(uid)) {
            wakeQueue(context);
        }
    }

    /**
     * The run is being deleted: its upload grants are revoked, then its Jobs, pods and argument ConfigMaps go (they live in the
     * run namespace, so no owner reference can take them). Its node is handed out again only once the pods are gone (the queue
     * rechecks).
     */
    @Override
    public DeleteControl cleanup(BenchmarkRun run, Context<BenchmarkRun> context) {
        String namespace = services.config().runners().namespace();
        String uid = run.getMetadata().getUid();
        var client = services.client();
        if (!revokeUploadGrants(run)) {
            return DeleteControl.noFinalizerRemoval().rescheduleAfter(RevokeGrantStep.RETRY);
        }
        int jobs = context.getSecondaryResources(Job.class).size();
        RunObjects.deleteJobs(client, namespace, uid);
        RunObjects.deleteArguments(client, namespace, uid);
        services.ledger().release(uid);
        services.rejections().forget(uid);
        services.publications().forget(uid);
        services.grantIssues().forget(uid);
        services.revocations().forget(uid);
        services.collections().forget(uid);
        endedWithLivePods.remove(uid);
        if (run.getStatus() != null
                && run.getStatus().getPhase() != null
                && !run.getStatus().getPhase().terminal()) {
            wakeQueue(context);
        }
        LOG.info("deleted: removed {} Job(s), their pods and the argument ConfigMaps from {}", jobs, namespace);
        return DeleteControl.defaultDelete();
    }
}
