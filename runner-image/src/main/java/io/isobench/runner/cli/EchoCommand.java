package io.isobench.runner.cli;

import io.isobench.runner.harness.Target;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.targets.echo.EchoProtocol;
import io.isobench.runner.targets.echo.EchoTarget;
import java.net.InetSocketAddress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** tcp-echo and udp-echo: the options they share. */
abstract class EchoCommand extends TargetCommand {

    @Option(names = "--message-bytes", paramLabel = "N", description = "Message size; the first 8 bytes carry the send time. Default: ${DEFAULT-VALUE}.",
            defaultValue = "256")
    int messageBytes;

    @Option(names = "--server-address", paramLabel = "HOST:PORT", description = "Use this echo server (another container or pod running "
            + "`isobench-runner server`) instead of one in this JVM.")
    String serverAddress;

    abstract EchoProtocol protocol();

    @Override
    Target target() {
        int max = protocol() == EchoProtocol.UDP ? 65507 : 1 << 20;
        if (messageBytes < 8 || messageBytes > max) {
            throw new UsageException("--message-bytes '" + messageBytes + "': must be between 8 (the timestamp) and " + max);
        }
        return new EchoTarget(protocol(), messageBytes, serverAddress == null ? null : address("--server-address", serverAddress));
    }

    @Override
    String defaultRates() {
        return "10k,50k,100k";
    }

    static InetSocketAddress address(String option, String value) {
        int colon = value.lastIndexOf(':');
        try {
            int port = Integer.parseInt(value.substring(colon + 1));
            if (colon <= 0 || port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return new InetSocketAddress(value.substring(0, colon), port);
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new UsageException(option + " '" + value + "': must be HOST:PORT with a port in 1-65535");
        }
    }

    @Command(name = "tcp-echo", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "TCP echo of fixed-size messages (the CoralReactor write-up): busy-polling NIO, TCP_NODELAY, pinned client and server.",
        "--mode closed --clients 1: ping-pong, one-way = RTT/2 (labelled half-round-trip); --mode open: round trip from the intended send time."})
    static final class Tcp extends EchoCommand {
        @Override
        EchoProtocol protocol() {
            return EchoProtocol.TCP;
        }
    }

    @Command(name = "udp-echo", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "UDP echo of fixed-size datagrams (the CoralReactor write-up): busy-polling NIO, pinned client and server.",
        "--mode closed --clients 1: ping-pong, one-way = RTT/2 (labelled half-round-trip); --mode open: round trip from the intended send time."})
    static final class Udp extends EchoCommand {
        @Override
        EchoProtocol protocol() {
            return EchoProtocol.UDP;
        }
    }
}
