package io.isobench.operator.workload;

import io.fabric8.kubernetes.api.model.Quantity;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RoleResources;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.api.targets.NetworkServer;
import io.isobench.operator.api.targets.TargetProfile;
import io.isobench.operator.api.targets.TargetProfiles;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Whole CPUs and memory per container, with the per-target defaults the CRD documents (each held by the target's
 * {@link TargetProfile}). The measuring container holds the client (and, for dispatch, the agent thread); a client/server
 * target adds a server container (SamePod) or a server pod (SameNode, SeparateNodes); with server cpus 0 (SamePod only)
 * the server is a process of its own in the client's container, on the client's CPUs.
 */
public record ResourcePlan(
        int clientCpus,
        String clientMemory,
        int serverCpus,
        String serverMemory,
        PlacementSpec.Topology topology,
        boolean serverSharesClientCpus,
        LoadPods loadPods) {

    /**
     * The pods that make the load (load.parallelism): each has the client's CPUs and memory. With isolation Exclusive each
     * needs a node of its own; with Shared they may share nodes.
     *
     * @param count     how many (1: the runner pod alone)
     * @param exclusive whether each needs a node to itself
     */
    public record LoadPods(int count, boolean exclusive) {

        public static final LoadPods ONE = new LoadPods(1, true);

        public boolean parallel() {
            return count > 1;
        }

        /** Nodes the load pods must have: one each when Exclusive, else one at least. */
        int nodesNeeded() {
            return exclusive ? count : 1;
        }
    }

    /** The runner image starts every JVM with a pre-touched 1 GiB heap (-Xms1g -Xmx1g -XX:+AlwaysPreTouch), plus native memory. */
    private static final int MIB_PER_JVM = 1024;

    private static final int MIB_NATIVE = 512;

    public static ResourcePlan of(BenchmarkRunSpec spec) {
        TargetProfile target = TargetProfiles.of(spec.getTarget());
        PlacementSpec placement = spec.getPlacement();
        int client = cpus(placement.getClient(), target.defaultClientCpus());
        OptionalInt agent = target.defaultAgentCpus();
        if (agent.isPresent()) {
            client += cpus(placement.getAgent(), agent.getAsInt());
        }
        Optional<NetworkServer> serverRole = target.server();
        int server = serverRole
                .map(s -> cpus(placement.getServer(), s.defaultCpus()))
                .orElse(0);
        boolean serverSharesClientCpus = serverRole.isPresent() && server == 0;
        // JVMs alive at once in the client container: the runner, those the target runs beside it, and a server process
        // sharing the client's CPUs
        // variants run one at a time, each in a JVM forked beside the runner's
        int forked = spec.getVariants() == null || spec.getVariants().isEmpty() ? 0 : 1;
        int clientJvms = 1 + Math.max(target.extraClientJvms(), forked) + (serverSharesClientCpus ? 1 : 0);
        return new ResourcePlan(
                client,
                memory(placement.getClient(), clientJvms),
                server,
                server == 0 ? null : memory(placement.getServer(), 1),
                serverRole.isPresent() ? placement.getTopology() : PlacementSpec.Topology.SamePod,
                serverSharesClientCpus,
                new LoadPods(
                        spec.getLoad() == null ? 1 : spec.getLoad().loadPods(),
                        placement.getIsolation() != PlacementSpec.Isolation.Shared));
    }

    /** Whether a client/server target's server runs inside the client's container, as a process of its own on the client's CPUs. */
    public boolean serverInClientContainer() {
        return serverSharesClientCpus;
    }

    /** Whether server and client run in two pods (and may need two nodes). */
    public boolean twoPods() {
        return serverCpus > 0 && topology != PlacementSpec.Topology.SamePod;
    }

    /**
     * Where the client finds its server: null when there is none or the runner starts it itself (a server with no CPUs: a
     * process of its own in the client's container, {@code --server-process}); the pod's loopback for a SamePod sidecar;
     * else the server pod's IP.
     *
     * @param serverPodIp the server pod's IP (two pods only)
     */
    public String serverAddress(TargetSpec target, String serverPodIp) {
        Optional<NetworkServer> server = TargetProfiles.of(target).server();
        if (server.isEmpty() || serverSharesClientCpus) {
            return null;
        }
        String host = twoPods() ? serverPodIp : "127.0.0.1";
        if (host == null) {
            throw new IllegalArgumentException(
                    "the server pod's IP is needed: client and server run in two pods (" + topology + ")");
        }
        return host + ":" + server.get().port();
    }

    /** Whether the server has a node of its own (SeparateNodes), the last of the run's nodes. */
    private boolean serverNodeOfItsOwn() {
        return twoPods() && topology == PlacementSpec.Topology.SeparateNodes;
    }

    /**
     * Nodes the run must hold: the load pods' (one, or one each when Exclusive) and, for SeparateNodes, the server's.
     */
    public int nodesNeeded() {
        return loadPods.nodesNeeded() + (serverNodeOfItsOwn() ? 1 : 0);
    }

    /** Why the run needs {@link #nodesNeeded} nodes, as a reader of a refusal needs it said. */
    public String whyNodes() {
        String parts = loadPods.exclusive() && loadPods.parallel()
                ? "load.parallelism " + loadPods.count() + " with isolation Exclusive (a node for each load pod)"
                : null;
        String server = serverNodeOfItsOwn() ? "topology SeparateNodes (the server on a node of its own)" : null;
        return parts != null && server != null ? parts + " and " + server : parts != null ? parts : server;
    }

    /** Nodes the run takes when they are free: as needed, or for Shared load pods up to one each (spread over the pool). */
    public int nodesWanted() {
        return loadPods.count() + (serverNodeOfItsOwn() ? 1 : 0);
    }

    /** Of the nodes the run holds ({@code status.nodes}), the server's: the last (SeparateNodes) or the first's (else). */
    public String serverNode(List<String> nodes) {
        return serverNodeOfItsOwn() ? nodes.getLast() : nodes.getFirst();
    }

    /**
     * Of the nodes the run holds, the one load part {@code part} runs on: the load pods' nodes in turn, so with as many
     * nodes as pods each has one, and with fewer they are spread as evenly as can be.
     */
    public String loadNode(List<String> nodes, int part) {
        int clientNodes = serverNodeOfItsOwn() ? nodes.size() - 1 : nodes.size();
        return nodes.get(part % clientNodes);
    }

    /** CPUs the busiest node must have allocatable for this run. */
    public int cpusPerNode() {
        return serverNodeOfItsOwn() ? Math.max(clientCpus, serverCpus) : clientCpus + serverCpus;
    }

    /** Memory the busiest node must have allocatable for this run, in bytes: its pods' requests (equal to their limits). */
    public long memoryPerNodeBytes() {
        long client = bytes(clientMemory);
        long server = serverMemory == null ? 0 : bytes(serverMemory);
        return serverNodeOfItsOwn() ? Math.max(client, server) : client + server;
    }

    private static long bytes(String quantity) {
        return Quantity.getAmountInBytes(new Quantity(quantity)).longValue();
    }

    private static int cpus(RoleResources role, int fallback) {
        return role == null || role.getCpus() == null ? fallback : role.getCpus();
    }

    private static String memory(RoleResources role, int jvms) {
        return role == null || role.getMemory() == null ? (MIB_NATIVE + jvms * MIB_PER_JVM) + "Mi" : role.getMemory();
    }
}
