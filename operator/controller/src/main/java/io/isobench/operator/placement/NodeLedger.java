package io.isobench.operator.placement;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who holds which node. The truth is in the runs' statuses (a run in Scheduled, Running or Collecting holds
 * {@code status.nodes}), so an operator restart loses nothing; admissions made here but not yet visible in the
 * informer cache are remembered until they are, so two reconciles can never hand out the same node.
 * Admission is FIFO per pool (runs with the same node selector): only the oldest waiting run may take a node,
 * so a large run is never starved by small ones. Exclusive runs take a node alone; Shared runs may share a
 * node with each other but never with an Exclusive run.
 */
public final class NodeLedger {

    /** Nodes held by one run. */
    public record Claim(String runUid, String run, List<String> nodes, boolean exclusive) {}

    /** The outcome of asking for nodes. */
    public sealed interface Admission {
        record Admitted(List<String> nodes) implements Admission {}

        /** @param position 1-based place among the pool's waiting runs */
        record Waiting(int position, String reason) implements Admission {}
    }

    private static final Set<Phase> HOLDING = Set.of(Phase.Scheduled, Phase.Running, Phase.Collecting);
    private final Map<String, Claim> unconfirmed = new HashMap<>();

    /**
     * Admits {@code run} to {@code nodesNeeded} of the {@code eligible} nodes (in preference order) if it is the
     * head of its pool's queue and enough are free; otherwise says where it waits.
     */
    public synchronized Admission admit(BenchmarkRun run, String pool, Collection<BenchmarkRun> allRuns, List<String> eligible, int nodesNeeded) {
        String uid = run.getMetadata().getUid();
        Map<String, Claim> claims = holders(allRuns);
        Claim mine = claims.get(uid);
        if (mine != null) {
            return new Admission.Admitted(mine.nodes());
        }
        List<BenchmarkRun> waiting = waiting(run, pool, allRuns, claims);
        // FIFO without overtaking: earlier waiting runs take nodes first (on paper); this run is admitted only if
        // nodes remain for it after all of them were placed, and waits as soon as an earlier one cannot be.
        var anyHeld = new LinkedHashMap<String, String>();
        var exclusiveHeld = new LinkedHashMap<String, String>();
        for (Claim claim : claims.values()) {
            claim.nodes().forEach(n -> anyHeld.putIfAbsent(n, claim.run()));
            if (claim.exclusive()) {
                claim.nodes().forEach(n -> exclusiveHeld.putIfAbsent(n, claim.run()));
            }
        }
        for (int i = 0; i < waiting.size(); i++) {
            BenchmarkRun r = waiting.get(i);
            boolean self = uid.equals(r.getMetadata().getUid());
            boolean exclusive = exclusive(r);
            int need = self ? nodesNeeded : io.isobench.operator.workload.ResourcePlan.of(r.getSpec()).nodesNeeded();
            var busy = exclusive ? anyHeld : exclusiveHeld;
            List<String> free = eligible.stream().filter(n -> !busy.containsKey(n)).limit(need).toList();
            if (free.size() < need) {
                if (i == 0 || !self) {
                    int position = waiting.indexOf(waiting.stream().filter(x -> uid.equals(x.getMetadata().getUid())).findFirst().orElseThrow()) + 1;
                    if (position == 1) {
                        var holders = new ArrayList<String>();
                        eligible.stream().filter(busy::containsKey).forEach(n -> holders.add(n + " (" + busy.get(n) + ")"));
                        return new Admission.Waiting(1, "first in line for pool " + pool + "; needs " + need + " free node(s), busy: "
                                + String.join(", ", holders));
                    }
                    BenchmarkRun head = waiting.getFirst();
                    return new Admission.Waiting(position, "waiting behind " + (position - 1) + " earlier run(s) for pool " + pool
                            + " (first: " + head.getMetadata().getNamespace() + "/" + head.getMetadata().getName() + ")");
                }
            }
            if (self && free.size() >= need) {
                unconfirmed.put(uid, new Claim(uid, name(run), free, exclusive));
                return new Admission.Admitted(free);
            }
            if (self) {
                BenchmarkRun head = waiting.getFirst();
                return new Admission.Waiting(i + 1, "waiting behind " + i + " earlier run(s) for pool " + pool
                        + " (first: " + head.getMetadata().getNamespace() + "/" + head.getMetadata().getName() + ")");
            }
            free.forEach(n -> anyHeld.putIfAbsent(n, name(r) + ", next in line"));
            if (exclusive) {
                free.forEach(n -> exclusiveHeld.putIfAbsent(n, name(r) + ", next in line"));
            }
        }
        throw new IllegalStateException("run " + name(run) + " is not in its own queue");
    }

