package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;

/** Whole CPUs and memory for one role; requests equal limits, so the pod is Guaranteed. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RoleResources {

    @Min(1)
    @Max(64)
    @JsonPropertyDescription("Whole CPUs (an integer, so the static CPU manager can grant them exclusively). Defaults per target: "
            + "dispatch client 1 + agent 1; echo/http/rsocket client 1 and server 1; ipc client 2.")
    private Integer cpus;

    @Pattern(Quantities.MEMORY_PATTERN)
    @JsonPropertyDescription("Memory, e.g. 1Gi (default 1536Mi: the runner's 1 GiB heap plus native memory).")
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
