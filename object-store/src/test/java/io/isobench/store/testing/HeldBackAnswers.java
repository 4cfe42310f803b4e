package io.isobench.store.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on 127.0.0.1 in front of a server that holds back the first bytes of every answer by a fixed delay, as a
 * bucket across a network does (one round trip per request: HTTP/1.1 clients send the next request on a connection only
 * after the answer). Counts the answers, so a benchmark can say how many round trips a publish took.
 */
public final class HeldBackAnswers implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final long delayMillis;
    private final AtomicLong answers = new AtomicLong();
    private volatile boolean closed;

    public HeldBackAnswers(URI target, long delayMillis) throws IOException {
        this.target = new InetSocketAddress(target.getHost(), target.getPort());
        this.delayMillis = delayMillis;
        this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("held-back-accept").start(this::accept);
    }

    /** Where to send requests instead of the server. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort());
    }

    /** Answers relayed so far: the round trips a client paid. */
    public long answers() {
        return answers.get();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(target.getAddress(), target.getPort());
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                var asked = new AtomicBoolean();
                Thread.ofPlatform().daemon().start(() -> relay(client, server, asked, false));
                Thread.ofPlatform().daemon().start(() -> relay(server, client, asked, true));
            } catch (IOException e) {
                if (!closed) {
                    throw new IllegalStateException("relay to " + target + " failed: " + e, e);
                }
            }
        }
    }

    /** Copies {@code from} to {@code to}; an answer's first bytes after a request wait {@link #delayMillis} first. */
    private void relay(Socket from, Socket to, AtomicBoolean asked, boolean answering) {
        byte[] buffer = new byte[64 * 1024];
        try (from;
                to;
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (!answering) {
                    asked.set(true);
                } else if (asked.getAndSet(false)) {
                    answers.incrementAndGet();
                    Thread.sleep(delayMillis);
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // either side closed: the other direction closes with it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
    }
}
