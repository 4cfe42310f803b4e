package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * What a role's node promised (its kubelet's CPU manager) and what its pod asked for and got: the facts the runner's
 * and the server's isolation are both judged by, kept in one place so the two cannot drift apart.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public abstract class CpuGrantFacts {

    @JsonPropertyDescription("The node the role's pod runs on.")
    private String node;

    @JsonPropertyDescription(
            "That node kubelet's cpuManagerPolicy, read from the kubelet's own /configz (static is required).")
    private String cpuManagerPolicy;

    @JsonPropertyDescription("That node kubelet's reservedSystemCPUs.")
    private String reservedSystemCpus;

    @JsonPropertyDescription("Whole CPUs the role's container asked for (requests = limits).")
    private Integer cpusRequested;

    @JsonPropertyDescription("The QoS class of the role's pod as Kubernetes reports it (Guaranteed is required).")
    private String qosClass;

    @JsonPropertyDescription("The cpuset the role found it was granted (its affinity mask), e.g. 2-3.")
    private String cpusetGranted;

    public String getNode() {
        return node;
    }

    public void setNode(String node) {
        this.node = node;
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
}
