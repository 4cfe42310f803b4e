package io.isobench.runner.targets.http;

import io.isobench.runner.harness.Failures;
import io.isobench.runner.platform.SocketCalls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/**
 * One non-blocking TCP connection to the server, plain or TLS. Opening it connects (and for https completes the TLS
 * handshake) within a bounded time, so a server that does not answer fails the repetition before its window instead
 * of hanging it. Afterwards {@link #write} and {@link #read} move the request and the response's plaintext.
 */
abstract sealed class HttpConnection implements AutoCloseable permits HttpConnection.Plain, HttpConnection.Tls {

    final SocketChannel channel;

    private HttpConnection(SocketChannel channel) {
        this.channel = channel;
    }

    /**
     * @param tls      null for plain HTTP; else the context whose trust decides, with the endpoint's host verified
     * @param timeoutMillis for the TCP connect and the TLS handshake each
     * @throws IOException naming the URL and what failed: refused, timed out, the TLS handshake's reason
     */
    static HttpConnection open(HttpEndpoint endpoint, InetSocketAddress address, SSLContext tls, long timeoutMillis)
            throws IOException {
        SocketChannel channel = SocketChannel.open();
        try {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            try {
                channel.socket().connect(address, (int) timeoutMillis);
            } catch (SocketTimeoutException e) {
                throw new IOException(
                        "connecting to " + address + " for " + endpoint.url() + " timed out after " + timeoutMillis
                                + " ms",
                        e);
            } catch (IOException e) {
                throw new IOException(
                        "cannot connect to " + address + " for " + endpoint.url() + ": " + Failures.describe(e), e);
            }
            channel.configureBlocking(false);
            if (tls == null) {
                return new Plain(channel);
            }
            Tls connection = new Tls(channel, engine(tls, endpoint));
            connection.handshake(endpoint, timeoutMillis);
            return connection;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    private static SSLEngine engine(SSLContext tls, HttpEndpoint endpoint) {
        // the host and port make the engine send SNI (for a DNS name) and let hostname verification see the host
        SSLEngine engine = tls.createSSLEngine(endpoint.host(), endpoint.port());
        engine.setUseClientMode(true);
        SSLParameters parameters = engine.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        engine.setSSLParameters(parameters);
        return engine;
    }

    /** Writes what it can of {@code request}: true when all of it is on its way. */
    abstract boolean write(ByteBuffer request) throws IOException;

    /** True while bytes of an earlier write wait for room in the socket. */
    abstract boolean writePending();

    /**
     * Reads what has arrived into {@code plaintext} (in write mode, with room for {@link #plaintextRoom()} bytes).
     *
     * @return bytes added, or -1 when the server closed the connection and nothing more came
     */
    abstract int read(ByteBuffer plaintext) throws IOException;

    /** True when {@link #read} stopped with data still to decode: call it again before waiting for the socket. */
    abstract boolean readPending();

    /** The plaintext buffer {@link #read} needs. */
    abstract int plaintextRoom();

    @Override
    public void close() throws IOException {
        channel.close();
    }

    /**
     * Plain HTTP: the request and the response as they are, moved by libc's recv/send where the runtime allows
     * ({@link SocketCalls}: an empty NIO read costs half as much again as recv, and a busy-polled generator makes one
     * read and one write per request), else by the channel.
     */
    static final class Plain extends HttpConnection {
        private final ByteChannel io;

        Plain(SocketChannel channel) {
            super(channel);
            this.io = SocketCalls.orChannel(channel, true);
        }

        @Override
        boolean write(ByteBuffer request) throws IOException {
            io.write(request);
            return !request.hasRemaining();
        }

        @Override
        boolean writePending() {
            return false;
        }

        @Override
        int read(ByteBuffer plaintext) throws IOException {
            return io.read(plaintext);
        }

        @Override
        boolean readPending() {
            return false;
        }

        @Override
        int plaintextRoom() {
            return 16 * 1024;
        }
    }

    /**
     * TLS through an {@link SSLEngine} over the same channel: records are wrapped into and unwrapped from buffers of
     * the connection's own. Unlike plain HTTP this path allocates per record: JSSE returns a new {@link SSLEngineResult}
     * from every wrap and unwrap and allocates inside its ciphers (about 3 KB per request against nginx here, on heap
     * or direct buffers alike); the repetition's {@code allocatedBytes} shows how much, never hidden.
     */
    static final class Tls extends HttpConnection {
        private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

        private final SSLEngine engine;
        private final ByteBuffer netIn;
        private final ByteBuffer netOut;
        private final int recordPlaintext;
        private boolean pending;

        Tls(SocketChannel channel, SSLEngine engine) {
            super(channel);
            this.engine = engine;
            this.netIn = ByteBuffer.allocateDirect(engine.getSession().getPacketBufferSize());
            this.netOut = ByteBuffer.allocateDirect(engine.getSession().getPacketBufferSize());
            this.netOut.flip();
            this.recordPlaintext = engine.getSession().getApplicationBufferSize();
        }

        /** The handshake, before any request: waits for the socket with a selector until the deadline. */
        void handshake(HttpEndpoint endpoint, long timeoutMillis) throws IOException {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            ByteBuffer scratch = ByteBuffer.allocate(recordPlaintext);
            try (Selector selector = Selector.open()) {
                SelectionKey key = channel.register(selector, 0);
                engine.beginHandshake();
                while (true) {
                    switch (engine.getHandshakeStatus()) {
                        case NEED_TASK -> runTasks();
                        case NEED_WRAP -> {
                            netOut.clear();
                            SSLEngineResult result = engine.wrap(NOTHING, netOut);
                            netOut.flip();
                            while (netOut.hasRemaining()) {
                                channel.write(netOut);
                                if (netOut.hasRemaining()) {
                                    await(selector, key, SelectionKey.OP_WRITE, deadline, endpoint, timeoutMillis);
                                }
                            }
                            if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                                throw new SSLException("the TLS engine closed during the handshake");
                            }
                        }
                        case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                            netIn.flip();
                            SSLEngineResult result = engine.unwrap(netIn, scratch.clear());
                            netIn.compact();
                            if (result.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
                                await(selector, key, SelectionKey.OP_READ, deadline, endpoint, timeoutMillis);
                                if (channel.read(netIn) < 0) {
                                    throw new SSLException("the server closed the connection during the handshake");
                                }
                            } else if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                                throw new SSLException("the server ended TLS during the handshake");
                            }
                        }
                        case FINISHED, NOT_HANDSHAKING -> {
                            key.cancel();
                            return;
                        }
                    }
                }
            } catch (SSLException e) {
                throw new IOException("TLS handshake with " + endpoint.url() + " failed: " + rootMessage(e), e);
            }
        }

