package io.isobench.operator.observability;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import java.time.Clock;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kubernetes Events on the BenchmarkRun (what `kubectl describe br` shows): one per phase change, when it cannot be placed,
 * per change of the Regressed condition, and when the operator deleted it (ttlSecondsAfterFinished); and on a
 * BenchmarkSchedule, one per run it created, skipped or replaced.
 */
public final class RunEvents {

    private static final Logger LOG = LoggerFactory.getLogger(RunEvents.class);
    private final KubernetesClient client;
    private final Clock clock;
    private final String reportingInstance;

    public RunEvents(KubernetesClient client, Clock clock, String reportingInstance) {
        this.client = client;
        this.clock = clock;
        this.reportingInstance = reportingInstance;
    }

    public void phaseChanged(BenchmarkRun run, Phase phase, String message) {
        record(
                run,
                phase == Phase.Failed ? "Warning" : "Normal",
                phase.name(),
                message == null ? phase.name() : message);
    }

    /**
     * A Warning when the run cannot be placed (the condition's reason: NoMatchingNode, Unschedulable) and a Normal
     * {@code Placeable} when it can again; nothing while the condition stays as it was, so a waiting run is not noisy.
     */
    public void placeableChanged(BenchmarkRun run, Optional<Condition> before, Optional<Condition> after) {
        if (after.isEmpty()) {
            return;
        }
        Condition now = after.get();
        if (before.map(b ->
                        b.getStatus().equals(now.getStatus()) && b.getReason().equals(now.getReason()))
                .orElse(false)) {
            return;
        }
        if ("False".equals(now.getStatus())) {
            record(run, "Warning", now.getReason(), now.getMessage());
        } else if (before.isPresent()) {
            record(run, "Normal", CrdConstants.CONDITION_PLACEABLE, now.getMessage());
        }
    }

    /** A condition that changed (Regressed): reason {@code <type><status>}, a Warning when its status is {@code warnWhen}. */
    public void conditionChanged(BenchmarkRun run, Condition condition, String warnWhen) {
        record(
                run,
                warnWhen.equals(condition.getStatus()) ? "Warning" : "Normal",
                condition.getType() + condition.getStatus(),
                condition.getReason() + ": " + condition.getMessage());
    }

    /** The operator deleted the run: the Event outlives it (for the API server's event TTL), saying when and why. */
    public void deleted(BenchmarkRun run, String why) {
        record(run, "Normal", "Deleted", why);
    }

    /** An Event on any object of ours (a BenchmarkSchedule: each run it created, skipped or replaced). */
    public void record(HasMetadata object, String type, String reason, String message) {
        String now = clock.instant().toString();
        var meta = object.getMetadata();
        var event = new EventBuilder()
                .withNewMetadata()
                .withName(meta.getName() + "."
                        + UUID.randomUUID().toString().substring(0, 13).replace("-", ""))
                .withNamespace(meta.getNamespace())
                .endMetadata()
                .withNewInvolvedObject()
                .withApiVersion(object.getApiVersion())
                .withKind(object.getKind())
                .withName(meta.getName())
                .withNamespace(meta.getNamespace())
                .withUid(meta.getUid())
                .withResourceVersion(meta.getResourceVersion())
                .endInvolvedObject()
                .withType(type)
                .withReason(reason)
                .withMessage(truncate(message))
                .withFirstTimestamp(now)
                .withLastTimestamp(now)
                .withCount(1)
                .withNewSource()
                .withComponent("isobench-operator")
                .endSource()
                .withReportingComponent("isobench.io/operator")
                .withReportingInstance(reportingInstance)
                .build();
        try {
            client.v1()
                    .events()
                    .inNamespace(meta.getNamespace())
                    .resource(event)
                    .create();
        } catch (KubernetesClientException e) {
            // An event is a courtesy: never fail a reconcile over it.
            LOG.warn(
                    "could not record event {} for {}/{}: {}",
                    reason,
                    meta.getNamespace(),
                    meta.getName(),
                    e.getMessage());
        }
    }

    private static String truncate(String message) {
        return message.length() <= 1000 ? message : message.substring(0, 1000) + "…";
    }
}
