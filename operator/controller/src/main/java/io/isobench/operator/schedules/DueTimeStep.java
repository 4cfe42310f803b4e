package io.isobench.operator.schedules;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Decides only: is a run due now, and for which time; or was the due time missed beyond startingDeadlineSeconds. */
public final class DueTimeStep {

    /** What the due time asks for. */
    public sealed interface Due {}

    /** Nothing due since the last time handled. */
    public record NotDue() implements Due {}

    /** A run is due for {@code time}. */
    public record DueAt(Instant time) implements Due {}

    /** {@code time} was due but is older than the deadline allows: it is skipped, {@code message} says why. */
    public record Missed(Instant time, String message) implements Due {}

    private DueTimeStep() {}

    /**
     * @param since the last due time handled (made or skipped), or the schedule's creation: only later times are due
     * @param deadlineSeconds spec.startingDeadlineSeconds, or null for none
     */
    public static Due decide(CronTimes cron, Instant since, Instant now, Integer deadlineSeconds) {
        Optional<Instant> latest = cron.latestAtOrBefore(now);
        if (latest.isEmpty() || !latest.get().isAfter(since)) {
            return new NotDue();
        }
        Instant time = latest.get();
        Duration late = Duration.between(time, now);
        if (deadlineSeconds != null && late.toSeconds() > deadlineSeconds) {
            return new Missed(
                    time,
                    "due at " + time + ", reached " + late.toSeconds() + " s late: more than startingDeadlineSeconds ("
                            + deadlineSeconds + ")");
        }
        return new DueAt(time);
    }
}
