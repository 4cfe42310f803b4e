package io.isobench.result;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How load is applied, which decides what the latency figures mean. */
public enum LoadMode {
    /**
     * Messages are sent on a fixed schedule and each is timed from its <em>intended</em> send time,
     * so a stalled sender cannot hide the stall (coordinated-omission correct).
     */
    @JsonProperty("open-loop")
    OPEN_LOOP,
    /**
     * The next message goes when a previous one completes (ping-pong or N clients in flight). Latency is
     * service time under that load; it says nothing about queueing at a fixed arrival rate.
     */
    @JsonProperty("closed-loop")
    CLOSED_LOOP;

    /** The name used in result.json and reports. */
    public String json() {
        return JsonNames.of(this);
    }
}
