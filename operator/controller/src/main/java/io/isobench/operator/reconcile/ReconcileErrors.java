package io.isobench.operator.reconcile;

import io.isobench.operator.api.ReconcileErrorStatus;
import io.javaoperatorsdk.operator.OperatorException;
import io.javaoperatorsdk.operator.processing.retry.GenericRetry;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What the run's status says about a failed reconcile: what failed, how many failed in a row, and when the operator tries
 * again — read from the retry schedule JOSDK follows (the same {@link GenericRetry}), or, once its retries are spent, the
 * periodic reconcile ({@code ISOBENCH_MAX_RECONCILE_INTERVAL}).
 */
final class ReconcileErrors {

    private final GenericRetry retry;
    private final Duration maxReconcileInterval;

    ReconcileErrors(GenericRetry retry, Duration maxReconcileInterval) {
        this.retry = retry;
        this.maxReconcileInterval = maxReconcileInterval;
    }

    GenericRetry retry() {
        return retry;
    }

    /**
     * @param failedBefore failed reconciles before this one in a row (JOSDK's retry count: 0 for the first failure)
     */
    ReconcileErrorStatus describe(Exception e, int failedBefore, Instant now) {
        var error = new ReconcileErrorStatus();
        error.setMessage(whatFailed(e));
        error.setAttempt(failedBefore + 1);
        error.setFailedAt(now.toString());
        error.setNextRetryAt(now.plus(untilNextTry(failedBefore)).toString());
        return error;
    }

    /** JOSDK hands the failure over wrapped ({@link OperatorException}): what it wraps is what the status says. */
    private static String whatFailed(Exception e) {
        Exception cause = e;
        while (cause instanceof OperatorException && cause.getCause() instanceof Exception wrapped) {
            cause = wrapped;
        }
        return cause instanceof ReconcileFailure ? cause.getMessage() : ReconcileFailure.met(cause);
    }

    /** JOSDK asks the retry for its next delay after each failure: the schedule is replayed up to this one. */
    private Duration untilNextTry(int failedBefore) {
        var execution = retry.initExecution();
        Optional<Long> delay = Optional.empty();
        for (int i = 0; i <= failedBefore; i++) {
            delay = execution.nextDelay();
        }
        return delay.map(Duration::ofMillis).orElse(maxReconcileInterval);
    }
}
