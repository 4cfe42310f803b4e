package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/**
 * The server role's isolation facts, when it has CPUs of its own (a SamePod container, or a server pod): what its
 * node's kubelet and its pod promise, and what the server reported at start-up from inside.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ServerIsolation extends CpuGrantFacts {

    @JsonPropertyDescription("The pod the server runs in (the runner pod itself for SamePod).")
    private String pod;

    @JsonPropertyDescription("Per granted CPU, the CPUs of its physical core as the server reported them (\"3:3,7\").")
    private List<String> smtSiblings;

    @JsonPropertyDescription("Where the server's measured threads run, as it reported.")
    private List<PinnedThread> threads;

    @JsonPropertyDescription("Why the server's start-up report could not be read, while it could not.")
    private String unverified;

    public String getPod() {
        return pod;
    }

    public void setPod(String pod) {
        this.pod = pod;
    }

    public List<String> getSmtSiblings() {
        return smtSiblings;
    }

    public void setSmtSiblings(List<String> smtSiblings) {
        this.smtSiblings = smtSiblings;
    }

    public List<PinnedThread> getThreads() {
        return threads;
    }

    public void setThreads(List<PinnedThread> threads) {
        this.threads = threads;
    }

    public String getUnverified() {
        return unverified;
    }

    public void setUnverified(String unverified) {
        this.unverified = unverified;
    }
}
