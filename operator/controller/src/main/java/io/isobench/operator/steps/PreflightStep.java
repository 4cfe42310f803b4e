package io.isobench.operator.steps;

import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.ServerIsolation;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import java.time.Duration;
import java.util.LinkedHashMap;

/**
 * Queued, once admitted: reads the admitted nodes' kubelet configs (fresh) and records what isolation they promise,
 * for the runner and, when it has CPUs of its own, the server; Exclusive runs on a node without the static CPU manager,
 * or whose kubelet configuration cannot be read now, fail here with Isolated=False. Then the run is Scheduled.
 */
public final class PreflightStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var spec = ctx.run().getSpec();
        ResourcePlan plan = ResourcePlan.of(spec);
        String node = ctx.status().getNodes().getFirst();
        KubeletFacts facts = ctx.services().nodes().kubelet(node);
        boolean exclusive = spec.getPlacement().getIsolation() == PlacementSpec.Isolation.Exclusive;
        var isolation = new IsolationStatus();
        isolation.setMode(spec.getPlacement().getIsolation().name());
        isolation.setCpuManagerPolicy(facts.cpuManagerPolicy());
        isolation.setReservedSystemCpus(facts.reservedSystemCpus());
        isolation.setCpusRequested(plan.clientCpus());
        String serverNode = ctx.status().getNodes().getLast();
        KubeletFacts serverFacts = serverNode.equals(node) ? facts : ctx.services().nodes().kubelet(serverNode);
        if (plan.serverCpus() > 0) {
            isolation.setServer(serverFacts(plan, serverNode, serverFacts));
        }
        ctx.status().setIsolation(isolation);
        var byNode = new LinkedHashMap<String, KubeletFacts>();
        byNode.put(node, facts);
        byNode.put(serverNode, serverFacts);
        for (var checked : byNode.entrySet()) {
            if (exclusive && !checked.getValue().staticPolicy()) {
                KubeletFacts f = checked.getValue();
                FailureReason reason = f.error() != null ? FailureReason.KubeletConfigUnreadable : FailureReason.CpuManagerNotStatic;
                String message = "node " + checked.getKey() + ": " + (f.error() != null ? f.error()
                        : "kubelet cpuManagerPolicy is " + f.cpuManagerPolicy() + "; isolation Exclusive needs static");
                ctx.services().ledger().release(ctx.run().getMetadata().getUid());
                ctx.condition(CrdConstants.CONDITION_ISOLATED, false, reason.name(), message);
                ctx.fail(reason, message);
                return Outcome.stop(null);
            }
        }
        ctx.moveTo(Phase.Scheduled, "admitted to node " + ctx.status().getNode() + "; creating runner Job (attempt " + ctx.attempt() + ")");
        return Outcome.stop(Duration.ZERO);
    }

    /** What the server's node promises; its pod and start-up report are added once it runs (ObserveStep). */
    private static ServerIsolation serverFacts(ResourcePlan plan, String node, KubeletFacts facts) {
        var server = new ServerIsolation();
        server.setNode(node);
        server.setCpuManagerPolicy(facts.cpuManagerPolicy());
        server.setReservedSystemCpus(facts.reservedSystemCpus());
        server.setCpusRequested(plan.serverCpus());
        return server;
    }
}
