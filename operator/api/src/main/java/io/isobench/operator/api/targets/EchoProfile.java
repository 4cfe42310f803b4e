package io.isobench.operator.api.targets;

import io.isobench.operator.api.EchoTargetSpec;
import java.util.List;
import java.util.Optional;

/** The echo targets: fixed-size messages to an echo server and back; they differ only in the transport. */
public sealed interface EchoProfile extends TargetProfile permits TcpEchoProfile, UdpEchoProfile {

    EchoTargetSpec options();

    /** The transport, as a NetworkPolicy port names it. */
    String protocol();

    @Override
    default List<String> clientOptions() {
        return List.of("--message-bytes", String.valueOf(options().getMessageBytes()));
    }

    @Override
    default Optional<NetworkServer> server() {
        return endpoint().isPresent()
                ? Optional.empty()
                : Optional.of(new NetworkServer(protocol(), options().getPort(), List.of()));
    }

    @Override
    default Optional<String> endpoint() {
        return Optional.ofNullable(options().getEndpoint());
    }
}
