package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;

/** Options of the runner's udp-echo and tcp-echo targets (the server: ours, or the user's endpoint). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class EchoTargetSpec extends ServerTargetSpec {

    @Default("256")
    @Min(8)
    @Max(65507)
    @JsonPropertyDescription(
            "Message size in bytes; the first 8 carry the send timestamp (so at least 8; at most a UDP datagram's 65507).")
    private Integer messageBytes = 256;

    @Default("7000")
    @Min(1024)
    @Max(65535)
    @JsonPropertyDescription("Port the echo server listens on (inside its pod); unused with endpoint.")
    private Integer port = 7000;

    public Integer getMessageBytes() {
        return messageBytes;
    }

    public void setMessageBytes(Integer messageBytes) {
        this.messageBytes = messageBytes;
    }

    public Integer getPort() {
        return port;
    }

    public void setPort(Integer port) {
        this.port = port;
    }
}
