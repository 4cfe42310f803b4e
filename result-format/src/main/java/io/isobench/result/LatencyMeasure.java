package io.isobench.result;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a recorded latency value spans, so readers never compare a round trip with a one-way hop. */
public enum LatencyMeasure {
    /** From the (intended) send to the receiver's handler, on one clock (same host). */
    @JsonProperty("one-way")
    ONE_WAY,
    /** From the (intended) send until the echo is back at the sender. */
    @JsonProperty("round-trip")
    ROUND_TRIP,
    /** Round trip divided by two: the seeds' "one-way" for ping-pong echo tests. */
    @JsonProperty("half-round-trip")
    HALF_ROUND_TRIP;

    /** The name used in result.json and reports. */
    public String json() {
        return JsonNames.of(this);
    }
}
