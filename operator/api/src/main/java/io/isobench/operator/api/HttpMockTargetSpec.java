package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;

/** Options of the runner's http-mock target (MockServer answering as on the MockServer performance page). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class HttpMockTargetSpec {

    @Default("/simple")
    @Pattern("^/[A-Za-z0-9._~/-]{0,200}$")
    @JsonPropertyDescription(
            "Path of the expectation MockServer answers (the MockServer performance page: GET /simple).")
    private String path = "/simple";

    @Default("1080")
    @Min(1024)
    @Max(65535)
    @JsonPropertyDescription("Port MockServer listens on (inside its pod; the MockServer performance page used 1080).")
    private Integer port = 1080;

    public String getPath() {
        return path;
    }

    public void setPath(String path) {
        this.path = path;
    }

    public Integer getPort() {
        return port;
    }

    public void setPort(Integer port) {
        this.port = port;
    }
}
