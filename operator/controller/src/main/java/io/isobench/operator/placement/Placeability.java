package io.isobench.operator.placement;

import io.fabric8.kubernetes.api.model.Node;
import io.isobench.operator.workload.ResourcePlan;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * Whether any node could ever take a run, read from the Node objects alone (no kubelet, no queue), so a run hears at
 * once, not at its timeout, why it cannot be placed: no node carries its pool's labels (it waits: a node may be labelled
 * later), or none has the whole CPUs and memory it asks allocatable (lasting: it fails {@code Unschedulable}). Readiness is
 * left to the queue: a node that fits but is NotReady now may be back soon.
 *
 * @param fits    the condition Placeable's value
 * @param reason  {@code Fits}, {@code NoMatchingNode} or {@code Unschedulable}
 * @param lasting whether only a change of the nodes' size (not a new label) could place the run
 * @param nodes   the matching nodes that have room for the run (empty unless it fits)
 */
public record Placeability(boolean fits, String reason, String message, boolean lasting, List<Node> nodes) {

    public static final String FITS = "Fits";
    public static final String NO_MATCHING_NODE = "NoMatchingNode";
    public static final String UNSCHEDULABLE = "Unschedulable";

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    public static Placeability assess(ResourcePlan plan, Map<String, String> selector, List<Node> nodes) {
        String pool = "nodeSelector " + describe(selector);
        List<Node> matching =
                nodes.stream().filter(n -> NodeInspector.matches(n, selector)).toList();
        int needed = plan.nodesNeeded();
        if (matching.isEmpty()) {
            return new Placeability(
                    false,
                    NO_MATCHING_NODE,
                    "no node matches " + pool + " (label one: kubectl label node <node> " + labelCommand(selector)
                            + ")",
                    false,
                    List.of());
        }
        if (matching.size() < needed) {
            return new Placeability(
                    false,
                    NO_MATCHING_NODE,
                    plan.whyNodes() + " needs " + needed + " nodes matching " + pool + "; " + matching.size()
                            + " does: " + names(matching),
                    false,
                    List.of());
        }
        long cpus = plan.cpusPerNode();
        long memory = plan.memoryPerNodeBytes();
        List<Node> roomy = matching.stream()
                .filter(n ->
                        NodeInspector.allocatableCpus(n) >= cpus && NodeInspector.allocatableMemoryBytes(n) >= memory)
                .toList();
        String asks = cpus + " whole CPUs and " + size(memory) + " of memory";
        if (roomy.size() >= needed) {
            return new Placeability(
                    true,
                    FITS,
                    roomy.size() + " of " + matching.size() + " node(s) matching " + pool + " have the " + asks
                            + " it asks allocatable: " + names(roomy),
                    false,
                    roomy);
        }
        Node mostCpus = most(matching, NodeInspector::allocatableCpus);
        Node mostMemory = most(matching, NodeInspector::allocatableMemoryBytes);
        String largest = NodeInspector.allocatableCpus(mostCpus) + " CPUs ("
                + mostCpus.getMetadata().getName() + "), " + size(NodeInspector.allocatableMemoryBytes(mostMemory))
                + " of memory (" + mostMemory.getMetadata().getName() + ")";
        String message = needed == 1
                ? "asks " + asks + " on one node; the most any of the " + matching.size() + " node(s) matching " + pool
                        + " has allocatable: " + largest
                : "asks " + asks + " on each of " + needed + " nodes; " + roomy.size() + " of the " + matching.size()
                        + " node(s) matching "
                        + pool + " has them" + (roomy.isEmpty() ? "" : " (" + names(roomy) + ")")
                        + "; the most any has allocatable: "
                        + largest;
        return new Placeability(false, UNSCHEDULABLE, message, true, List.of());
    }

    /** A selector as a user reads it: key=value, or "key (any value)" where the value is left empty (the default pool). */
    public static String describe(Map<String, String> selector) {
        return selector.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getValue() == null || e.getValue().isEmpty()
                        ? e.getKey() + " (any value)"
                        : e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    private static String labelCommand(Map<String, String> selector) {
        return selector.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e ->
                        e.getKey() + "=" + (e.getValue() == null || e.getValue().isEmpty() ? "<pool>" : e.getValue()))
                .collect(Collectors.joining(" "));
    }

    private static Node most(List<Node> nodes, ToLongFunction<Node> amount) {
        return nodes.stream()
                .max(Comparator.comparingLong(amount)
                        .thenComparing(n -> n.getMetadata().getName(), Comparator.reverseOrder()))
                .orElseThrow();
    }

    private static String names(List<Node> nodes) {
        return nodes.stream().map(n -> n.getMetadata().getName()).collect(Collectors.joining(", "));
    }

    /** Bytes as a quantity a user would write: whole GiB, else whole MiB (rounded down). */
    public static String size(long bytes) {
        return bytes % GIB == 0 && bytes > 0 ? bytes / GIB + "Gi" : bytes / MIB + "Mi";
    }
}
