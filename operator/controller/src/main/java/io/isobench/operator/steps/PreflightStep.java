package io.isobench.operator.steps;

import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.LoadPartIsolation;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.ServerIsolation;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;

/**
 * Queued, once admitted: records what isolation the admitted nodes' kubelets promise, for the runner and, when it has
 * CPUs of its own, the server; Exclusive runs on a node without the static CPU manager, or whose kubelet configuration
 * cannot be read, fail here with Isolated=False and give the node back. Then the run is Scheduled. It decides on the
 * kubelet facts read within the trust period ({@code ISOBENCH_CONFIGZ_TTL}); a kubelet not read lately is read by the
 * action, after the status is stored, and judged in the next reconcile.
 */
public final class PreflightStep implements ReconcileStep {

    @Override
    public Outcome apply(RunContext ctx) {
        var spec = ctx.run().getSpec();
        ResourcePlan plan = ResourcePlan.of(spec);
        List<String> held = ctx.status().getNodes();
        String node = plan.loadNode(held, 0);
        String serverNode = plan.serverNode(held);
        NodeInspector nodes = ctx.services().nodes();
        var known = new LinkedHashMap<String, Optional<KubeletFacts>>();
        held.forEach(n -> known.computeIfAbsent(n, nodes::knownKubelet));
        List<String> unread =
                known.keySet().stream().filter(n -> known.get(n).isEmpty()).toList();
        if (!unread.isEmpty()) {
            ctx.status()
                    .setMessage("admitted to node " + ctx.status().getNode() + "; reading the kubelet configuration of "
                            + String.join(", ", unread));
            return Outcome.act(() -> unread.forEach(nodes::kubelet), Duration.ZERO);
        }
        KubeletFacts facts = known.get(node).orElseThrow();
        KubeletFacts serverFacts = known.get(serverNode).orElseThrow();
        boolean exclusive = spec.getPlacement().getIsolation() == PlacementSpec.Isolation.Exclusive;
        var isolation = new IsolationStatus();
        isolation.setMode(spec.getPlacement().getIsolation().name());
        isolation.setCpuManagerPolicy(facts.cpuManagerPolicy());
        isolation.setReservedSystemCpus(facts.reservedSystemCpus());
        isolation.setCpusRequested(plan.clientCpus());
        if (plan.serverCpus() > 0) {
            isolation.setServer(serverFacts(plan, serverNode, serverFacts));
        }
        if (plan.loadPods().parallel()) {
            List<LoadPartIsolation> parts = new ArrayList<>();
            for (int part = 1; part < plan.loadPods().count(); part++) {
                String partNode = plan.loadNode(held, part);
                KubeletFacts partFacts = known.get(partNode).orElseThrow();
                var partIsolation = new LoadPartIsolation();
                partIsolation.setPart(part);
                partIsolation.setNode(partNode);
                partIsolation.setCpuManagerPolicy(partFacts.cpuManagerPolicy());
                partIsolation.setReservedSystemCpus(partFacts.reservedSystemCpus());
                partIsolation.setCpusRequested(plan.clientCpus());
                parts.add(partIsolation);
            }
            isolation.setLoadParts(parts);
        }
        // a user's own server: nothing of it is ours to place or check, and status says so from the start
        TargetProfiles.of(spec.getTarget()).externalServer().ifPresent(isolation::setExternalServer);
        ctx.status().setIsolation(isolation);
        for (var checked : known.entrySet()) {
            KubeletFacts f = checked.getValue().orElseThrow();
            if (exclusive && !f.staticPolicy()) {
                FailureReason reason =
                        f.error() != null ? FailureReason.KubeletConfigUnreadable : FailureReason.CpuManagerNotStatic;
                String message = "node " + checked.getKey() + ": "
                        + (f.error() != null
                                ? f.error()
                                : "kubelet cpuManagerPolicy is " + f.cpuManagerPolicy()
                                        + "; isolation Exclusive needs static");
                ctx.condition(CrdConstants.CONDITION_ISOLATED, false, reason.name(), message);
                ctx.fail(reason, message);
                // the node is given back once the failure is stored: until then the run holds it
                var ledger = ctx.services().ledger();
                String uid = ctx.run().getMetadata().getUid();
                return Outcome.act(() -> ledger.release(uid), null);
            }
        }
        ctx.moveTo(
                Phase.Scheduled,
                "admitted to node " + ctx.status().getNode() + "; creating runner Job (attempt " + ctx.attempt() + ")");
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
