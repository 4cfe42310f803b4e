package io.isobench.operator.schedules;

import io.isobench.operator.api.ConcurrencyPolicy;
import java.util.List;

/** Decides only: whether the due run is created while earlier ones have not finished, and which are deleted first. */
public final class ConcurrencyStep {

    /** What concurrencyPolicy asks for. */
    public sealed interface Concurrency {}

    /** Create the due run after deleting {@code replaced} (empty unless Replace found unfinished runs). */
    public record Create(List<String> replaced) implements Concurrency {}

    /** Skip the due run (Forbid); {@code message} names the unfinished run(s). */
    public record Skip(String message) implements Concurrency {}

    private ConcurrencyStep() {}

    public static Concurrency decide(ConcurrencyPolicy policy, List<ScheduledRun> runs) {
        List<String> active = runs.stream()
                .filter(ScheduledRun::active)
                .map(ScheduledRun::name)
                .toList();
        if (active.isEmpty()) {
            return new Create(List.of());
        }
        return switch (policy) {
            case Forbid -> new Skip(String.join(", ", active) + " has not finished (concurrencyPolicy Forbid)");
            case Replace -> new Create(active);
            case Allow -> new Create(List.of());
        };
    }
}