    /** Forgets an admission that will not be used (the run failed or was deleted before its status said so). */
    public synchronized void release(String runUid) {
        unconfirmed.remove(runUid);
    }

    /** Every current holder, from statuses plus admissions not yet visible in them. */
    public synchronized Map<String, Claim> holders(Collection<BenchmarkRun> allRuns) {
        var claims = new LinkedHashMap<String, Claim>();
        var seen = new LinkedHashSet<String>();
        for (BenchmarkRun r : allRuns) {
            String uid = r.getMetadata().getUid();
            seen.add(uid);
            Phase phase = r.getStatus() == null ? null : r.getStatus().getPhase();
            List<String> nodes = r.getStatus() == null ? null : r.getStatus().getNodes();
            boolean terminal = phase == Phase.Succeeded || phase == Phase.Failed || r.getMetadata().getDeletionTimestamp() != null;
            if (phase != null && HOLDING.contains(phase) && nodes != null && !nodes.isEmpty() && !terminal) {
                claims.put(uid, new Claim(uid, name(r), List.copyOf(nodes), exclusive(r)));
                unconfirmed.remove(uid);
            } else if (terminal) {
                unconfirmed.remove(uid);
            } else if (unconfirmed.containsKey(uid)) {
                claims.put(uid, unconfirmed.get(uid));
            }
        }
        unconfirmed.keySet().retainAll(seen);
        return claims;
    }

    private static List<BenchmarkRun> waiting(BenchmarkRun run, String pool, Collection<BenchmarkRun> allRuns, Map<String, Claim> claims) {
        var waiting = new ArrayList<BenchmarkRun>();
        boolean self = false;
        for (BenchmarkRun r : allRuns) {
            Phase phase = r.getStatus() == null ? null : r.getStatus().getPhase();
            boolean isSelf = run.getMetadata().getUid().equals(r.getMetadata().getUid());
            // runs not yet validated count too: when many are created at once, an older one may reach its first
            // reconcile after a newer one asks for a node, and must not be overtaken
            boolean notYetAdmitted = phase == null || phase == Phase.Pending || phase == Phase.Queued;
            if (isSelf || notYetAdmitted && r.getMetadata().getDeletionTimestamp() == null
                    && !claims.containsKey(r.getMetadata().getUid()) && pool.equals(poolOf(r))) {
                waiting.add(isSelf ? run : r);
                self |= isSelf;
            }
        }
        if (!self) {
            waiting.add(run);
        }
        waiting.sort(FIFO);
        return waiting;
    }

    /** Oldest first; name and uid break ties so every reconcile agrees. */
    public static final Comparator<BenchmarkRun> FIFO = Comparator
            .comparing((BenchmarkRun r) -> r.getMetadata().getCreationTimestamp() == null ? "" : r.getMetadata().getCreationTimestamp())
            .thenComparing(r -> r.getMetadata().getNamespace() + "/" + r.getMetadata().getName())
            .thenComparing(r -> r.getMetadata().getUid());

    /** A pool is the set of nodes a node selector picks; runs with equal selectors queue together. */
    public static String poolOf(BenchmarkRun run) {
        Map<String, String> selector = run.getSpec().getPlacement().getNodeSelector();
        if (selector == null || selector.isEmpty()) {
            return "default";
        }
        return new java.util.TreeMap<>(selector).toString();
    }

    private static boolean exclusive(BenchmarkRun run) {
        return run.getSpec().getPlacement().getIsolation() != PlacementSpec.Isolation.Shared;
    }

    private static String name(BenchmarkRun run) {
        return run.getMetadata().getNamespace() + "/" + run.getMetadata().getName();
    }
}
