package io.isobench.operator.api.targets;

import io.isobench.operator.api.EchoTargetSpec;

/** TCP echo (TCP_NODELAY, busy-polled non-blocking sockets). */
public record TcpEchoProfile(EchoTargetSpec options) implements EchoProfile {

    @Override
    public String runnerName() {
        return "tcp-echo";
    }

    @Override
    public String protocol() {
        return "TCP";
    }
}
