package io.isobench.operator.api.targets;

import io.isobench.operator.api.RsocketServerImplementation;
import io.isobench.operator.api.RsocketTargetSpec;
import java.util.ArrayList;
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

    /**
     * The server echoes whatever the client's request carries: only the pace and its implementation are its own. None at
     * a user's endpoint.
     */
    @Override
    public Optional<NetworkServer> server() {
        if (endpoint().isPresent()) {
            return Optional.empty();
        }
        var args = new ArrayList<>(List.of("--stream-interval", options.getInterval()));
        if (isobenchServer()) {
            args.addAll(List.of(
                    "--implementation", options.getServerImplementation().runnerName()));
        }
        return Optional.of(new NetworkServer("TCP", options.getPort(), List.copyOf(args)));
    }

    /** The runner starts the server from its own options: which one it starts is one of them. */
    @Override
    public List<String> serverProcessOptions() {
        return isobenchServer()
                ? List.of(
                        "--server-implementation",
                        options.getServerImplementation().runnerName())
                : List.of();
    }

    /** Said only when not the default, so a run written before the field had it keeps its command line. */
    private boolean isobenchServer() {
        return options.getServerImplementation() == RsocketServerImplementation.ISOBENCH;
    }

    @Override
    public Optional<String> endpoint() {
        return Optional.ofNullable(options.getEndpoint());
    }
}
