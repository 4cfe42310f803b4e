package io.isobench.operator.placement;

import io.fabric8.kubernetes.api.model.Pod;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.workload.ResourcePlan;
import io.isobench.operator.workload.RunObjects;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Who holds which node. The truth is in the runs' statuses (a run in Scheduled, Running or Collecting holds
 * {@code status.nodes}) and in the runner pods: a node is free again only when every pod a run had there has terminated
 * or is gone (an ended run's server pod may take seconds to stop). So an operator restart loses nothing; admissions made
 * here but not yet visible in the informer cache are remembered until they are, so two reconciles can never hand out the
 * same node. Admission is in turn per pool (runs with the same node selector): namespaces take turns, each namespace's
 * runs in FIFO order ({@link #inTurn}), and only the run whose turn it is may take a node, so a large run is never starved
 * by small ones and one tenant's burst cannot starve the others. Exclusive runs take a node alone; Shared runs may share
 * a node with each other but never with an Exclusive run.
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
    /** When each namespace last got nodes of each pool (pool → namespace → time): kept after its runs are deleted. */
    private final Map<String, Map<String, Instant>> admitted = new HashMap<>();

    /** Admits {@code run} to exactly {@code nodesNeeded} of the {@code eligible} nodes, as below. */
    public Admission admit(
            BenchmarkRun run,
            String pool,
            Collection<BenchmarkRun> allRuns,
            Collection<Pod> runnerPods,
            List<String> eligible,
            int nodesNeeded,
            Instant now) {
        return admit(run, pool, allRuns, runnerPods, eligible, nodesNeeded, nodesNeeded, now);
    }

    /**
     * Admits {@code run} to {@code nodesNeeded} of the {@code eligible} nodes (in preference order) — or more of them, up
     * to {@code nodesWanted}, where more are free (Shared load pods spread over the pool) — if it is the head of its pool's
     * queue and enough are free; otherwise says where it waits.
     */
    public synchronized Admission admit(
            BenchmarkRun run,
            String pool,
            Collection<BenchmarkRun> allRuns,
            Collection<Pod> runnerPods,
            List<String> eligible,
            int nodesNeeded,
            int nodesWanted,
            Instant now) {
        String uid = run.getMetadata().getUid();
        // this reconcile's copy of the run is the newest: the cache may still show it holding the node of a failed
        // attempt
        Collection<BenchmarkRun> runs = allRuns.stream()
                .map(r -> uid.equals(r.getMetadata().getUid()) ? run : r)
                .toList();
        Map<String, Claim> claims = holders(runs);
        Claim mine = claims.get(uid);
        if (mine != null) {
            return new Admission.Admitted(mine.nodes());
        }
        List<BenchmarkRun> waiting = inTurn(waiting(run, pool, runs, claims), pool, runs, claims, admittedIn(pool));
        // In turn without overtaking: runs ahead take nodes first (on paper); this run is admitted only if nodes remain
        // for it after all of them were placed, and waits as soon as one ahead cannot be.
        var anyHeld = new LinkedHashMap<String, String>();
        var exclusiveHeld = new LinkedHashMap<String, String>();
        for (Claim claim : claims.values()) {
            claim.nodes().forEach(n -> anyHeld.putIfAbsent(n, claim.run()));
            if (claim.exclusive()) {
                claim.nodes().forEach(n -> exclusiveHeld.putIfAbsent(n, claim.run()));
            }
        }
        // a pod still on a node keeps it from everyone: what it runs would share the next run's CPUs
        lingering(runnerPods, claims).forEach((node, who) -> {
            anyHeld.putIfAbsent(node, who);
            exclusiveHeld.putIfAbsent(node, who);
        });
        for (int i = 0; i < waiting.size(); i++) {
            BenchmarkRun r = waiting.get(i);
            boolean self = uid.equals(r.getMetadata().getUid());
            boolean exclusive = exclusive(r);
            int need = self ? nodesNeeded : ResourcePlan.of(r.getSpec()).nodesNeeded();
            var busy = exclusive ? anyHeld : exclusiveHeld;
            List<String> free = eligible.stream()
                    .filter(n -> !busy.containsKey(n))
                    .limit(self ? Math.max(need, nodesWanted) : need)
                    .toList();
            if (free.size() < need) {
                if (i == 0 || !self) {
                    int position = waiting.indexOf(waiting.stream()
                                    .filter(x -> uid.equals(x.getMetadata().getUid()))
                                    .findFirst()
                                    .orElseThrow())
                            + 1;
                    if (position == 1) {
                        var holders = new ArrayList<String>();
                        eligible.stream()
                                .filter(busy::containsKey)
                                .forEach(n -> holders.add(n + " (" + busy.get(n) + ")"));
                        return new Admission.Waiting(
                                1,
                                "first in line for pool " + pool + "; needs " + need + " free node(s), busy: "
                                        + String.join(", ", holders));
                    }
                    BenchmarkRun head = waiting.getFirst();
                    return new Admission.Waiting(
                            position,
                            "waiting behind " + (position - 1) + " run(s) for pool " + pool + " (first: "
                                    + head.getMetadata().getNamespace() + "/"
                                    + head.getMetadata().getName() + ")");
                }
            }
            if (self && free.size() >= need) {
                unconfirmed.put(uid, new Claim(uid, name(run), free, exclusive));
                admitted.computeIfAbsent(pool, p -> new HashMap<>())
                        .merge(run.getMetadata().getNamespace(), now, NodeLedger::later);
                return new Admission.Admitted(free);
            }
            if (self) {
                BenchmarkRun head = waiting.getFirst();
                return new Admission.Waiting(
                        i + 1,
                        "waiting behind " + i + " run(s) for pool " + pool + " (first: "
                                + head.getMetadata().getNamespace() + "/"
                                + head.getMetadata().getName() + ")");
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
            boolean terminal = phase == Phase.Succeeded
                    || phase == Phase.Failed
                    || r.getMetadata().getDeletionTimestamp() != null;
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

    /**
     * Nodes kept busy by live pods of runs that hold no claim — runs that ended, were deleted, or went back to the queue —
     * each with who is there.
     */
    private static Map<String, String> lingering(Collection<Pod> runnerPods, Map<String, Claim> claims) {
        var held = new LinkedHashMap<String, String>();
        for (Pod pod : runnerPods) {
            var labels = pod.getMetadata().getLabels();
            String uid = labels == null ? null : labels.get(CrdConstants.LABEL_RUN_UID);
            if (uid == null || claims.containsKey(uid) || !RunObjects.live(pod)) {
                continue;
            }
            var annotations = pod.getMetadata().getAnnotations() == null
                    ? Map.<String, String>of()
                    : pod.getMetadata().getAnnotations();
            String owner = annotations.getOrDefault(CrdConstants.ANNOTATION_RUN_NAMESPACE, "?") + "/"
                    + annotations.getOrDefault(CrdConstants.ANNOTATION_RUN_NAME, "?");
            RunObjects.node(pod)
                    .ifPresent(n -> held.putIfAbsent(
                            n, owner + ": pod " + pod.getMetadata().getName() + " still there"));
        }
        return held;
    }

    /**
     * The first waiting (Queued, not yet admitted) run of every pool in turn order: the one to look again when a node may
     * have been freed.
     */
    public synchronized List<BenchmarkRun> queueHeads(Collection<BenchmarkRun> allRuns) {
        Map<String, Claim> claims = holders(allRuns);
        var byPool = new LinkedHashMap<String, List<BenchmarkRun>>();
        allRuns.stream()
                .filter(r -> r.getStatus() != null
                        && r.getStatus().getPhase() == Phase.Queued
                        && r.getMetadata().getDeletionTimestamp() == null
                        && !claims.containsKey(r.getMetadata().getUid()))
                .sorted(FIFO)
                .forEach(r -> byPool.computeIfAbsent(poolOf(r), p -> new ArrayList<>())
                        .add(r));
        return byPool.entrySet().stream()
                .map(e -> inTurn(e.getValue(), e.getKey(), allRuns, claims, admittedIn(e.getKey()))
                        .getFirst())
                .toList();
    }

    /**
     * The waiting runs of a pool (given oldest first) in the order they may take nodes: namespaces take turns, round-robin,
     * starting with the namespace served least recently (one whose runs never got a node of this pool first; ties go to
     * the namespace whose oldest waiting run came first), and within a namespace oldest first. A namespace was served when
     * a run of it in this pool got nodes: every run holding or having held them counts (its start, or its admission), and
     * so do admissions remembered since ({@code admittedBefore}, namespace → time), whose runs may be gone.
     */
    static List<BenchmarkRun> inTurn(
            List<BenchmarkRun> fifo,
            String pool,
            Collection<BenchmarkRun> allRuns,
            Map<String, Claim> claims,
            Map<String, Instant> admittedBefore) {
        var served = new HashMap<>(admittedBefore);
        for (BenchmarkRun r : allRuns) {
            if (pool.equals(poolOf(r))) {
                servedAt(r, claims).ifPresent(t -> served.merge(r.getMetadata().getNamespace(), t, NodeLedger::later));
            }
        }
        var queues = new LinkedHashMap<String, ArrayDeque<BenchmarkRun>>();
        fifo.forEach(r -> queues.computeIfAbsent(r.getMetadata().getNamespace(), ns -> new ArrayDeque<>())
                .add(r));
        var turns = new ArrayList<>(queues.keySet());
        // stable: namespaces served at the same time (or never) keep the order of their oldest waiting runs
        turns.sort(Comparator.comparing(ns -> served.getOrDefault(ns, Instant.MIN)));
        var order = new ArrayList<BenchmarkRun>(fifo.size());
        while (!turns.isEmpty()) {
            for (var it = turns.iterator(); it.hasNext(); ) {
                var queue = queues.get(it.next());
                order.add(queue.poll());
                if (queue.isEmpty()) {
                    it.remove();
                }
            }
        }
        return order;
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private Map<String, Instant> admittedIn(String pool) {
        return admitted.getOrDefault(pool, Map.of());
    }

    /** When the run got its nodes, if it did: an admission not yet in its status is the latest of all. */
    private static Optional<Instant> servedAt(BenchmarkRun run, Map<String, Claim> claims) {
        var status = run.getStatus();
        if (status == null || status.getNodes() == null || status.getNodes().isEmpty()) {
            return claims.containsKey(run.getMetadata().getUid()) ? Optional.of(Instant.MAX) : Optional.empty();
        }
        Instant when = status.getStartTime() != null
                ? status.getStartTime()
                : status.getPhase() == Phase.Scheduled || status.getCompletionTime() == null
                        ? status.getPhaseSince()
                        : status.getCompletionTime();
        return Optional.of(when == null ? Instant.MAX : when);
    }

    private static List<BenchmarkRun> waiting(
            BenchmarkRun run, String pool, Collection<BenchmarkRun> allRuns, Map<String, Claim> claims) {
        var waiting = new ArrayList<BenchmarkRun>();
        boolean self = false;
        for (BenchmarkRun r : allRuns) {
            Phase phase = r.getStatus() == null ? null : r.getStatus().getPhase();
            boolean isSelf = run.getMetadata().getUid().equals(r.getMetadata().getUid());
            // runs not yet validated count too: when many are created at once, an older one may reach its first
            // reconcile after a newer one asks for a node, and must not be overtaken
            boolean notYetAdmitted = phase == null || phase == Phase.Pending || phase == Phase.Queued;
            if (isSelf
                    || notYetAdmitted
                            && r.getMetadata().getDeletionTimestamp() == null
                            && !claims.containsKey(r.getMetadata().getUid())
                            && pool.equals(poolOf(r))) {
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
    public static final Comparator<BenchmarkRun> FIFO = Comparator.comparing(
                    (BenchmarkRun r) -> r.getMetadata().getCreationTimestamp() == null
                            ? ""
                            : r.getMetadata().getCreationTimestamp())
            .thenComparing(
                    r -> r.getMetadata().getNamespace() + "/" + r.getMetadata().getName())
            .thenComparing(r -> r.getMetadata().getUid());

    /** A pool is the set of nodes a node selector picks; runs with equal selectors queue together. */
    public static String poolOf(BenchmarkRun run) {
        Map<String, String> selector = run.getSpec().getPlacement().getNodeSelector();
        if (selector == null || selector.isEmpty()) {
            return "default";
        }
        return new TreeMap<>(selector).toString();
    }

    private static boolean exclusive(BenchmarkRun run) {
        return run.getSpec().getPlacement().getIsolation() != PlacementSpec.Isolation.Shared;
    }

    private static String name(BenchmarkRun run) {
        return run.getMetadata().getNamespace() + "/" + run.getMetadata().getName();
    }
}
