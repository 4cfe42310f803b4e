package io.isobench.operator.steps;

import io.fabric8.kubernetes.api.model.Node;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.placement.NodeLedger;
import io.isobench.operator.placement.Placeability;
import io.isobench.operator.stepcontract.FailureReason;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.ResourcePlan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Queued: finds the nodes this run may use (selector, enough allocatable CPUs and memory — the Placeable condition —,
 * Ready, schedulable; for Exclusive runs, a kubelet with the static CPU manager) and asks the ledger for them, FIFO per
 * pool. A run no node could ever take fails now, with the facts, rather than waiting for its timeout; one whose pool has
 * no node yet waits, Placeable=False saying which labels it looks for. Kubelets are judged as last read within the trust
 * period ({@code ISOBENCH_CONFIGZ_TTL}); one not read lately, or unreachable when last asked, is read by the action, after
 * the status is stored, never while deciding.
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
            selector = Map.of(config.runners().poolLabel(), "");
        }
        Placeability placeable =
                Placeability.assess(plan, selector, ctx.services().nodes().nodes());
        ctx.condition(CrdConstants.CONDITION_PLACEABLE, placeable.fits(), placeable.reason(), placeable.message());
        if (!placeable.fits() && placeable.lasting()) {
            ctx.fail(FailureReason.Unschedulable, placeable.message());
            return Outcome.stop(null);
        }
        if (!placeable.fits()) {
            return waiting(ctx, null, placeable.message());
        }
        List<Node> candidates = placeable.nodes().stream()
                .filter(n -> NodeInspector.ready(n) && NodeInspector.schedulable(n))
                .toList();
        if (candidates.size() < plan.nodesNeeded()) {
            String away = String.join(
                    ", ",
                    placeable.nodes().stream()
                            .filter(n -> !candidates.contains(n))
                            .map(n -> n.getMetadata().getName()
                                    + (NodeInspector.ready(n) ? " (unschedulable)" : " (NotReady)"))
                            .toList());
            return waiting(ctx, null, "no Ready, schedulable node among those with room for it: " + away);
        }
        List<String> eligible = new ArrayList<>();
        List<String> notStatic = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        NodeInspector inspector = ctx.services().nodes();
        for (Node node : candidates) {
            String name = node.getMetadata().getName();
            if (!exclusive) {
                eligible.add(name);
                continue;
            }
            Optional<KubeletFacts> known = inspector.knownKubelet(name);
            if (known.isEmpty()) {
                unread.add(name);
                continue;
            }
            KubeletFacts facts = known.get();
            if (facts.error() != null) {
                (facts.lasting() ? refused : unreadable).add(name + " (" + facts.error() + ")");
                if (!facts.lasting()) {
                    unreachable.add(name);
                }
            } else if (facts.staticPolicy()) {
                eligible.add(name);
            } else {
                notStatic.add(name + " (cpuManagerPolicy " + facts.cpuManagerPolicy() + ")");
            }
        }
        if (!unread.isEmpty()) {
            // judged on all of them once read, in the next reconcile; the status is left as it is (no write for a read)
            return Outcome.act(() -> unread.forEach(inspector::kubelet), Duration.ZERO);
        }
        if (eligible.isEmpty() && unreadable.isEmpty()) {
            // Nothing to wait for: isolation cannot be verified on any matching node until the cluster changes.
            FailureReason reason =
                    refused.isEmpty() ? FailureReason.CpuManagerNotStatic : FailureReason.KubeletConfigUnreadable;
            String message = refused.isEmpty()
                    ? "isolation Exclusive needs the kubelet's static CPU manager; no matching node has it: "
                            + String.join(", ", notStatic)
                    : "isolation Exclusive needs each node's kubelet configuration, which the operator may not read: "
                            + String.join(", ", refused)
                            + (notStatic.isEmpty()
                                    ? ""
                                    : "; without the static CPU manager: " + String.join(", ", notStatic));
            ctx.condition(CrdConstants.CONDITION_ISOLATED, false, reason.name(), message);
            ctx.fail(reason, message);
            return Outcome.stop(null);
        }
        if (eligible.size() < plan.nodesNeeded()) {
            // the unreachable kubelets are asked again after the status is stored, and judged at the recheck
            return waiting(
                    ctx,
                    null,
                    "cannot verify isolation yet: kubelet config unreadable on " + String.join(", ", unreadable),
                    () -> unreachable.forEach(inspector::kubelet));
        }
        String pool = NodeLedger.poolOf(run);
        var admission = ctx.services()
                .ledger()
                .admit(
                        run,
                        pool,
                        ctx.allRuns(),
                        ctx.runnerPods(),
                        eligible,
                        plan.nodesNeeded(),
                        plan.nodesWanted(),
                        ctx.now());
        if (admission instanceof NodeLedger.Admission.Waiting w) {
            return waiting(ctx, w.position(), w.reason());
        }
        List<String> nodes = ((NodeLedger.Admission.Admitted) admission).nodes();
        ctx.status().setNodes(nodes);
        ctx.status().setQueuePosition(null);
        return Outcome.proceedToNext();
    }

    private static Outcome waiting(RunContext ctx, Integer position, String reason) {
        return waiting(ctx, position, reason, null);
    }

    /** Waits in the queue, saying why; {@code then} (null: nothing) runs once that is stored. */
    private static Outcome waiting(RunContext ctx, Integer position, String reason, Outcome.Action then) {
        ctx.status().setQueuePosition(position);
        ctx.status().setMessage(reason);
        return Outcome.act(then, RECHECK);
    }
}
