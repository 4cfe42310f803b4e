package io.isobench.operator.stepcontract;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Actions of an attempt the API server refused for good (a 4xx: the object is invalid, forbidden, over a quota), kept
 * until the run's next reconcile turns them into a failed attempt. Retrying such an action only repeats the refusal, and
 * until JOSDK's retries ran out the run would hold its node. Kept in memory only: after a restart the action runs again
 * and is refused again.
 */
public final class ActionRejections {

    /** One refusal: the attempt whose action it was and what the API server said. */
    public record Rejection(int attempt, String message) {}

    private final Map<String, Rejection> byRunUid = new ConcurrentHashMap<>();

    /**
     * Whether the API server refused the request itself, so the same request would be refused again. 409 (a conflict:
     * the object exists or changed), 408 and 429 (timeout, rate limit) are transient and left to JOSDK's retries.
     */
    public static boolean refusal(KubernetesClientException e) {
        int code = e.getCode();
        return code >= 400 && code < 500 && code != 408 && code != 409 && code != 429;
    }

    public void record(String runUid, int attempt, KubernetesClientException e) {
        var status = e.getStatus();
        String reason = status == null || status.getReason() == null ? "" : " " + status.getReason();
        String message = status == null || status.getMessage() == null ? e.getMessage() : status.getMessage();
        byRunUid.put(
                runUid,
                new Rejection(
                        attempt,
                        "the API server refused an action of attempt " + attempt + " (" + e.getCode() + reason + "): "
                                + message));
    }

    /** The refusal recorded for this attempt of the run, removed; a refusal of an earlier attempt is dropped. */
    public Optional<Rejection> take(String runUid, int attempt) {
        return Optional.ofNullable(byRunUid.remove(runUid)).filter(r -> r.attempt() == attempt);
    }

    public void forget(String runUid) {
        byRunUid.remove(runUid);
    }
}
