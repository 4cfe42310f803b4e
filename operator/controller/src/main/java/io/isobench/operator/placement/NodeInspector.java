package io.isobench.operator.placement;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The nodes as the operator sees them: an informer's cache of Node objects, plus each kubelet's CPU-manager
 * configuration read from the kubelet itself ({@link KubeletConfigz}) and trusted for a short time (it changes only when
 * the kubelet restarts with a new config).
 */
public class NodeInspector implements AutoCloseable {

    private final KubernetesClient client;
    private final KubeletConfigz kubelets;
    private final Duration configzTtl;
    private final Clock clock;
    private final Map<String, Cached> configz = new ConcurrentHashMap<>();
    private SharedIndexInformer<Node> informer;

    private record Cached(KubeletFacts facts, Instant readAt) {}

    public NodeInspector(KubernetesClient client, KubeletConfigz kubelets, Duration configzTtl, Clock clock) {
        this.client = client;
        this.kubelets = kubelets;
        this.configzTtl = configzTtl;
        this.clock = clock;
    }

    public synchronized void start() {
        if (informer == null) {
            informer = client.nodes().inform();
        }
    }

    /** Whether the node informer is running and watching (true before it is started: nothing to judge). */
    public synchronized boolean watching() {
        return informer == null || informer.isRunning() && informer.isWatching();
    }

    public List<Node> nodes() {
        List<Node> nodes = informer != null
                ? informer.getStore().list()
                : client.nodes().list().getItems();
        return nodes.stream()
                .sorted(Comparator.comparing(n -> n.getMetadata().getName()))
                .toList();
    }

    public Optional<Node> node(String name) {
        if (informer != null) {
            return Optional.ofNullable(informer.getStore().getByKey(name));
        }
        return Optional.ofNullable(client.nodes().withName(name).get());
    }

    public static boolean ready(Node node) {
        return node.getStatus() != null
                && node.getStatus().getConditions() != null
                && node.getStatus().getConditions().stream()
                        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    public static boolean schedulable(Node node) {
        return node.getSpec() == null || !Boolean.TRUE.equals(node.getSpec().getUnschedulable());
    }

    /** Allocatable whole CPUs (what the kubelet can hand out, reserved CPUs already taken off). */
    public static int allocatableCpus(Node node) {
        if (node.getStatus() == null || node.getStatus().getAllocatable() == null) {
            return 0;
        }
        Quantity cpu = node.getStatus().getAllocatable().get("cpu");
        return cpu == null ? 0 : Quantity.getAmountInBytes(cpu).intValue();
    }

    /** Allocatable memory in bytes (capacity less what the kubelet keeps for the system and eviction). */
    public static long allocatableMemoryBytes(Node node) {
        if (node.getStatus() == null || node.getStatus().getAllocatable() == null) {
            return 0;
        }
        Quantity memory = node.getStatus().getAllocatable().get("memory");
        return memory == null ? 0 : Quantity.getAmountInBytes(memory).longValue();
    }

    public static boolean matches(Node node, Map<String, String> selector) {
        Map<String, String> labels = node.getMetadata().getLabels() == null
                ? Map.of()
                : node.getMetadata().getLabels();
        return selector.entrySet().stream()
                .allMatch(e -> e.getValue() == null || e.getValue().isEmpty()
                        ? labels.containsKey(e.getKey())
                        : e.getValue().equals(labels.get(e.getKey())));
    }

    /**
     * The kubelet's facts as last read within the trust period, a failed read included (what to decide on), without asking
     * the kubelet: empty when it has to be read ({@link #kubelet}, a blocking call, for an action after the status is stored).
     */
    public Optional<KubeletFacts> knownKubelet(String node) {
        Cached cached = configz.get(node);
        return cached != null && cached.readAt().plus(configzTtl).isAfter(clock.instant())
                ? Optional.of(cached.facts())
                : Optional.empty();
    }

    /** The kubelet's CPU-manager facts, from a recent read or a fresh one (a blocking call to the node when fresh). */
    public KubeletFacts kubelet(String node) {
        Instant now = clock.instant();
        Cached cached = configz.get(node);
        if (cached != null
                && cached.facts().error() == null
                && cached.readAt().plus(configzTtl).isAfter(now)) {
            return cached.facts();
        }
        KubeletFacts facts = node(node)
                .map(kubelets::read)
                .orElseGet(() -> KubeletFacts.unreadable("node " + node + " is not in the cluster"));
        configz.put(node, new Cached(facts, now));
        return facts;
    }

    @Override
    public synchronized void close() {
        if (kubelets != null) {
            kubelets.close();
        }
        if (informer != null) {
            informer.close();
            informer = null;
        }
    }
}
