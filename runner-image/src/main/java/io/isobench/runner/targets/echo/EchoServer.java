package io.isobench.runner.targets.echo;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * The echo server: busy-polls non-blocking NIO channels on one (pinned) thread and sends back every byte it
 * reads — TCP as a stream, UDP datagram by datagram. No allocation once clients are connected: one direct
 * buffer, a connected DatagramChannel (read/write, so no per-packet sender address).
 */
public final class EchoServer implements Runnable, AutoCloseable {

    private final EchoProtocol protocol;
    private final ServerSocketChannel tcp;
    private final DatagramChannel udp;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
    private final List<SocketChannel> clients = new ArrayList<>();
    private volatile boolean running = true;
    private volatile Throwable error;
    private boolean udpConnected;

    /** Binds now, so a port in use is reported before anything runs. */
    public EchoServer(EchoProtocol protocol, InetSocketAddress bind) throws IOException {
        this.protocol = protocol;
        if (protocol == EchoProtocol.TCP) {
            tcp = ServerSocketChannel.open();
            tcp.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            tcp.bind(bind);
            tcp.configureBlocking(false);
            udp = null;
        } else {
            udp = DatagramChannel.open();
            udp.setOption(StandardSocketOptions.SO_RCVBUF, 1 << 22);
            udp.bind(bind);
            udp.configureBlocking(false);
            tcp = null;
        }
    }

    public int port() throws IOException {
        return ((InetSocketAddress) (tcp != null ? tcp.getLocalAddress() : udp.getLocalAddress())).getPort();
    }

    public Throwable error() {
        return error;
    }

    @Override
    public void run() {
        try {
            while (running) {
                boolean worked = protocol == EchoProtocol.TCP ? pollTcp() : pollUdp();
                if (!worked) {
                    Thread.onSpinWait();
                }
            }
        } catch (Throwable t) {
            if (running) {
                error = t;
            }
        }
    }

    private boolean pollTcp() throws IOException {
        boolean worked = false;
        // One client at a time (one per repetition; the next connects after the previous closed): a non-blocking
        // accept() allocates even when nobody is waiting, so it is only called while no client is connected.
        SocketChannel accepted = clients.isEmpty() ? tcp.accept() : null;
        if (accepted != null) {
            accepted.configureBlocking(false);
            accepted.setOption(StandardSocketOptions.TCP_NODELAY, true);
            clients.add(accepted);
            worked = true;
        }
        for (int i = clients.size() - 1; i >= 0; i--) {
            SocketChannel c = clients.get(i);
            buffer.clear();
            int n;
            try {
                n = c.read(buffer);
            } catch (IOException reset) {
                n = -1;
            }
            if (n < 0) {
                c.close();
                clients.remove(i);
                continue;
            }
            if (n > 0) {
                buffer.flip();
                // the client reads its echoes while it sends, so this drains quickly; spin rather than drop bytes
                while (buffer.hasRemaining() && running) {
                    c.write(buffer);
                }
                worked = true;
            }
        }
        return worked;
    }

    private boolean pollUdp() throws IOException {
        buffer.clear();
        if (!udpConnected) {
            var sender = udp.receive(buffer);
            if (sender == null) {
                return false;
            }
            udp.connect(sender);
            udpConnected = true;
        } else if (udp.read(buffer) <= 0) {
            return false;
        }
        buffer.flip();
        udp.write(buffer);
        return true;
    }

    @Override
    public void close() throws IOException {
        running = false;
        for (SocketChannel c : clients) {
            c.close();
        }
        if (tcp != null) {
            tcp.close();
        }
        if (udp != null) {
            udp.close();
        }
    }
}
