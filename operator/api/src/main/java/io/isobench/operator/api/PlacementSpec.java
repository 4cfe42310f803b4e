package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Size;
import java.util.List;
import java.util.Map;

/** Where the runner pods go and what they get. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PlacementSpec {

    public enum Isolation {
        /** One run per node at a time, Guaranteed QoS, the kubelet's static CPU manager required: the run's CPUs are its own. */
        Exclusive,
        /** Runs may share nodes; never reported as isolated. */
        Shared
    }

    public enum Topology {
        /** Client and server as two containers of one pod, talking over loopback. */
        SamePod,
        /** Server pod and client pod on the same node, through a Service. */
        SameNode,
        /** Server pod and client pod on two different nodes of the pool, through a Service. */
        SeparateNodes
    }

    @JsonPropertyDescription(
            "Resources of the load side: the dispatch publisher, the echo/http/rsocket client, the ipc publisher.")
    private RoleResources client;

    @JsonPropertyDescription("Resources of the server (udpEcho, tcpEcho, rsocket, httpMock only).")
    private RoleResources server;

    @JsonPropertyDescription("Resources of the dispatch agent thread (dispatch only; same container as the publisher).")
    private RoleResources agent;

    @Size(max = 16)
    @JsonPropertyDescription(
            "Node labels the runner pods must match. Default: any node carrying the pool label (isobench.io/pool). "
                    + "Runs with the same nodeSelector queue together: namespaces take turns, FIFO within one.")
    private Map<String, String> nodeSelector;

    @Size(max = 16)
    @JsonPropertyDescription("Tolerations added to the runner pods (the pool's own taint is tolerated automatically); "
            + "each names its taint.")
    private List<RunnerToleration> tolerations;

    @Default("Exclusive")
    @JsonPropertyDescription(
            "Exclusive: one run per node at a time, Guaranteed QoS with whole CPUs, static CPU manager required, isolation verified. "
                    + "Shared: runs may share nodes and are never reported as isolated.")
    private Isolation isolation = Isolation.Exclusive;

    @Default("SamePod")
    @JsonPropertyDescription(
            "For client/server targets: SamePod (two containers, loopback), SameNode (two pods on one node) or SeparateNodes (two nodes).")
    private Topology topology = Topology.SamePod;

    public RoleResources getClient() {
        return client;
    }

    public void setClient(RoleResources client) {
        this.client = client;
    }

    public RoleResources getServer() {
        return server;
    }

    public void setServer(RoleResources server) {
        this.server = server;
    }

    public RoleResources getAgent() {
        return agent;
    }

    public void setAgent(RoleResources agent) {
        this.agent = agent;
    }

    public Map<String, String> getNodeSelector() {
        return nodeSelector;
    }

    public void setNodeSelector(Map<String, String> nodeSelector) {
        this.nodeSelector = nodeSelector;
    }

    public List<RunnerToleration> getTolerations() {
        return tolerations;
    }

    public void setTolerations(List<RunnerToleration> tolerations) {
        this.tolerations = tolerations;
    }

    public Isolation getIsolation() {
        return isolation;
    }

    public void setIsolation(Isolation isolation) {
        this.isolation = isolation;
    }

    public Topology getTopology() {
        return topology;
    }

    public void setTopology(Topology topology) {
        this.topology = topology;
    }
}
