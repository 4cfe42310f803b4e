package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Queues the dispatch target measures side by side (the runner's --queues values). */
public enum QueueName {
    @JsonProperty("isobench")
    ISOBENCH,
    @JsonProperty("disruptor")
    DISRUPTOR,
    @JsonProperty("jctools")
    JCTOOLS,
    @JsonProperty("agrona")
    AGRONA,
    @JsonProperty("abq")
    ABQ;

    /** The name the runner and the YAML use. */
    public String runnerName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
