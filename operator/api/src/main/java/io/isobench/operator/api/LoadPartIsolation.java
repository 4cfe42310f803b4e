package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * The isolation facts of one load pod other than the first (load.parallelism above 1): what its node's kubelet promises,
 * its pod's QoS class, and the cpuset it found it was granted (from the run's result).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class LoadPartIsolation extends CpuGrantFacts {

    @JsonPropertyDescription("The load part's index (1 to parallelism-1; part 0 is the runner pod above).")
    private Integer part;

    @JsonPropertyDescription("The load pod.")
    private String pod;

    public Integer getPart() {
        return part;
    }

    public void setPart(Integer part) {
        this.part = part;
    }

    public String getPod() {
        return pod;
    }

    public void setPod(String pod) {
        this.pod = pod;
    }
}
