package io.isobench.runner.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * libc's recv/send on a channel's socket behave as the channel's own read/write would: 0 when nothing is there, -1 at
 * the end of a stream, the kernel's error named, a datagram answered at its sender's address.
 */
class SocketCallsTest {

    @BeforeAll
    static void availableWhereTheRunnerRuns() {
        // the runner's launcher and these tests give the JVM what the calls need: if this fails, NIO would be used
        assertThat(SocketCalls.unavailableReason()).isEmpty();
    }

    @Test
    void aStreamReadsWhatThePeerWroteNothingWhenThereIsNothingAndTheEndWhenThePeerCloses() throws Exception {
        try (var server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
                var client = SocketChannel.open(server.getLocalAddress());
                var peer = server.accept()) {
            client.configureBlocking(false);
            SocketCalls calls = SocketCalls.of(client, true);
            ByteBuffer in = ByteBuffer.allocateDirect(64);

            assertThat(calls.read(in)).as("nothing sent yet").isZero();
            assertThat(calls.write(
                            ByteBuffer.allocateDirect(5).put(bytes("hello")).flip()))
                    .isEqualTo(5);
            assertThat(text(peer, 5)).isEqualTo("hello");

            peer.write(ByteBuffer.wrap(bytes("world")));
            in.position(3); // reads go where the buffer's position is
            awaitRead(calls, in, 5);
            assertThat(in.position()).isEqualTo(8);
            assertThat(new String(bytesOf(in, 3, 5), StandardCharsets.US_ASCII)).isEqualTo("world");

            peer.close();
            in.clear();
            long deadline = System.nanoTime() + 5_000_000_000L;
            int n;
            while ((n = calls.read(in)) == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(n).as("after the peer closed").isEqualTo(-1);
        }
    }

    @Test
    void aResetConnectionIsAnErrorNamingIt() throws Exception {
        try (var server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
                var client = SocketChannel.open(server.getLocalAddress())) {
            try (var peer = server.accept()) {
                peer.setOption(StandardSocketOptions.SO_LINGER, 0); // close with a RST
            }
            client.configureBlocking(false);
            SocketCalls calls = SocketCalls.of(client, true);
            ByteBuffer in = ByteBuffer.allocateDirect(64);
            assertThatThrownBy(() -> readFor5Seconds(calls, in))
                    .isInstanceOf(IOException.class)
                    .hasMessage("Connection reset by peer (recv, errno 104)");
        }
    }

    @Test
    void aServersDatagramIsAnsweredAtItsSendersAddressAndAClientToNobodyLearnsItsPortIsUnreachable() throws Exception {
        try (var server = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
                var client = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            server.configureBlocking(false);
            client.connect(server.getLocalAddress()).configureBlocking(false);
            SocketCalls serverCalls = SocketCalls.of(server, false);
            SocketCalls clientCalls = SocketCalls.of(client, false);
            ByteBuffer buffer = ByteBuffer.allocateDirect(64);

            assertThat(serverCalls.receive(buffer)).as("no datagram yet").isFalse();
            assertThat(clientCalls.write(
                            ByteBuffer.allocateDirect(4).put(bytes("ping")).flip()))
                    .isEqualTo(4);
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (!serverCalls.receive(buffer) && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(buffer.position()).isEqualTo(4);
            assertThat(serverCalls.reply(buffer.flip())).isTrue();

            ByteBuffer answer = ByteBuffer.allocateDirect(64);
            awaitRead(clientCalls, answer, 4);
            assertThat(new String(bytesOf(answer, 0, 4), StandardCharsets.US_ASCII))
                    .isEqualTo("ping");
        }

        int closedPort;
        try (var gone = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            closedPort = ((InetSocketAddress) gone.getLocalAddress()).getPort();
        }
        try (var client = DatagramChannel.open()) {
            client.connect(new InetSocketAddress("127.0.0.1", closedPort)).configureBlocking(false);
            SocketCalls calls = SocketCalls.of(client, false);
            calls.write(ByteBuffer.allocateDirect(4).put(bytes("ping")).flip());
            ByteBuffer in = ByteBuffer.allocateDirect(64);
            assertThatThrownBy(() -> readFor5Seconds(calls, in))
                    .isInstanceOf(PortUnreachableException.class)
                    .hasMessage("Connection refused");
        }
    }

    @Test
    void aHeapBufferIsRefused() throws Exception {
        try (var server = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
                var client = SocketChannel.open(server.getLocalAddress())) {
            assertThatThrownBy(() -> SocketCalls.of(client, true).read(ByteBuffer.allocate(8)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("socket calls need a direct buffer");
        }
    }

    /** Reads (and drops) what comes for 5 s, unless a read throws first. */
    private static void readFor5Seconds(SocketCalls calls, ByteBuffer in) throws IOException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            in.clear();
            calls.read(in);
        }
    }

    private static void awaitRead(SocketCalls calls, ByteBuffer into, int bytes) throws IOException {
        int start = into.position();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (into.position() - start < bytes && System.nanoTime() < deadline) {
            calls.read(into);
        }
        assertThat(into.position() - start).as("bytes read").isEqualTo(bytes);
    }

    private static String text(SocketChannel channel, int bytes) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(bytes);
        while (b.hasRemaining()) {
            if (channel.read(b) < 0) {
                break;
            }
        }
        return new String(b.array(), 0, b.position(), StandardCharsets.US_ASCII);
    }

    private static byte[] bytesOf(ByteBuffer b, int from, int length) {
        byte[] out = new byte[length];
        b.get(from, out);
        return out;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
