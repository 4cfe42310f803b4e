package io.isobench.operator.steps;

import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.reconcile.Outcome;
import io.isobench.operator.reconcile.ReconcileStep;
import io.isobench.operator.reconcile.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import java.time.Duration;

/**
 * Queued, once admitted: reads the admitted node's kubelet config (fresh) and records what isolation the node
 * promises; Exclusive runs on a node without the static CPU manager fail here with Isolated=False. Then the
 * run is Scheduled.
 */
public final class PreflightStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var spec = ctx.run().getSpec();
        String node = ctx.status().getNodes().getFirst();
        KubeletFacts facts = ctx.services().nodes().kubelet(node);
        boolean exclusive = spec.getPlacement().getIsolation() == PlacementSpec.Isolation.Exclusive;
        var isolation = new IsolationStatus();
        isolation.setMode(spec.getPlacement().getIsolation().name());
        isolation.setCpuManagerPolicy(facts.cpuManagerPolicy());
        isolation.setReservedSystemCpus(facts.reservedSystemCpus());
        isolation.setCpusRequested(ResourcePlan.of(spec).clientCpus());
        ctx.status().setIsolation(isolation);
        if (exclusive && !facts.staticPolicy()) {
            String message = "node " + node + ": kubelet cpuManagerPolicy is " + (facts.error() != null ? "unknown (" + facts.error() + ")" : facts.cpuManagerPolicy())
                    + "; isolation Exclusive needs static";
            ctx.services().ledger().release(ctx.run().getMetadata().getUid());
            ctx.condition(CrdConstants.CONDITION_ISOLATED, false, "CpuManagerNotStatic", message);
            ctx.fail("CpuManagerNotStatic", message);
            return Outcome.stop(null);
        }
        ctx.moveTo(Phase.Scheduled, "admitted to node " + ctx.status().getNode() + "; creating runner Job (attempt " + ctx.attempt() + ")");
        return Outcome.stop(Duration.ZERO);
    }
}
