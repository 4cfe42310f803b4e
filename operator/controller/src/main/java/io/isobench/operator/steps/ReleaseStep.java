package io.isobench.operator.steps;

import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunObjects;

/**
 * Succeeded/Failed: a run that ended keeps nothing running. Its Jobs are deleted, and with them every pod — a server pod
 * would otherwise run on, holding CPUs of the node the next run is given. Repeated while the cache still shows a Job, so
 * a deletion that failed or raced with a creation is done again. (The operator may not delete pods itself: a pod someone
 * orphaned from its Job keeps its node held until it is gone.)
 */
public final class ReleaseStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        if (ctx.allJobs().isEmpty()) {
            return Outcome.proceedToNext();
        }
        var client = ctx.services().client();
        String namespace = ctx.services().config().runners().namespace();
        String uid = ctx.run().getMetadata().getUid();
        return Outcome.actThenNext(() -> RunObjects.deleteJobs(client, namespace, uid));
    }
}
