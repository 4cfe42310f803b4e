package io.isobench.operator.steps;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.observability.RunEvents;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import java.time.Duration;
import java.time.Instant;

/**
 * Succeeded/Failed, last: deletes the run {@code ttlSecondsAfterFinished} after it finished (the spec's, else the
 * installation's default), never before its result is published, and never a Failed run that asks to be kept
 * ({@code keepFailed}). The deletion is the action, after the status is stored; the run's finalizer then removes its Jobs,
 * pods, ConfigMaps and grant Secrets, while its objects in the bucket and on the site stay. Until the time comes the run is
 * looked at again then (a recheck, no polling); the time is counted from the stored {@code status.completionTime}, so an
 * operator restart changes nothing.
 */
public final class RetentionStep implements ReconcileStep {

    /** Why a finished run stays. */
    public enum KeepReason {
        /** Neither the spec nor the installation gives a ttlSecondsAfterFinished. */
        NoTtl,
        /** It ended Failed and spec.keepFailed asks to keep it. */
        KeepFailed,
        /** Its result is not on the site yet: deleting it would end the publishing, which needs the run. */
        NotPublished
    }

    /** What the step decided. */
    public sealed interface Decision {
        /** @param why for the Event: which TTL, since when, and that the results stay */
        record Delete(String why) implements Decision {}

        /** Not yet: look again at {@code deleteAt}. */
        record DeleteAt(Instant deleteAt) implements Decision {}

        record Keep(KeepReason reason) implements Decision {}
    }

    @Override
    public Outcome apply(RunContext ctx) {
        return switch (decide(ctx)) {
            case Decision.Keep ignored -> Outcome.proceedToNext();
            case Decision.DeleteAt(var at) -> Outcome.proceedToNext(Duration.between(ctx.now(), at));
            case Decision.Delete(var why) -> {
                var services = ctx.services();
                BenchmarkRun run = ctx.run();
                yield Outcome.actThenNext(() -> delete(services.client(), services.events(), run, why));
            }
        };
    }

    /** Delete now, delete later, or keep (and why), from the run's stored status, its spec and the installation's default. */
    public static Decision decide(RunContext ctx) {
        var spec = ctx.run().getSpec();
        Integer specTtl = spec.getTtlSecondsAfterFinished();
        Duration ttl = specTtl != null
                ? Duration.ofSeconds(specTtl)
                : ctx.services().config().timing().ttlAfterFinished();
        if (ttl == null) {
            return new Decision.Keep(KeepReason.NoTtl);
        }
        var status = ctx.status();
        if (ctx.phase() == Phase.Failed && Boolean.TRUE.equals(spec.getKeepFailed())) {
            return new Decision.Keep(KeepReason.KeepFailed);
        }
        if (!publishedOrNothingToPublish(ctx)) {
            return new Decision.Keep(KeepReason.NotPublished);
        }
        // completionTime is stored when the run ends; phaseSince (also stored) stands in for a run that ended without
        // one
        Instant finished = status.getCompletionTime() != null ? status.getCompletionTime() : status.getPhaseSince();
        Instant deleteAt = finished.plus(ttl);
        if (ctx.now().isBefore(deleteAt)) {
            return new Decision.DeleteAt(deleteAt);
        }
        String which = specTtl != null
                ? "spec.ttlSecondsAfterFinished " + specTtl
                : "the installation's default ttlSecondsAfterFinished " + ttl.toSeconds();
        return new Decision.Delete("deleted " + ttl.toSeconds() + "s after it ended " + ctx.phase() + " at " + finished
                + " (" + which + "); its results stay in the bucket under " + RunNames.runPrefix(ctx.run())
                + " and on the report site");
    }

    /**
     * Published, or there is nothing to publish: no result was collected (the run failed before), or the operator has no
     * site to publish to. A publication that keeps failing keeps the run, its Published=False condition saying why.
     */
    private static boolean publishedOrNothingToPublish(RunContext ctx) {
        var status = ctx.status();
        return status.getArtifacts() == null
                || ctx.services().publisher() == null
                || Conditions.isTrue(status, CrdConstants.CONDITION_PUBLISHED);
    }

    /**
     * Deletes the run as read now, only if it is still the one decided on (same uid: not a new run of the same name) and
     * unchanged since (its resourceVersion locked), then says so in an Event; gone already: nothing to do.
     */
    private static void delete(KubernetesClient client, RunEvents events, BenchmarkRun decided, String why) {
        var runs = client.resources(BenchmarkRun.class)
                .inNamespace(decided.getMetadata().getNamespace())
                .withName(decided.getMetadata().getName());
        BenchmarkRun current = runs.get();
        if (current == null
                || !decided.getMetadata().getUid().equals(current.getMetadata().getUid())
                || current.getMetadata().getDeletionTimestamp() != null) {
            return;
        }
        runs.lockResourceVersion(current.getMetadata().getResourceVersion()).delete();
        events.deleted(current, why);
    }
}
