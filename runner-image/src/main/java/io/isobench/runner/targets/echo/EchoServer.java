package io.isobench.runner.targets.echo;

import io.isobench.runner.platform.SocketCalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The echo server: busy-polls non-blocking sockets on one (pinned) thread and sends back every byte it reads — TCP as a
 * stream, UDP datagram by datagram — to every client, one after the other or several at once (the repetitions of one
 * runner, several runners against one server pod). libc's recv/send (recvfrom/sendto for UDP, answering each
 * datagram's sender at the address it came from) where the runtime allows, as sockperf's server; else NIO
 * ({@link SocketCalls#unavailableReason}), where the JDK decodes a sender's address only when it differs from the previous
 * one. No allocation per message: one direct buffer.
 */
public final class EchoServer implements Runnable, AutoCloseable {

    /** What the server does when a poll found nothing to do. */
    public enum Idle {
        /** Spin: the lowest latency, and the whole CPU, always (a CPU of its own, as isobench places its servers). */
        SPIN,
        /**
         * Spin a little, then yield, then sleep, a microsecond at first and up to a millisecond: a server on CPUs it shares
         * (a user's stand-in beside a node's system processes) leaves them the CPU when idle; the first message after a
         * pause may wait up to a millisecond, the messages of a run in progress do not.
         */
        BACKOFF
    }

    private static final int SPINS = 100;
    private static final int YIELDS = 10;
    private static final long LONGEST_SLEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** How often, at most, a busy TCP server looks for another client: a new client waits no longer than this. */
    private static final long ACCEPT_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final EchoProtocol protocol;
    private final ServerSocketChannel tcp;
    private final Selector acceptor;
    private final DatagramChannel udp;
    /** The UDP socket's recvfrom/sendto, or null where only NIO can be used ({@link SocketCalls#unavailableReason}). */
    private final SocketCalls udpCalls;

    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
    private final List<Client> clients = new ArrayList<>();
    private volatile boolean running = true;
    private volatile Throwable error;
    private long nextAcceptCheck;
    private Idle idle = Idle.SPIN;

    /** Binds now, so a port in use is reported before anything runs. */
    public EchoServer(EchoProtocol protocol, InetSocketAddress bind) throws IOException {
        this.protocol = protocol;
        if (protocol == EchoProtocol.TCP) {
            tcp = ServerSocketChannel.open();
            tcp.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            tcp.bind(bind);
            tcp.configureBlocking(false);
            acceptor = Selector.open();
            tcp.register(acceptor, SelectionKey.OP_ACCEPT);
            udp = null;
            udpCalls = null;
        } else {
            udp = DatagramChannel.open();
            udp.setOption(StandardSocketOptions.SO_RCVBUF, 1 << 22);
            udp.bind(bind);
            udp.configureBlocking(false);
            udpCalls = SocketCalls.unavailableReason().isEmpty() ? SocketCalls.of(udp, false) : null;
            tcp = null;
            acceptor = null;
        }
    }

    public int port() throws IOException {
        return ((InetSocketAddress) (tcp != null ? tcp.getLocalAddress() : udp.getLocalAddress())).getPort();
    }

    public Throwable error() {
        return error;
    }

    /** How the server waits when idle (before {@link #run}); {@link Idle#SPIN} unless set. */
    public EchoServer idle(Idle strategy) {
        this.idle = strategy;
        return this;
    }

    @Override
    public void run() {
        try {
            int idlePolls = 0;
            while (running) {
                boolean worked = protocol == EchoProtocol.TCP ? pollTcp() : pollUdp();
                if (worked) {
                    idlePolls = 0;
                } else {
                    waitIdle(++idlePolls);
                }
            }
        } catch (Throwable t) {
            if (running) {
                error = t;
            }
        }
    }

    /** After {@code polls} polls in a row found nothing: spin, or back off (spin, yield, then sleep doubling to 1 ms). */
    @SuppressWarnings("ThreadPriorityCheck") // yielding to whatever else shares the CPU is what backing off is for
    private void waitIdle(int polls) {
        if (idle == Idle.SPIN || polls <= SPINS) {
            Thread.onSpinWait();
        } else if (polls <= SPINS + YIELDS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(Math.min(LONGEST_SLEEP_NANOS, 1_000L << Math.min(polls - SPINS - YIELDS, 20)));
        }
    }

    private boolean pollTcp() throws IOException {
        boolean worked = acceptWaitingClients();
        for (int i = clients.size() - 1; i >= 0; i--) {
            Client c = clients.get(i);
            buffer.clear();
            int n;
            try {
                n = c.io.read(buffer);
            } catch (IOException reset) {
                n = -1;
            }
            if (n < 0) {
                c.channel.close();
                clients.remove(i);
                continue;
            }
            if (n > 0) {
                buffer.flip();
                // the client reads its echoes while it sends, so this drains quickly; spin rather than drop bytes
                while (buffer.hasRemaining() && running) {
                    c.io.write(buffer);
                }
                worked = true;
            }
        }
        return worked;
    }

    /**
     * Accepts the clients waiting to be. A non-blocking accept() allocates even when nobody waits, a selectNow() that
     * finds nothing does not: while clients are being served, the selector is asked, at most once a millisecond.
     */
    private boolean acceptWaitingClients() throws IOException {
        if (!clients.isEmpty()) {
            long now = System.nanoTime();
            if (now - nextAcceptCheck < 0) {
                return false;
            }
            nextAcceptCheck = now + ACCEPT_CHECK_NANOS;
            if (acceptor.selectNow() == 0) {
                return false;
            }
        }
        acceptor.selectedKeys().clear();
        boolean accepted = false;
        for (SocketChannel c; (c = tcp.accept()) != null; ) {
            c.configureBlocking(false);
            c.setOption(StandardSocketOptions.TCP_NODELAY, true);
            clients.add(new Client(c, SocketCalls.orChannel(c, true)));
            accepted = true;
        }
        return accepted;
    }

    /**
     * The channel stays unconnected: a connected one takes datagrams from its first sender only, so every later client
     * (the next repetition, another runner) would go unanswered.
     */
    private boolean pollUdp() throws IOException {
        buffer.clear();
        if (udpCalls != null) {
            if (!udpCalls.receive(buffer)) {
                return false;
            }
            buffer.flip();
            udpCalls.reply(buffer); // dropped when the socket's buffer is full, as below
            return true;
        }
        SocketAddress sender = udp.receive(buffer);
        if (sender == null) {
            return false;
        }
        buffer.flip();
        // a full socket buffer drops the echo, as the network may: the client counts it lost
        udp.send(buffer, sender);
        return true;
    }

    /** A TCP client: its channel (which owns the socket) and what reads and writes it ({@link SocketCalls#orChannel}). */
    private record Client(SocketChannel channel, ByteChannel io) {}

    @Override
    public void close() throws IOException {
        running = false;
        for (Client c : clients) {
            c.channel.close();
        }
        if (tcp != null) {
            acceptor.close();
            tcp.close();
        }
        if (udp != null) {
            udp.close();
        }
    }
}
