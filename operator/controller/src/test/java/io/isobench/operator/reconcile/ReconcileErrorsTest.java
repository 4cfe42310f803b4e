package io.isobench.operator.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.OperatorException;
import io.javaoperatorsdk.operator.processing.retry.GenericRetry;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What status.reconcileError says of a failed reconcile, and that its next retry is the one JOSDK's schedule gives. */
class ReconcileErrorsTest {

    private final Instant now = Instant.parse("2026-11-25T10:00:00Z");
    private final ReconcileErrors errors =
            new ReconcileErrors(GenericRetry.defaultLimitedExponentialRetry(), Duration.ofSeconds(60));

    @Test
    void theErrorNamesWhatFailedAndWhatTheApiServerAnswered() {
        var refused = new KubernetesClientException(new StatusBuilder()
                .withCode(403)
                .withReason("Forbidden")
                .withMessage("benchmarkruns.isobench.io \"r1\" is forbidden: denied request: refused")
                .build());
        var error = errors.describe(new ReconcileFailure("storing the status (Queued → Scheduled)", refused), 0, now);
        assertThat(error.getMessage())
                .isEqualTo("storing the status (Queued → Scheduled): the API server answered 403 Forbidden: "
                        + "benchmarkruns.isobench.io \"r1\" is forbidden: denied request: refused");
        assertThat(error.getAttempt()).isEqualTo(1);
        assertThat(error.getFailedAt()).isEqualTo("2026-11-25T10:00:00Z");
    }

    @Test
    void theFailureJosdkHandsOverWrappedIsTheOneSaid() {
        var wrapped = new OperatorException(
                new ReconcileFailure("step QueueStep (phase Queued)", new IllegalStateException("no nodes")));
        assertThat(errors.describe(wrapped, 0, now).getMessage())
                .isEqualTo("step QueueStep (phase Queued): IllegalStateException: no nodes");
        assertThat(errors.describe(new OperatorException(new IllegalArgumentException("bad")), 0, now)
                        .getMessage())
                .isEqualTo("IllegalArgumentException: bad");
    }

    @Test
    void anErrorFromOutsideTheReconcileStepsIsNamedByItsType() {
        var error = errors.describe(new IllegalStateException("informer not started"), 2, now);
        assertThat(error.getMessage()).isEqualTo("IllegalStateException: informer not started");
        assertThat(error.getAttempt()).isEqualTo(3);
    }

    @Test
    void theNextRetryFollowsJosdksScheduleAndAfterItsRetriesThePeriodicReconcile() {
        // JOSDK's GenericRetry by default: 2s, 2s, then ×1.5 each time, 5 retries
        var expected =
                new String[] {"10:00:02Z", "10:00:02Z", "10:00:03Z", "10:00:04.500Z", "10:00:06.750Z", "10:01:00Z"};
        for (int failedBefore = 0; failedBefore < expected.length; failedBefore++) {
            assertThat(errors.describe(new IllegalStateException("x"), failedBefore, now)
                            .getNextRetryAt())
                    .as("after %d failures before", failedBefore)
                    .isEqualTo("2026-11-25T" + expected[failedBefore]);
        }
    }
}
