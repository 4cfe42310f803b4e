package io.isobench.operator.api.targets;

import io.isobench.operator.api.EchoTargetSpec;

/** UDP echo of fixed-size datagrams. */
public record UdpEchoProfile(EchoTargetSpec options) implements EchoProfile {

    @Override
    public String runnerName() {
        return "udp-echo";
    }

    @Override
    public String protocol() {
        return "UDP";
    }
}
