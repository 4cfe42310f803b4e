package io.isobench.operator.schedules;

import io.isobench.operator.api.BenchmarkScheduleStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What one reconcile of a schedule decided: the status to store and the actions, run in this order — delete the
 * {@code replaced} runs, create {@code create}, delete the {@code pruned} ones.
 *
 * @param skipped the due time skipped now (Forbid or past the deadline) with its reason and message, for an Event
 * @param recheck when to look again: the next due time; empty when none will come unless the schedule changes
 */
public record SchedulePlan(
        BenchmarkScheduleStatus status,
        Optional<RunToCreate> create,
        List<String> replaced,
        List<String> pruned,
        Optional<Skipped> skipped,
        Optional<Duration> recheck) {

    /** The run due now: its name (the schedule's and the due time in minutes), its due time and its baseline. */
    public record RunToCreate(String name, Instant scheduledTime, Optional<String> baseline) {}

    /** A due time not run: {@code reason} Forbid or MissedDeadline. */
    public record Skipped(Instant time, String reason, String message) {}
}
