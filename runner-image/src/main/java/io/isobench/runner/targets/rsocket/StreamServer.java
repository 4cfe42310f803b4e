package io.isobench.runner.targets.rsocket;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/** The rsocket target's load server, listening: either implementation ({@link Implementation}). */
public interface StreamServer extends AutoCloseable {

    InetSocketAddress address();

    @Override
    void close();

    /**
     * Which code serves the streams. Both speak RSocket 1.0 over TCP on reactor-netty's event loops, emit each loop's
     * streams from one {@link StreamTicker} and answer the {@link ServerMemory} request; they differ in what writes a
     * message.
     */
    enum Implementation {
        /** rsocket-java's responder: a {@code Flux} per stream, its frames encoded and queued by rsocket-java. */
        RSOCKET_JAVA("rsocket-java"),
        /** isobench's own frames ({@link WireStreamEchoServer}): a connection's messages of a tick in one write. */
        ISOBENCH("isobench");

        private final String word;

        Implementation(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        public StreamServer start(String host, int port, Duration interval) {
            return switch (this) {
                case RSOCKET_JAVA -> StreamEchoServer.start(host, port, interval);
                case ISOBENCH -> WireStreamEchoServer.start(host, port, interval);
            };
        }

        public static Optional<Implementation> of(String word) {
            return Arrays.stream(values()).filter(i -> i.word.equals(word)).findFirst();
        }

        public static String words() {
            return String.join(
                    ", ", Arrays.stream(values()).map(Implementation::word).toList());
        }
    }
}
