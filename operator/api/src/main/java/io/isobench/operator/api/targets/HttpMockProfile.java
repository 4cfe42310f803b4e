package io.isobench.operator.api.targets;

import io.isobench.operator.api.HttpMockTargetSpec;
import java.util.List;
import java.util.Optional;

/** An HTTP client against MockServer answering one GET expectation; both sides are told its path. */
public record HttpMockProfile(HttpMockTargetSpec options) implements TargetProfile {

    @Override
    public String runnerName() {
        return "http-mock";
    }

    @Override
    public List<String> clientOptions() {
        return List.of("--path", options.getPath());
    }

    @Override
    public Optional<NetworkServer> server() {
        return Optional.of(new NetworkServer("TCP", options.getPort(), List.of("--path", options.getPath())));
    }
}
