package io.isobench.runner.targets.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;

/**
 * One keep-alive HTTP/1.1 connection of the load generator and the request on it: writes the pre-encoded
 * request, then parses the response incrementally ({@link HttpResponseParser}, body discarded) in its own
 * direct buffer, so no allocation happens per request on plain HTTP. One request at a time per connection, as ab,
 * wrk and h2load's HTTP/1.1 clients do (no pipelining). A server that closes the connection after a response
 * gets a new connection ({@link #reconnect}).
 */
final class HttpExchange {

    /** What {@link #onReadable()} found. */
    enum Progress {
        PENDING,
        COMPLETE,
        CLOSED
    }

    final int index;
    private final ByteBuffer request;
    private final boolean head;
    private final HttpResponseParser parser = new HttpResponseParser();
    private HttpConnection connection;
    private ByteBuffer in;
    SelectionKey key;
    long stampNanos;
    boolean busy;

    HttpExchange(int index, HttpConnection connection, ByteBuffer request, boolean head) {
        this.index = index;
        this.request = request.duplicate();
        this.head = head;
        use(connection);
    }

    private void use(HttpConnection fresh) {
        connection = fresh;
        if (in == null || in.capacity() < fresh.plaintextRoom()) {
            in = ByteBuffer.allocateDirect(fresh.plaintextRoom());
        }
        in.clear();
    }

    HttpConnection connection() {
        return connection;
    }

    /** Starts a request stamped {@code stamp}; false if the socket took only part of it (then {@link #writePending()}). */
    boolean start(long stamp) throws IOException {
        stampNanos = stamp;
        busy = true;
        parser.begin(head);
        request.clear();
        return connection.write(request);
    }

    boolean writePending() throws IOException {
        return connection.write(request);
    }

    /** The response's status, once {@link Progress#COMPLETE}. */
    int status() {
        return parser.status();
    }

    /** Whether the server keeps the connection open after the completed response. */
    boolean keepAlive() {
        return parser.keepAlive();
    }

    /**
     * Reads what arrived. {@link Progress#CLOSED}: the server closed the connection with no response under way, or
     * none started (the caller decides which is a failure); a response cut short throws.
     */
    Progress onReadable() throws IOException {
        do {
            int n = connection.read(in);
            if (n < 0) {
                if (busy && parser.started() && parser.endOfStream()) {
                    busy = false;
                    return Progress.COMPLETE;
                }
                return Progress.CLOSED;
            }
            in.flip();
            HttpResponseParser.Result result;
            if (!busy) {
                if (in.hasRemaining()) {
                    throw new IOException("the server sent " + in.remaining() + " bytes while no request was open");
                }
                result = HttpResponseParser.Result.NEED_MORE;
            } else {
                result = parser.feed(in);
            }
            if (in.hasRemaining()) {
                throw new IOException("the server sent " + in.remaining()
                        + " bytes beyond the response (no pipelining was asked for)");
            }
            in.clear();
            if (result == HttpResponseParser.Result.COMPLETE) {
                busy = false;
                return Progress.COMPLETE;
            }
        } while (connection.readPending());
        return Progress.PENDING;
    }

    /** Replaces the connection the server closed (or will close) with {@code fresh}. */
    void reconnect(HttpConnection fresh) throws IOException {
        connection.close();
        use(fresh);
    }

    void close() throws IOException {
        connection.close();
    }
}
