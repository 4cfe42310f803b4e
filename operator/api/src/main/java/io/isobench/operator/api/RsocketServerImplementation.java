package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The RSocket server the rsocket target starts (the runner's --server-implementation, the server's --implementation). */
public enum RsocketServerImplementation {
    /** rsocket-java's responder: every message encoded, queued and written on its own. */
    @JsonProperty("rsocket-java")
    RSOCKET_JAVA("rsocket-java"),
    /** isobench's own RSocket frames: each connection's messages of a 1 ms tick in one write. */
    @JsonProperty("isobench")
    ISOBENCH("isobench");

    private final String runnerName;

    RsocketServerImplementation(String runnerName) {
        this.runnerName = runnerName;
    }

    /** The name the runner and the YAML use. */
    public String runnerName() {
        return runnerName;
    }
}
