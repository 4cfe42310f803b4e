package io.isobench.operator.status;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.isobench.operator.api.BenchmarkRunStatus;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Standard Kubernetes conditions: lastTransitionTime moves only when the status value changes. */
public final class Conditions {

    private Conditions() {}

    public static void set(
            BenchmarkRunStatus status,
            String type,
            boolean value,
            String reason,
            String message,
            long generation,
            Instant now) {
        set(status, type, value ? "True" : "False", reason, message, generation, now);
    }

    /** The same for a condition that may also be Unknown: {@code text} is True, False or Unknown. */
    public static void set(
            BenchmarkRunStatus status,
            String type,
            String text,
            String reason,
            String message,
            long generation,
            Instant now) {
        set(status.getConditions(), type, text, reason, message, generation, now);
    }

    /** The same on any status's list of conditions (a BenchmarkSchedule's). */
    public static void set(
            List<Condition> conditions,
            String type,
            String text,
            String reason,
            String message,
            long generation,
            Instant now) {
        Optional<Condition> existing =
                conditions.stream().filter(c -> type.equals(c.getType())).findFirst();
        String since = existing.filter(c -> text.equals(c.getStatus()))
                .map(Condition::getLastTransitionTime)
                .orElse(now.toString());
        Condition next = new ConditionBuilder()
                .withType(type)
                .withStatus(text)
                .withReason(reason)
                .withMessage(message == null ? "" : message)
                .withObservedGeneration(generation)
                .withLastTransitionTime(since)
                .build();
        conditions.removeIf(c -> Objects.equals(type, c.getType()));
        conditions.add(next);
    }

    public static Optional<Condition> get(BenchmarkRunStatus status, String type) {
        return status.getConditions().stream()
                .filter(c -> type.equals(c.getType()))
                .findFirst();
    }

    /** The condition of {@code type} in {@code after} when its status or reason differs from {@code before}'s. */
    public static Optional<Condition> changed(BenchmarkRunStatus before, BenchmarkRunStatus after, String type) {
        Optional<Condition> was = get(before, type);
        return get(after, type)
                .filter(c -> was.isEmpty()
                        || !Objects.equals(was.get().getStatus(), c.getStatus())
                        || !Objects.equals(was.get().getReason(), c.getReason()));
    }

    public static boolean isTrue(BenchmarkRunStatus status, String type) {
        return get(status, type).map(c -> "True".equals(c.getStatus())).orElse(false);
    }
}
