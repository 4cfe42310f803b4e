package io.isobench.operator.api.targets;

import java.util.List;

/**
 * The server role of a client/server target: {@code isobench-runner server <target> --port <port> <options>}.
 *
 * @param protocol what the client reaches it by, as a NetworkPolicy port names it (TCP, UDP)
 * @param port the port it listens on inside its pod
 * @param options its options beyond the port, from the spec
 * @param defaultCpus its whole CPUs when spec.placement.server.cpus is not set
 */
public record NetworkServer(String protocol, int port, List<String> options, int defaultCpus) {

    /** A server on one CPU of its own, the default for every server so far. */
    public NetworkServer(String protocol, int port, List<String> options) {
        this(protocol, port, options, 1);
    }
}