        private void await(
                Selector selector, SelectionKey key, int op, long deadline, HttpEndpoint endpoint, long timeoutMillis)
                throws IOException {
            key.interestOps(op);
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0 || selector.select(left) == 0 && System.nanoTime() - deadline >= 0) {
                throw new IOException(
                        "TLS handshake with " + endpoint.url() + " did not finish within " + timeoutMillis + " ms");
            }
            selector.selectedKeys().clear();
        }

        private void runTasks() {
            Runnable task;
            while ((task = engine.getDelegatedTask()) != null) {
                task.run();
            }
        }

        /** The innermost cause's message: JSSE wraps the reason a certificate was refused in layers. */
        private static String rootMessage(Throwable e) {
            Throwable root = e;
            int depth = 0;
            for (; root.getCause() != null && depth < 8; depth++) {
                root = root.getCause();
            }
            return depth == 0 ? Failures.describe(e) : Failures.describe(e) + " (" + Failures.describe(root) + ")";
        }

        @Override
        boolean write(ByteBuffer request) throws IOException {
            while (true) {
                if (netOut.hasRemaining()) {
                    channel.write(netOut);
                    if (netOut.hasRemaining()) {
                        return false;
                    }
                }
                if (!request.hasRemaining()) {
                    return true;
                }
                netOut.clear();
                SSLEngineResult result = engine.wrap(request, netOut);
                netOut.flip();
                if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                    throw new IOException("TLS is closed on this connection");
                }
            }
        }

        @Override
        boolean writePending() {
            return netOut.hasRemaining();
        }

        @Override
        int read(ByteBuffer plaintext) throws IOException {
            int n = pending ? 0 : channel.read(netIn);
            pending = false;
            netIn.flip();
            int produced = 0;
            boolean closed = false;
            while (netIn.hasRemaining()) {
                if (plaintext.remaining() < recordPlaintext) {
                    pending = true;
                    break;
                }
                SSLEngineResult result = engine.unwrap(netIn, plaintext);
                produced += result.bytesProduced();
                if (result.getHandshakeStatus() == SSLEngineResult.HandshakeStatus.NEED_TASK) {
                    runTasks(); // a post-handshake message (a TLS 1.3 session ticket)
                }
                if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                    closed = true;
                    break;
                }
                if (result.getStatus() != SSLEngineResult.Status.OK) {
                    break; // underflow: the rest of the record is still on its way
                }
            }
            netIn.compact();
            return produced == 0 && (n < 0 || closed) ? -1 : produced;
        }

        @Override
        boolean readPending() {
            return pending;
        }

        @Override
        int plaintextRoom() {
            return 2 * recordPlaintext;
        }
    }
}
