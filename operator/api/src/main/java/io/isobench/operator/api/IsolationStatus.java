package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** The facts behind the Isolated condition: what the node promised and what the runner (and its server) got. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class IsolationStatus {

    @JsonPropertyDescription("Exclusive or Shared, as asked.")
    private String mode;
    @JsonPropertyDescription("The node kubelet's cpuManagerPolicy, read from the kubelet's own /configz (as nodes/configz).")
    private String cpuManagerPolicy;
    @JsonPropertyDescription("The kubelet's reservedSystemCPUs on that node.")
    private String reservedSystemCpus;
    @JsonPropertyDescription("The node the runner pod runs on.")
    private String node;
    @JsonPropertyDescription("Whole CPUs the measuring container asked for (requests = limits).")
    private Integer cpusRequested;
    @JsonPropertyDescription("The runner pod's QoS class as Kubernetes reports it (Guaranteed is required).")
    private String qosClass;
    @JsonPropertyDescription("The cpuset the runner found it was granted (its affinity mask), e.g. 2-3.")
    private String cpusetGranted;
    @JsonPropertyDescription("The server role's facts, when it has CPUs of its own (server cpus > 0): its node, pod and start-up report.")
    private ServerIsolation server;

    public String getMode() {
        return mode;
    }

    public void setMode(String mode) {
        this.mode = mode;
    }

    public String getCpuManagerPolicy() {
        return cpuManagerPolicy;
    }

    public void setCpuManagerPolicy(String cpuManagerPolicy) {
        this.cpuManagerPolicy = cpuManagerPolicy;
    }

    public String getReservedSystemCpus() {
        return reservedSystemCpus;
    }

    public void setReservedSystemCpus(String reservedSystemCpus) {
        this.reservedSystemCpus = reservedSystemCpus;
    }

    public String getNode() {
        return node;
    }

    public void setNode(String node) {
        this.node = node;
    }

    public Integer getCpusRequested() {
        return cpusRequested;
    }

    public void setCpusRequested(Integer cpusRequested) {
        this.cpusRequested = cpusRequested;
    }

    public String getQosClass() {
        return qosClass;
    }

    public void setQosClass(String qosClass) {
        this.qosClass = qosClass;
    }

    public String getCpusetGranted() {
        return cpusetGranted;
    }

    public void setCpusetGranted(String cpusetGranted) {
        this.cpusetGranted = cpusetGranted;
    }

    public ServerIsolation getServer() {
        return server;
    }

    public void setServer(ServerIsolation server) {
        this.server = server;
    }
}
