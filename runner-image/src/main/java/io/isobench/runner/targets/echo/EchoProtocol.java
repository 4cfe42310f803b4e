package io.isobench.runner.targets.echo;

import io.isobench.runner.platform.SocketCalls;
import java.nio.channels.ByteChannel;
import java.nio.channels.Channel;

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

    /**
     * What reads and writes {@code channel}'s socket: libc's recv/send ({@link SocketCalls}, as sockperf) where the
     * runtime allows it, else the channel itself (NIO's read/write). Either way the channel keeps the socket.
     */
    ByteChannel calls(Channel channel) {
        return SocketCalls.unavailableReason().isEmpty() ? SocketCalls.of(channel, this == TCP) : (ByteChannel) channel;
    }

    /** How {@link #calls} reads and writes here, for a result's metrics. */
    static String callsUsed() {
        return SocketCalls.unavailableReason()
                .map(why -> "NIO read/write (recv/send unavailable: " + why + ")")
                .orElse("recv/send");
    }
}
