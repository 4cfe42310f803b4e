package io.isobench.operator.schedules;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.RunVerdict;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;

/**
 * What the schedule's steps know of one run it made: read once from the BenchmarkRun (observe), never changed.
 *
 * @param scheduledTime the due time it was made for (its annotation; its creation time if that was removed)
 * @param phase null until the run's own reconcile has set one
 * @param regressed its Regressed condition's status, or null
 * @param baseline its spec.report.baseline, or null
 * @param deleting a deletion was asked for (its finalizer still runs): neither active nor history
 */
public record ScheduledRun(
        String name,
        Instant scheduledTime,
        Phase phase,
        RunVerdict verdict,
        String regressed,
        Instant finishedAt,
        String baseline,
        boolean deleting) {

    /** Newest first: by due time, then by name (the name carries the due time in minutes). */
    public static final Comparator<ScheduledRun> NEWEST_FIRST = Comparator.<ScheduledRun, Instant>comparing(
                    ScheduledRun::scheduledTime)
            .thenComparing(ScheduledRun::name)
            .reversed();

    public boolean finished() {
        return phase != null && phase.terminal();
    }

    /** Not finished and not being deleted: what Forbid waits for and Replace deletes. */
    public boolean active() {
        return !finished() && !deleting;
    }

    public static ScheduledRun of(BenchmarkRun run) {
        var meta = run.getMetadata();
        var status = run.getStatus();
        var report = run.getSpec() == null ? null : run.getSpec().getReport();
        return new ScheduledRun(
                meta.getName(),
                scheduledTime(run),
                status == null ? null : status.getPhase(),
                status == null ? null : status.getVerdict(),
                status == null
                        ? null
                        : status.getConditions().stream()
                                .filter(c -> CrdConstants.CONDITION_REGRESSED.equals(c.getType()))
                                .map(c -> c.getStatus())
                                .findFirst()
                                .orElse(null),
                status == null ? null : status.getCompletionTime(),
                report == null ? null : report.getBaseline(),
                meta.getDeletionTimestamp() != null);
    }

    private static Instant scheduledTime(BenchmarkRun run) {
        var meta = run.getMetadata();
        String annotated = meta.getAnnotations() == null
                ? null
                : meta.getAnnotations().get(CrdConstants.ANNOTATION_SCHEDULED_TIME);
        try {
            if (annotated != null) {
                return Instant.parse(annotated);
            }
        } catch (DateTimeParseException e) {
            // edited by hand: the creation time is the next best
        }
        return meta.getCreationTimestamp() == null ? Instant.EPOCH : Instant.parse(meta.getCreationTimestamp());
    }
}
