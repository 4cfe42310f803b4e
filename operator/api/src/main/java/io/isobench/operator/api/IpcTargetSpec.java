package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;

/** Options of the runner's ipc target (Chronicle Queue between two processes of one pod). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class IpcTargetSpec {

    @Default("256Mi")
    @Pattern(Quantities.MEMORY_PATTERN)
    @JsonPropertyDescription("Size of the shared-memory volume (emptyDir, medium Memory) holding the queue files.")
    private String queueVolume = "256Mi";

    public String getQueueVolume() {
        return queueVolume;
    }

    public void setQueueVolume(String queueVolume) {
        this.queueVolume = queueVolume;
    }
}
