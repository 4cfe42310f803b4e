package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.ValidationRule;

/** Options of the runner's rsocket target: how many streams, how fast they open, what they carry. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
        value = "self.connections * self.streamsPerConnection <= 1000000",
        fieldPath = ".streamsPerConnection",
        message = RsocketTargetSpec.STREAMS_CAP,
        messageExpression =
                "'connections × streamsPerConnection is %d connections × %d streams = %d streams; "
                        + RsocketTargetSpec.STREAMS_CAP
                        + "'.format([self.connections, self.streamsPerConnection, self.connections * self.streamsPerConnection])")
@ValidationRule(
        value = "!has(self.endpoint) || self.serverImplementation == 'rsocket-java'",
        fieldPath = ".serverImplementation",
        message = "the server is target.rsocket.endpoint, not one isobench starts",
        messageExpression =
                "'is ' + self.serverImplementation + ': the server is target.rsocket.endpoint (' + self.endpoint"
                        + " + '), not one isobench starts'")
public class RsocketTargetSpec extends ServerTargetSpec {

    static final String STREAMS_CAP = "at most 1000000 (the jauntsdn write-up measured one million)";

    @Default("100")
    @Min(1)
    @Max(100000)
    @JsonPropertyDescription("RSocket connections the client opens.")
    private Integer connections = 100;

    @Default("25")
    @Min(1)
    @Max(100000)
    @JsonPropertyDescription("Request-streams per connection (the jauntsdn write-up used 25); "
            + "connections × streamsPerConnection is at most 1000000.")
    private Integer streamsPerConnection = 25;

    @Default("60s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription(
            "Time over which all streams are opened, monotonically (the jauntsdn write-up: 125 s for 250k streams).")
    private String rampUp = "60s";

    @Default("1024")
    @Min(8)
    @Max(1048576)
    @JsonPropertyDescription(
            "Request payload in bytes, echoed back on the stream (the jauntsdn write-up: 1 KB of random bytes).")
    private Integer payloadBytes = 1024;

    @Default("1s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Interval at which the responder echoes on each stream "
            + "(the jauntsdn write-up: about one message per second per stream).")
    private String interval = "1s";

    @Default("rsocket-java")
    @JsonPropertyDescription(
            "The server isobench starts: rsocket-java (rsocket-java's responder) or isobench (isobench's "
                    + "own RSocket frames, each connection's messages of a 1 ms tick in one write: less server CPU per stream, "
                    + "BENCHMARKS.md). Not with endpoint (the user's own server).")
    private RsocketServerImplementation serverImplementation = RsocketServerImplementation.RSOCKET_JAVA;

    @Default("7001")
    @Min(1024)
    @Max(65535)
    @JsonPropertyDescription("Port the RSocket server listens on (inside its pod); unused with endpoint.")
    private Integer port = 7001;

    public Integer getConnections() {
        return connections;
    }

    public void setConnections(Integer connections) {
        this.connections = connections;
    }

    public Integer getStreamsPerConnection() {
        return streamsPerConnection;
    }

    public void setStreamsPerConnection(Integer streamsPerConnection) {
        this.streamsPerConnection = streamsPerConnection;
    }

    public String getRampUp() {
        return rampUp;
    }

    public void setRampUp(String rampUp) {
        this.rampUp = rampUp;
    }

    public Integer getPayloadBytes() {
        return payloadBytes;
    }

    public void setPayloadBytes(Integer payloadBytes) {
        this.payloadBytes = payloadBytes;
    }

    public String getInterval() {
        return interval;
    }

    public void setInterval(String interval) {
        this.interval = interval;
    }

    public RsocketServerImplementation getServerImplementation() {
        return serverImplementation;
    }

    public void setServerImplementation(RsocketServerImplementation serverImplementation) {
        this.serverImplementation = serverImplementation;
    }

    public Integer getPort() {
        return port;
    }

    public void setPort(Integer port) {
        this.port = port;
    }
}
