package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import io.isobench.runner.targets.echo.EchoProtocol;
import io.isobench.runner.targets.echo.EchoTarget;
import io.isobench.target.spi.Target;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** tcp-echo and udp-echo: the options they share. */
abstract class EchoCommand extends TargetCommand {

    @Option(
            names = "--message-bytes",
            paramLabel = "N",
            description = "Message size; the first 8 bytes carry the send time. Default: ${DEFAULT-VALUE}.",
            defaultValue = "256")
    int messageBytes;

    @Mixin
    ServerOptions server;

    abstract EchoProtocol protocol();

    @Override
    String parallelRefusal() {
        return ownServerRefusal(server);
    }

    @Override
    Target target() {
        int max = protocol() == EchoProtocol.UDP ? 65507 : 1 << 20;
        if (messageBytes < 8 || messageBytes > max) {
            throw new UsageException(
                    "--message-bytes '" + messageBytes + "': must be between 8 (the timestamp) and " + max);
        }
        return new EchoTarget(protocol(), messageBytes, server.location());
    }

    @Override
    String defaultRates() {
        return "10k,50k,100k";
    }

    @Command(
            name = "tcp-echo",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "TCP echo of fixed-size messages (the CoralReactor write-up): busy-polled non-blocking sockets (recv/send), TCP_NODELAY, pinned client and server.",
                "--mode closed --clients 1: ping-pong, one-way = RTT/2 (labelled half-round-trip); --mode open: round trip from the intended send time."
            })
    static final class Tcp extends EchoCommand {
        @Override
        EchoProtocol protocol() {
            return EchoProtocol.TCP;
        }
    }

    @Command(
            name = "udp-echo",
            mixinStandardHelpOptions = true,
            sortOptions = false,
            description = {
                "UDP echo of fixed-size datagrams (the CoralReactor write-up): busy-polled non-blocking sockets (recv/send), pinned client and server.",
                "--mode closed --clients 1: ping-pong, one-way = RTT/2 (labelled half-round-trip); --mode open: round trip from the intended send time."
            })
    static final class Udp extends EchoCommand {
        @Override
        EchoProtocol protocol() {
            return EchoProtocol.UDP;
        }
    }
}
