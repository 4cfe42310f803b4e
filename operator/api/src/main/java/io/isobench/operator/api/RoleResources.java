package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** Whole CPUs and memory for one role; requests equal limits, so the pod is Guaranteed. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RoleResources {

    @Min(0)
    @Max(64)
    @JsonPropertyDescription(
            "Whole CPUs (an integer, so the static CPU manager can grant them exclusively). Defaults per target: "
                    + "dispatch client 1 + agent 1; echo/http/rsocket client 1 and server 1; ipc client 2. "
                    + "0 for the agent or a SamePod server: that role shares the client's CPUs (for nodes with one allocatable CPU; "
                    + "the result then records that the roles could not be pinned apart). "
                    + "0 for the client with isolation Shared: its pods ask no CPU of their own (Burstable QoS) and run unpinned on "
                    + "the node's shared CPUs, so several load pods fit a node with fewer free CPUs than pods.")
    private Integer cpus;

    @Pattern(Quantities.MEMORY_PATTERN)
    @Size(max = 24)
    @ValidationRule(
            value = "!self.matches('^0+[A-Za-z]*$')",
            message = "must be more than 0, e.g. 2Gi",
            messageExpression = "'is ' + self + ': must be more than 0, e.g. 2Gi'")
    @JsonPropertyDescription(
            "Memory, e.g. 3Gi. Default: 1 GiB per JVM the container runs at once (the runner image pre-touches a 1 GiB heap) "
                    + "plus 512Mi: 1536Mi for one JVM; 2560Mi when dispatch compares several queues (each in a forked JVM), for ipc "
                    + "(the consumer process) and for a server sharing the client's CPUs.")
    private String memory;

    public RoleResources() {}

    public RoleResources(Integer cpus, String memory) {
        this.cpus = cpus;
        this.memory = memory;
    }

    public Integer getCpus() {
        return cpus;
    }

    public void setCpus(Integer cpus) {
        this.cpus = cpus;
    }

    public String getMemory() {
        return memory;
    }

    public void setMemory(String memory) {
        this.memory = memory;
    }
}
