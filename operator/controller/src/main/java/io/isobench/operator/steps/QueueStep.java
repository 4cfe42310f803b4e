package io.isobench.operator.steps;

import io.fabric8.kubernetes.api.model.Node;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.placement.NodeLedger;
import io.isobench.operator.reconcile.Outcome;
import io.isobench.operator.reconcile.ReconcileStep;
import io.isobench.operator.reconcile.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Queued: finds the nodes this run may use (selector, Ready, schedulable, enough allocatable CPUs; for
 * Exclusive runs, a kubelet with the static CPU manager) and asks the ledger for them, FIFO per pool.
 * A run no node could ever take fails now, with the facts, rather than waiting for its timeout.
 */
public final class QueueStep implements ReconcileStep {

    static final Duration RECHECK = Duration.ofSeconds(10);

    @Override
    public Outcome apply(RunContext ctx) {
        var run = ctx.run();
        var config = ctx.services().config();
        ResourcePlan plan = ResourcePlan.of(run.getSpec());
        boolean exclusive = run.getSpec().getPlacement().getIsolation() == PlacementSpec.Isolation.Exclusive;
        Map<String, String> selector = run.getSpec().getPlacement().getNodeSelector();
        if (selector == null || selector.isEmpty()) {
            selector = Map.of(config.poolLabel(), "");
        }
        List<Node> matching = new ArrayList<>();
        for (Node node : ctx.services().nodes().nodes()) {
            if (NodeInspector.matches(node, selector) && NodeInspector.ready(node) && NodeInspector.schedulable(node)) {
                matching.add(node);
            }
        }
        if (matching.isEmpty()) {
            return waiting(ctx, null, "no Ready, schedulable node matches nodeSelector " + selector);
        }
        List<Node> bigEnough = matching.stream().filter(n -> NodeInspector.allocatableCpus(n) >= plan.cpusPerNode()).toList();
        if (bigEnough.isEmpty()) {
            int largest = matching.stream().mapToInt(NodeInspector::allocatableCpus).max().orElse(0);
            ctx.fail("Unschedulable", "needs " + plan.cpusPerNode() + " whole CPUs on a node; the largest allocatable among "
                    + matching.size() + " matching node(s) is " + largest);
            return Outcome.stop(null);
        }
        List<String> eligible = new ArrayList<>();
        List<String> notStatic = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (Node node : bigEnough) {
            String name = node.getMetadata().getName();
            if (!exclusive) {
                eligible.add(name);
                continue;
            }
            KubeletFacts facts = ctx.services().nodes().kubelet(name);
            if (facts.error() != null) {
                (facts.lasting() ? refused : unreadable).add(name + " (" + facts.error() + ")");
            } else if (facts.staticPolicy()) {
                eligible.add(name);
            } else {
                notStatic.add(name + " (cpuManagerPolicy " + facts.cpuManagerPolicy() + ")");
            }
        }
        if (eligible.isEmpty() && unreadable.isEmpty()) {
            // Nothing to wait for: isolation cannot be verified on any matching node until the cluster changes.
            String reason = refused.isEmpty() ? "CpuManagerNotStatic" : "KubeletConfigUnreadable";
            String message = refused.isEmpty()
                    ? "isolation Exclusive needs the kubelet's static CPU manager; no matching node has it: " + String.join(", ", notStatic)
                    : "isolation Exclusive needs each node's kubelet configuration, which the operator may not read: "
                            + String.join(", ", refused)
                            + (notStatic.isEmpty() ? "" : "; without the static CPU manager: " + String.join(", ", notStatic));
            ctx.condition(CrdConstants.CONDITION_ISOLATED, false, reason, message);
            ctx.fail(reason, message);
            return Outcome.stop(null);
        }
        if (eligible.size() < plan.nodesNeeded()) {
            return waiting(ctx, null, "cannot verify isolation yet: kubelet config unreadable on " + String.join(", ", unreadable));
        }
        String pool = NodeLedger.poolOf(run);
        var admission = ctx.services().ledger().admit(run, pool, ctx.allRuns(), ctx.runnerPods(), eligible, plan.nodesNeeded(), ctx.now());
        if (admission instanceof NodeLedger.Admission.Waiting w) {
            return waiting(ctx, w.position(), w.reason());
        }
        List<String> nodes = ((NodeLedger.Admission.Admitted) admission).nodes();
        ctx.status().setNodes(nodes);
        ctx.status().setNode(String.join(",", nodes));
        ctx.status().setQueuePosition(null);
        return Outcome.proceedToNext();
    }

    private static Outcome waiting(RunContext ctx, Integer position, String reason) {
        ctx.status().setQueuePosition(position);
        ctx.status().setMessage(reason);
        return Outcome.stop(RECHECK);
    }
}
