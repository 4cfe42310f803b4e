package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/** What every client/server target's options share that the user may point elsewhere: the server, as an endpoint. */
public abstract class ServerTargetSpec {

    @Size(max = Endpoints.MAX_LENGTH)
    @ValidationRule(
            value = Endpoints.RULE,
            message = Endpoints.MESSAGE,
            messageExpression = Endpoints.MESSAGE_EXPRESSION)
    @JsonPropertyDescription(Endpoints.DESCRIPTION)
    private String endpoint;

    public String getEndpoint() {
        return endpoint;
    }

    public void setEndpoint(String endpoint) {
        this.endpoint = endpoint;
    }
}
