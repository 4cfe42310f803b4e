package io.isobench.operator.reconcile;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunStatus;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.observability.OperatorMetrics;
import io.isobench.operator.observability.RunEvents;
import io.isobench.operator.placement.NodeLedger;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.IndexedResourceCache;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
    private final SimpleInboundEventSource<BenchmarkRun> queueWakeups = new SimpleInboundEventSource<>("queue-wakeups");
    private volatile IndexedResourceCache<BenchmarkRun> primaryCache;

    public BenchmarkRunReconciler(Services services, Clock clock, OperatorMetrics metrics, RunEvents events) {
        this.services = services;
        this.clock = clock;
        this.metrics = metrics;
        this.events = events;
    }

    @Override
    public List<EventSource<?, BenchmarkRun>> prepareEventSources(EventSourceContext<BenchmarkRun> context) {
        primaryCache = context.getPrimaryCache();
        String selector = CrdConstants.LABEL_APP_MANAGED_BY + "=" + CrdConstants.MANAGED_BY;
        String namespace = services.config().runNamespace();
        var jobs = new InformerEventSource<>(InformerEventSourceConfiguration.from(Job.class, BenchmarkRun.class)
                .withName("runner-jobs").withNamespaces(namespace).withLabelSelector(selector)
                .withSecondaryToPrimaryMapper(BenchmarkRunReconciler::owningRun)
                .build(), context);
        var pods = new InformerEventSource<>(InformerEventSourceConfiguration.from(Pod.class, BenchmarkRun.class)
                .withName("runner-pods").withNamespaces(namespace).withLabelSelector(selector)
                .withSecondaryToPrimaryMapper(BenchmarkRunReconciler::owningRun)
                .build(), context);
        return List.of(jobs, pods, queueWakeups);
    }

    /** Runner objects live in the run namespace; annotations name the run they belong to (any namespace). */
    private static java.util.Set<ResourceID> owningRun(HasMetadata object) {
        var annotations = object.getMetadata().getAnnotations();
        if (annotations == null || annotations.get(CrdConstants.ANNOTATION_RUN_NAME) == null) {
            return java.util.Set.of();
        }
        return java.util.Set.of(new ResourceID(annotations.get(CrdConstants.ANNOTATION_RUN_NAME), annotations.get(CrdConstants.ANNOTATION_RUN_NAMESPACE)));
    }

    /** Every run in the informer cache (metrics); empty before the controller starts. */
    public java.util.Collection<BenchmarkRun> allRuns() {
        var cache = primaryCache;
        return cache == null ? List.of() : cache.list().toList();
    }

    @Override
    public UpdateControl<BenchmarkRun> reconcile(BenchmarkRun run, Context<BenchmarkRun> context) throws Exception {
        MDC.put("run", run.getMetadata().getNamespace() + "/" + run.getMetadata().getName());
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
        var ctx = new RunContext(run, status, clock.instant(), services, context.getSecondaryResources(Job.class),
                context.getSecondaryResources(Pod.class), () -> context.getPrimaryCache().list().toList());
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
            status.setPhaseSince(ctx.now().toString());
        }
        status.setObservedGeneration(ctx.generation());
        if (!Objects.equals(Serialization.asJson(before), Serialization.asJson(status))) {
            // Status first: a crash after this repeats an idempotent action; the decision is never lost.
            PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(run, context, r -> {
                r.setStatus(status);
                return r;
            });
        }
        Conditions.changed(before, status, CrdConstants.CONDITION_REGRESSED).ifPresent(c -> events.conditionChanged(run, c, "True"));
        if (phaseAfter != phaseBefore) {
            LOG.info("{} → {}: {}", phaseBefore, phaseAfter, status.getMessage());
            events.phaseChanged(run, phaseAfter, status.getMessage());
            if (PhaseSteps.terminal(phaseAfter)) {
                metrics.ended(run, phaseAfter);
            }
            if (PhaseSteps.terminal(phaseAfter) || phaseBefore == Phase.Queued) {
                // a node was freed, or this run left the head of its queue: the next in line looks now
                wakeQueue(context);
            }
        }
        if (outcome.action() != null) {
            outcome.action().run();
        }
        Duration recheck = outcome.recheck();
        if (!PhaseSteps.terminal(phaseAfter)) {
            Duration untilDeadline = io.isobench.operator.steps.DeadlineStep.remaining(ctx).plusMillis(100);
            recheck = recheck == null || recheck.compareTo(untilDeadline) > 0 ? untilDeadline : recheck;
        }
        UpdateControl<BenchmarkRun> control = UpdateControl.noUpdate();
        return recheck == null ? control : control.rescheduleAfter(recheck.isNegative() ? Duration.ZERO : recheck);
    }

    private static Outcome runSteps(RunContext ctx) throws Exception {
        Phase phase = ctx.phase();
        Outcome outcome = Outcome.stop(null);
        Duration soonest = null;
        for (ReconcileStep step : PhaseSteps.of(phase)) {
            outcome = step.apply(ctx);
            // a step that lets the next one run may still want another look (compare waits for its baseline): the soonest wins
            soonest = outcome.recheck() != null && (soonest == null || outcome.recheck().compareTo(soonest) < 0) ? outcome.recheck()
                    : soonest;
            if (!outcome.next() || ctx.phase() != phase) {
                break;
            }
        }
        return new Outcome(outcome.action(), outcome.next(), soonest);
    }

    /** A node may have been freed: the oldest waiting run of every pool gets a look now rather than at its recheck. */
    private void wakeQueue(Context<BenchmarkRun> context) {
        var heads = new java.util.LinkedHashMap<String, BenchmarkRun>();
        context.getPrimaryCache().list()
                .filter(r -> r.getStatus() != null && r.getStatus().getPhase() == Phase.Queued)
                .sorted(NodeLedger.FIFO)
                .forEach(r -> heads.putIfAbsent(NodeLedger.poolOf(r), r));
        heads.values().forEach(r -> queueWakeups.propagateEvent(ResourceID.fromResource(r)));
    }

    @Override
    public DeleteControl cleanup(BenchmarkRun run, Context<BenchmarkRun> context) {
        String namespace = services.config().runNamespace();
        String uid = run.getMetadata().getUid();
        var client = services.client();
        List<List<? extends HasMetadata>> removed = new ArrayList<>();
        removed.add(client.batch().v1().jobs().inNamespace(namespace).withLabel(CrdConstants.LABEL_RUN_UID, uid).list().getItems());
        client.batch().v1().jobs().inNamespace(namespace).withLabel(CrdConstants.LABEL_RUN_UID, uid).withPropagationPolicy(
                io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND).delete();
        client.resources(ConfigMap.class).inNamespace(namespace).withLabel(CrdConstants.LABEL_RUN_UID, uid).delete();
        services.ledger().release(uid);
        if (run.getStatus() != null && !PhaseSteps.terminal(run.getStatus().getPhase())) {
            wakeQueue(context);
        }
        LOG.info("deleted: removed {} Job(s) and the argument ConfigMaps from {}", removed.getFirst().size(), namespace);
        return DeleteControl.defaultDelete();
    }
}
