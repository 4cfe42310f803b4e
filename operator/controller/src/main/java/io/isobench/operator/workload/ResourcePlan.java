package io.isobench.operator.workload;

import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.RoleResources;
import io.isobench.operator.api.TargetSpec;

/**
 * Whole CPUs and memory per container, with the per-target defaults the CRD documents. The measuring
 * container holds the client (and, for dispatch, the agent thread); a client/server target adds a server
 * container (SamePod) or a server pod (SameNode, SeparateNodes).
 */
public record ResourcePlan(int clientCpus, String clientMemory, int serverCpus, String serverMemory, PlacementSpec.Topology topology) {

    public static final String DEFAULT_MEMORY = "1536Mi";

    public static ResourcePlan of(BenchmarkRunSpec spec) {
        TargetSpec target = spec.getTarget();
        PlacementSpec placement = spec.getPlacement();
        int client = cpus(placement.getClient(), target.getIpc() != null ? 2 : 1);
        if (target.getDispatch() != null) {
            client += cpus(placement.getAgent(), 1);
        }
        int server = target.clientServer() ? cpus(placement.getServer(), 1) : 0;
        return new ResourcePlan(client, memory(placement.getClient()), server, server == 0 ? null : memory(placement.getServer()),
                target.clientServer() ? placement.getTopology() : PlacementSpec.Topology.SamePod);
    }

    /** Whether server and client run in two pods (and may need two nodes). */
    public boolean twoPods() {
        return serverCpus > 0 && topology != PlacementSpec.Topology.SamePod;
    }

    /** Nodes the run holds: two for SeparateNodes, else one. */
    public int nodesNeeded() {
        return twoPods() && topology == PlacementSpec.Topology.SeparateNodes ? 2 : 1;
    }

    /** CPUs the busiest node must have allocatable for this run. */
    public int cpusPerNode() {
        return nodesNeeded() == 2 ? Math.max(clientCpus, serverCpus) : clientCpus + serverCpus;
    }

    private static int cpus(RoleResources role, int fallback) {
        return role == null || role.getCpus() == null ? fallback : role.getCpus();
    }

    private static String memory(RoleResources role) {
        return role == null || role.getMemory() == null ? DEFAULT_MEMORY : role.getMemory();
    }
}
