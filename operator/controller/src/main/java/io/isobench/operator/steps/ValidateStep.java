package io.isobench.operator.steps;

import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.targets.TargetProfile;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.placement.NodeLedger;
import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import io.isobench.operator.workload.VariantArgs;
import java.time.Duration;

/**
 * Pending → Queued (Accepted=True), or Failed (Accepted=False) for what the API server's CEL rules cannot
 * see. Most bad specs never get here: the CRD rejects them at admission with the field named.
 */
public final class ValidateStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var spec = ctx.run().getSpec();
        var status = ctx.status();
        String baseline = spec.getReport().getBaseline();
        if (baseline != null && baseline.equals(ctx.run().getMetadata().getName())) {
            String invalid = "spec.report.baseline: \"" + baseline + "\" names this run itself";
            return invalid(ctx, invalid, invalid + "; name another BenchmarkRun");
        }
        TargetProfile target;
        try {
            target = TargetProfiles.of(spec.getTarget());
        } catch (IllegalArgumentException e) {
            // the CRD's rule rejects this at admission; a run stored before that rule, or under an older CRD, ends here
            return invalid(ctx, e.getMessage(), e.getMessage());
        }
        try {
            VariantArgs.of(spec);
        } catch (VariantArgs.InvalidVariantException e) {
            // what CEL cannot see: whether the target has the option and takes the value, through its own profile
            return invalid(ctx, e.getMessage(), e.getMessage());
        }
        ResourcePlan plan = ResourcePlan.of(spec);
        status.setTarget(target.targetName());
        status.setAttempts(1);
        ctx.condition(
                CrdConstants.CONDITION_ACCEPTED,
                true,
                "Valid",
                "target " + status.getTarget() + ", " + plan.cpusPerNode() + " whole CPU(s) per node, isolation "
                        + spec.getPlacement().getIsolation());
        if (spec.getPlacement().getIsolation() == PlacementSpec.Isolation.Shared) {
            ctx.condition(
                    CrdConstants.CONDITION_ISOLATED,
                    false,
                    "SharedIsolation",
                    "isolation Shared: runs may share the node; never reported as isolated");
        }
        ctx.condition(CrdConstants.CONDITION_COMPLETED, false, "InProgress", "the run has not ended");
        ctx.moveTo(Phase.Queued, "waiting for a node in pool " + NodeLedger.poolOf(ctx.run()));
        return Outcome.stop(Duration.ZERO);
    }

    private static Outcome invalid(RunContext ctx, String condition, String failure) {
        ctx.condition(CrdConstants.CONDITION_ACCEPTED, false, "InvalidSpec", condition);
        ctx.fail(FailureReason.InvalidSpec, failure);
        return Outcome.stop(null);
    }
}
