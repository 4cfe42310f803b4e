package io.isobench.operator.schedules;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkSchedule;
import io.isobench.operator.api.BenchmarkScheduleStatus;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.observability.RunEvents;
import io.isobench.operator.schedules.SchedulePlan.RunToCreate;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Reconciles one BenchmarkSchedule: observe the runs it owns → {@link ScheduleDecision} decides → the actions (delete the
 * runs Replace drops, create the due run, delete runs beyond the history limits) → the status is stored → requeued at
 * the next due time. Unlike a run's steps the create comes before the status: the run's name is the record of the
 * decision (the due time in minutes), so a reconcile that stops before storing the status repeats a create that the
 * API server answers AlreadyExists, and the next one finds the run and records its time.
 */
public final class BenchmarkScheduleReconciler implements Reconciler<BenchmarkSchedule> {

    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkScheduleReconciler.class);

    private final KubernetesClient client;
    private final Clock clock;
    private final RunEvents events;

    public BenchmarkScheduleReconciler(KubernetesClient client, Clock clock, RunEvents events) {
        this.client = client;
        this.clock = clock;
        this.events = events;
    }

    @Override
    public List<EventSource<?, BenchmarkSchedule>> prepareEventSources(EventSourceContext<BenchmarkSchedule> context) {
        // a run that changes phase or goes away changes the schedule's status and its history
        return List.of(new InformerEventSource<>(
                InformerEventSourceConfiguration.from(BenchmarkRun.class, BenchmarkSchedule.class)
                        .withName("scheduled-runs")
                        .withLabelSelector(CrdConstants.LABEL_SCHEDULE)
                        .withNamespacesInheritedFromController()
                        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(BenchmarkSchedule.class))
                        .build(),
                context));
    }

    @Override
    public UpdateControl<BenchmarkSchedule> reconcile(BenchmarkSchedule schedule, Context<BenchmarkSchedule> context) {
        MDC.put(
                "schedule",
                schedule.getMetadata().getNamespace() + "/"
                        + schedule.getMetadata().getName());
        try {
            return reconcileSchedule(schedule, context);
        } finally {
            MDC.remove("run");
        }
    }

    private UpdateControl<BenchmarkSchedule> reconcileSchedule(
            BenchmarkSchedule schedule, Context<BenchmarkSchedule> context) {
        String uid = schedule.getMetadata().getUid();
        List<ScheduledRun> runs = context.getSecondaryResources(BenchmarkRun.class).stream()
                .filter(r -> r.getMetadata().getOwnerReferences().stream().anyMatch(o -> uid.equals(o.getUid())))
                .map(ScheduledRun::of)
                .toList();
        Instant now = clock.instant();
        SchedulePlan plan = ScheduleDecision.decide(schedule, runs, now);
        BenchmarkScheduleStatus status = plan.status();

        for (String name : plan.replaced()) {
            deleteRun(schedule, name);
            events.record(
                    schedule, "Normal", "Replaced", name + " had not finished: deleted (concurrencyPolicy Replace)");
        }
        plan.create().ifPresent(due -> create(schedule, due, status, now));
        plan.skipped()
                .ifPresent(s -> events.record(
                        schedule, "Warning", "Skipped", "the run due at " + s.time() + " was skipped: " + s.message()));
        for (String name : plan.pruned()) {
            deleteRun(schedule, name);
            LOG.info("deleted {}: beyond the history limits", name);
        }

        if (!Objects.equals(Serialization.asJson(schedule.getStatus()), Serialization.asJson(status))) {
            PrimaryUpdateAndCacheUtils.updateStatusAndCacheResource(schedule, context, s -> {
                s.setStatus(status);
                return s;
            });
        }
        UpdateControl<BenchmarkSchedule> control = UpdateControl.noUpdate();
        return plan.recheck().map(control::rescheduleAfter).orElse(control);
    }

    private void create(BenchmarkSchedule schedule, RunToCreate due, BenchmarkScheduleStatus status, Instant now) {
        try {
            client.resource(RunFromTemplate.build(schedule, due)).create();
            LOG.info("created {} for {}", due.name(), due.scheduledTime());
            events.record(
                    schedule,
                    "Normal",
                    "Created",
                    "created " + due.name() + " for " + due.scheduledTime()
                            + due.baseline().map(b -> ", baseline " + b).orElse(", no baseline"));
        } catch (KubernetesClientException e) {
            if (e.getCode() == 409) {
                return; // made by a reconcile that stopped before storing the status
            }
            if (e.getCode() < 400 || e.getCode() >= 500) {
                throw e; // the API server could not answer: JOSDK retries, the name keeps it one run
            }
            // refused for good (the chart's admission policy, a quota): said in status, not retried until the next time
            String why = e.getStatus() == null ? e.getMessage() : e.getStatus().getMessage();
            ScheduleDecision.refused(status, due.name(), why, now);
            events.record(schedule, "Warning", ScheduleDecision.REFUSED, due.name() + " was refused: " + why);
        }
    }

    private void deleteRun(BenchmarkSchedule schedule, String name) {
        client.resources(BenchmarkRun.class)
                .inNamespace(schedule.getMetadata().getNamespace())
                .withName(name)
                .delete();
    }
}
