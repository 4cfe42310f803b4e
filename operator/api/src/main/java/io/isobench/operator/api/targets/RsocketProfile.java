package io.isobench.operator.api.targets;

import io.isobench.operator.api.RsocketTargetSpec;
import java.util.List;
import java.util.Optional;

/** RSocket request-streams against a responder that echoes on each stream at its own pace. */
public record RsocketProfile(RsocketTargetSpec options) implements TargetProfile {

    @Override
    public String runnerName() {
        return "rsocket";
    }

    @Override
    public List<String> clientOptions() {
        return List.of(
                "--connections",
                String.valueOf(options.getConnections()),
                "--streams-per-connection",
                String.valueOf(options.getStreamsPerConnection()),
                "--ramp-up",
                options.getRampUp(),
                "--payload-bytes",
                String.valueOf(options.getPayloadBytes()),
                "--stream-interval",
                options.getInterval());
    }

    /** The server echoes whatever the client's request carries: only the pace is its own. None at a user's endpoint. */
    @Override
    public Optional<NetworkServer> server() {
        return endpoint().isPresent()
                ? Optional.empty()
                : Optional.of(new NetworkServer(
                        "TCP", options.getPort(), List.of("--stream-interval", options.getInterval())));
    }

    @Override
    public Optional<String> endpoint() {
        return Optional.ofNullable(options.getEndpoint());
    }
}
