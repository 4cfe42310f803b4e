package io.isobench.operator.reconcile;

import io.isobench.operator.api.Phase;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.steps.CollectStep;
import io.isobench.operator.steps.DeadlineStep;
import io.isobench.operator.steps.ObserveStep;
import io.isobench.operator.steps.PreflightStep;
import io.isobench.operator.steps.PublishStep;
import io.isobench.operator.steps.QueueStep;
import io.isobench.operator.steps.RegressionStep;
import io.isobench.operator.steps.RejectedActionStep;
import io.isobench.operator.steps.ReleaseStep;
import io.isobench.operator.steps.RetentionStep;
import io.isobench.operator.steps.RevokeGrantStep;
import io.isobench.operator.steps.ScheduleStep;
import io.isobench.operator.steps.ValidateStep;
import java.util.List;

/**
 * Which steps run in which phase, in order: validate → queue → preflight → schedule → observe → collect → release → compare →
 * publish → retention (delete the run after its TTL). The upload grant of an attempt that no longer runs is revoked first in
 * every phase after Running.
 */
public final class PhaseSteps {

    private static final DeadlineStep DEADLINE = new DeadlineStep();
    private static final ObserveStep OBSERVE = new ObserveStep();
    private static final RevokeGrantStep REVOKE = new RevokeGrantStep();
    private static final List<ReconcileStep> PENDING = List.of(DEADLINE, new ValidateStep());
    private static final List<ReconcileStep> QUEUED = List.of(DEADLINE, new QueueStep(), new PreflightStep());
    private static final List<ReconcileStep> SCHEDULED =
            List.of(DEADLINE, REVOKE, new RejectedActionStep(), new ScheduleStep(), OBSERVE);
    private static final List<ReconcileStep> RUNNING = List.of(DEADLINE, OBSERVE);
    private static final List<ReconcileStep> COLLECTING = List.of(DEADLINE, REVOKE, new CollectStep());
    private static final List<ReconcileStep> ENDED =
            List.of(REVOKE, new ReleaseStep(), new RegressionStep(), new PublishStep(), new RetentionStep());

    private PhaseSteps() {}

    public static List<ReconcileStep> of(Phase phase) {
        return switch (phase) {
            case Pending -> PENDING;
            case Queued -> QUEUED;
            case Scheduled -> SCHEDULED;
            case Running -> RUNNING;
            case Collecting -> COLLECTING;
            case Succeeded, Failed -> ENDED;
        };
    }
}
