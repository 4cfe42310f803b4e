package io.isobench.operator.reconcile;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.isobench.operator.api.BenchmarkRunStatus;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** Standard Kubernetes conditions: lastTransitionTime moves only when the status value changes. */
public final class Conditions {

    private Conditions() {}

    public static void set(BenchmarkRunStatus status, String type, boolean value, String reason, String message, long generation, Instant now) {
        String text = value ? "True" : "False";
        Optional<Condition> existing = get(status, type);
        String since = existing.filter(c -> text.equals(c.getStatus())).map(Condition::getLastTransitionTime).orElse(now.toString());
        Condition next = new ConditionBuilder().withType(type).withStatus(text).withReason(reason).withMessage(message == null ? "" : message)
                .withObservedGeneration(generation).withLastTransitionTime(since).build();
        status.getConditions().removeIf(c -> Objects.equals(type, c.getType()));
        status.getConditions().add(next);
    }

    public static Optional<Condition> get(BenchmarkRunStatus status, String type) {
        return status.getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
    }

    public static boolean isTrue(BenchmarkRunStatus status, String type) {
        return get(status, type).map(c -> "True".equals(c.getStatus())).orElse(false);
    }
}
