package io.isobench.operator.reconcile;

import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * A reconcile that failed, saying what failed (a step, storing the status, an action) and what it met; its message is what
 * the run's {@code status.reconcileError} says. Thrown on to JOSDK, which retries.
 */
final class ReconcileFailure extends Exception {

    ReconcileFailure(String what, Exception cause) {
        super(what + ": " + met(cause), cause);
    }

    /** What the failure met: the API server's answer (code, reason, its message) when it is one, else the exception. */
    static String met(Exception e) {
        if (e instanceof KubernetesClientException k
                && k.getStatus() != null
                && k.getStatus().getMessage() != null) {
            String reason =
                    k.getStatus().getReason() == null ? "" : " " + k.getStatus().getReason();
            return "the API server answered " + k.getCode() + reason + ": "
                    + k.getStatus().getMessage();
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
