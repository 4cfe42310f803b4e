package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** The facts behind the Isolated condition: what the node promised and what the runner (and its server) got. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class IsolationStatus extends CpuGrantFacts {

    @JsonPropertyDescription("Exclusive or Shared, as asked.")
    private String mode;

    @JsonPropertyDescription(
            "The server role's facts, when it has CPUs of its own (server cpus > 0): its node, pod and start-up report.")
    private ServerIsolation server;

    @JsonPropertyDescription("The user's own server the client measured against (spec.target.<kind>.endpoint), when"
            + " isobench started none: nothing about it is placed nor verified, so the run is never Isolated.")
    private String externalServer;

    @JsonPropertyDescription("With load.parallelism above 1, the other load pods' facts (these above are load part 0's,"
            + " which coordinates them): every one of them must be isolated for the run to be.")
    private List<LoadPartIsolation> loadParts;

    public List<LoadPartIsolation> getLoadParts() {
        return loadParts;
    }

    public void setLoadParts(List<LoadPartIsolation> loadParts) {
        this.loadParts = loadParts;
    }

    public String getMode() {
        return mode;
    }

    public void setMode(String mode) {
        this.mode = mode;
    }

    public ServerIsolation getServer() {
        return server;
    }

    public void setServer(ServerIsolation server) {
        this.server = server;
    }

    public String getExternalServer() {
        return externalServer;
    }

    public void setExternalServer(String externalServer) {
        this.externalServer = externalServer;
    }
}
