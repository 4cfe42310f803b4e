package io.isobench.runner.targets.echo;

import io.isobench.result.LoadMode;
import io.isobench.runner.harness.Failures;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.platform.SocketCalls;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ByteChannel;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.Map;

/**
 * The echo client on the rig's sender thread: each message carries its stamp in its first 8 bytes; echoes are
 * read back in {@link #idle()} and timed. Closed loop (ping-pong) reports half the round trip, the seed's
 * one-way figure; open loop reports the round trip from the intended send time. Busy-polling non-blocking sockets
 * through recv/send ({@link SocketCalls#orChannel}), TCP_NODELAY, direct buffers: nothing is allocated per message.
 */
final class EchoSession implements Session {

    private final EchoProtocol protocol;
    private final ByteChannel channel;
    /** The channel's socket calls: {@link SocketCalls#orChannel}. */
    private final ByteChannel io;

    private final int messageBytes;
    private final boolean halfRoundTrip;
    private final Clock clock;
    private final LatencyRecorder recorder;
    private final ServerHandle handle;
    private final InetSocketAddress server;
    private final ByteBuffer out;
    private final ByteBuffer in;
    private final ByteBuffer datagram;
    private volatile String failure;
    private long sent;
    private long received;

    EchoSession(
            EchoProtocol protocol,
            ServerHandle handle,
            int messageBytes,
            LoadMode mode,
            Clock clock,
            LatencyRecorder recorder)
            throws IOException {
        this.protocol = protocol;
        this.handle = handle;
        this.server = handle.address();
        this.messageBytes = messageBytes;
        this.halfRoundTrip = mode == LoadMode.CLOSED_LOOP;
        this.clock = clock;
        this.recorder = recorder;
        if (protocol == EchoProtocol.TCP) {
            SocketChannel tcp = SocketChannel.open();
            tcp.setOption(StandardSocketOptions.TCP_NODELAY, true);
            tcp.connect(server);
            tcp.configureBlocking(false);
            channel = tcp;
        } else {
            DatagramChannel udp = DatagramChannel.open();
            udp.setOption(StandardSocketOptions.SO_RCVBUF, 1 << 22);
            udp.connect(server);
            udp.configureBlocking(false);
            channel = udp;
        }
        io = SocketCalls.orChannel(channel, protocol == EchoProtocol.TCP);
        // room for many messages in flight (open loop at rate, or N clients closed loop)
        out = ByteBuffer.allocateDirect(Math.max(1 << 20, messageBytes * 64)).order(ByteOrder.LITTLE_ENDIAN);
        in = ByteBuffer.allocateDirect(Math.max(1 << 20, messageBytes * 64)).order(ByteOrder.LITTLE_ENDIAN);
        datagram = ByteBuffer.allocateDirect(messageBytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 8; i < messageBytes; i++) {
            datagram.put(i, (byte) i);
        }
    }

    @Override
    public boolean send(long intendedNanos) {
        if (failure != null) {
            return false;
        }
        try {
            if (protocol == EchoProtocol.UDP) {
                datagram.clear();
                datagram.putLong(0, intendedNanos);
                if (io.write(datagram) == 0) {
                    return false;
                }
            } else {
                if (out.remaining() < messageBytes) {
                    writePending();
                    if (out.remaining() < messageBytes) {
                        return false;
                    }
                }
                // the stamp, then the rest copied in bulk from the datagram buffer (the template; over TCP nothing is
                // read into it): the stamp is taken before the message is built, so filling it byte by byte was timed
                int start = out.position();
                out.putLong(intendedNanos);
                out.put(start + 8, datagram, 8, messageBytes - 8);
                out.position(start + messageBytes);
                writePending();
            }
            sent++;
            return true;
        } catch (IOException e) {
            failure = failed("while sending", e);
            return false;
        }
    }

    @Override
    public void flush() {
        if (protocol == EchoProtocol.TCP && failure == null) {
            try {
                writePending();
            } catch (IOException e) {
                failure = failed("while sending", e);
            }
        }
    }

    private void writePending() throws IOException {
        if (out.position() == 0) {
            return; // nothing pending: no syscall
        }
        out.flip();
        io.write(out);
        out.compact();
    }

    @Override
    public void idle() {
        if (failure != null) {
            return;
        }
        try {
            if (protocol == EchoProtocol.UDP) {
                datagram.clear();
                int n = io.read(datagram);
                if (n == messageBytes) {
                    complete(datagram.getLong(0));
                }
                return;
            }
            flush();
            int n = io.read(in);
            if (n < 0) {
                failure = "the echo server at " + server + " closed the connection (" + received + " of " + sent
                        + " messages echoed)";
                return;
            }
            if (n > 0) {
                in.flip();
                while (in.remaining() >= messageBytes) {
                    long stamp = in.getLong(in.position());
                    in.position(in.position() + messageBytes);
                    complete(stamp);
                }
                in.compact();
            }
        } catch (IOException e) {
            failure = failed("while receiving", e);
        }
    }

    /** Why the connection failed, naming the server; a UDP client learns that nobody listens from an ICMP error alone. */
    private String failed(String doing, IOException e) {
        if (e instanceof PortUnreachableException) {
            return "no echo server answers at " + server + " (ICMP port unreachable " + doing + ")";
        }
        return "connection to the echo server at " + server + " failed " + doing + ": " + Failures.describe(e);
    }

    private void complete(long stamp) {
        received++;
        long roundTrip = clock.nanoTime() - stamp;
        recorder.recordLatency(stamp, halfRoundTrip ? roundTrip / 2 : roundTrip);
    }

    @Override
    public String failure() {
        return handle.failureOr(failure);
    }

    @Override
    public Map<String, Object> metrics() {
        return Map.of(
                "sent",
                sent,
                "echoed",
                received,
                "messageBytes",
                messageBytes,
                "protocol",
                protocol.name().toLowerCase(java.util.Locale.ROOT),
                "socketCalls",
                SocketCalls.used());
    }

    @Override
    public void close() throws Exception {
        try {
            channel.close();
        } finally {
            handle.close();
        }
    }
}
