package io.isobench.runner.targets.echo;

/** The two transports of the CoralReactor write-up. */
public enum EchoProtocol {
    TCP("tcp-echo"),
    UDP("udp-echo");

    private final String target;

    EchoProtocol(String target) {
        this.target = target;
    }

    /** The runner sub-command and target name. */
    public String target() {
        return target;
    }
}
