package io.isobench.operator.stepcontract;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.results.RunPublisher;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How each run's publication went, kept from the action that publishes (run after the status is stored) until the run's
 * next reconcile writes it into status. Kept in memory only: after a restart the run is published again, which writes
 * the same objects.
 */
public final class Publications {

    /** What one publication came to. */
    public sealed interface Result {
        record Published(RunPublisher.Published where) implements Result {}

        /** @param message the failure, for the Published condition */
        record Failed(String message) implements Result {}
    }

    private final Map<String, Result> byRunUid = new ConcurrentHashMap<>();

    /** Publishes the run and keeps how it went; a failure is kept, never thrown, so the reconcile goes on. */
    public void publish(RunPublisher publisher, BenchmarkRun run, Optional<BenchmarkRun> baseline) {
        Result result;
        try {
            result = new Result.Published(publisher.publish(run, baseline));
        } catch (Exception e) {
            result = new Result.Failed(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        byRunUid.put(run.getMetadata().getUid(), result);
    }

    /** How the run's last publication went, removed; empty when none was done since the last take. */
    public Optional<Result> take(String runUid) {
        return Optional.ofNullable(byRunUid.remove(runUid));
    }

    public void forget(String runUid) {
        byRunUid.remove(runUid);
    }
}
