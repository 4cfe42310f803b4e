package io.isobench.operator.stepcontract;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How one kind of action went for a run's attempt, kept from the action (run after the status is stored) until the run's
 * next reconcile writes it into status, as {@link Publications} does for publishing. Kept in memory only: after a restart
 * the step decides again and the action, idempotent, is done again.
 *
 * @param <R> what the action came to
 */
public final class AttemptOutcomes<R> {

    private record Entry<R>(int attempt, R outcome) {}

    private final Map<String, Entry<R>> byRunUid = new ConcurrentHashMap<>();

    public void record(String runUid, int attempt, R outcome) {
        byRunUid.put(runUid, new Entry<>(attempt, outcome));
    }

    /** What the action of this attempt came to, removed; one of an earlier attempt is dropped. */
    public Optional<R> take(String runUid, int attempt) {
        return Optional.ofNullable(byRunUid.remove(runUid))
                .filter(e -> e.attempt() == attempt)
                .map(Entry::outcome);
    }

    public void forget(String runUid) {
        byRunUid.remove(runUid);
    }
}
