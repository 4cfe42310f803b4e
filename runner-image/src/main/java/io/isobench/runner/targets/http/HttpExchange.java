package io.isobench.runner.targets.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * One keep-alive HTTP/1.1 connection of the load generator and the request on it: writes the pre-encoded
 * request, then parses the response incrementally (status line, Content-Length, body discarded) in its own
 * direct buffer, so no allocation happens per request. One request at a time per connection, as ab, wrk and
 * the seed's clients do (no pipelining).
 */
final class HttpExchange {

    /** What {@link #onReadable()} found. */
    enum Progress {
        PENDING,
        COMPLETE,
        CLOSED
    }

    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    final int index;
    final SocketChannel channel;
    private final ByteBuffer request;
    private final ByteBuffer in;
    long stampNanos;
    boolean busy;
    private int headerEnd = -1;
    private long bodyRemaining;
    private int scanFrom;
    int status;

    HttpExchange(int index, SocketChannel channel, ByteBuffer request, int bufferBytes) {
        this.index = index;
        this.channel = channel;
        this.request = request.duplicate();
        this.in = ByteBuffer.allocateDirect(bufferBytes);
    }

    /** Starts a request stamped {@code stamp}; false if the socket took only part of it (then {@link #writePending()}). */
    boolean start(long stamp) throws IOException {
        stampNanos = stamp;
        busy = true;
        headerEnd = -1;
        scanFrom = 0;
        status = 0;
        in.clear();
        request.clear();
        channel.write(request);
        return !request.hasRemaining();
    }

    boolean writePending() throws IOException {
        channel.write(request);
        return !request.hasRemaining();
    }

    Progress onReadable() throws IOException {
        int n = channel.read(in);
        if (n < 0) {
            return Progress.CLOSED;
        }
        if (headerEnd < 0) {
            int end = findHeaderEnd();
            if (end < 0) {
                if (!in.hasRemaining()) {
                    throw new IOException("response headers larger than the " + in.capacity() + "-byte buffer");
                }
                return Progress.PENDING;
            }
            headerEnd = end;
            status = parseStatus();
            long length = contentLength(end);
            if (length < 0) {
                throw new IOException("response without Content-Length (status " + status
                        + "); only fixed-length bodies are supported");
            }
            bodyRemaining = length - (in.position() - end);
            in.clear();
        } else {
            bodyRemaining -= in.position();
            in.clear();
        }
        if (bodyRemaining > 0) {
            return Progress.PENDING;
        }
        if (bodyRemaining < 0) {
            throw new IOException(
                    "the server sent " + (-bodyRemaining) + " bytes beyond the response (no pipelining was asked for)");
        }
        busy = false;
        return Progress.COMPLETE;
    }

    /** Offset just past "\r\n\r\n", or -1 while it has not arrived. */
    private int findHeaderEnd() {
        int limit = in.position();
        for (int i = Math.max(scanFrom, 3); i < limit; i++) {
            if (in.get(i) == '\n' && in.get(i - 1) == '\r' && in.get(i - 2) == '\n' && in.get(i - 3) == '\r') {
                return i + 1;
            }
        }
        scanFrom = limit;
        return -1;
    }

    /** "HTTP/1.1 200 OK": the three digits after the first space. */
    private int parseStatus() {
        int i = 0;
        while (i < headerEnd && in.get(i) != ' ') {
            i++;
        }
        int code = 0;
        for (int j = i + 1; j < i + 4 && j < headerEnd; j++) {
            int digit = in.get(j) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            code = code * 10 + digit;
        }
        return code;
    }

    /** The Content-Length header's value (case-insensitive name), or -1. */
    private long contentLength(int end) {
        for (int line = 0; line < end; ) {
            if (matchesIgnoreCase(line, end)) {
                int i = line + CONTENT_LENGTH.length;
                while (i < end && in.get(i) == ' ') {
                    i++;
                }
                long value = 0;
                int digits = 0;
                for (; i < end && in.get(i) >= '0' && in.get(i) <= '9'; i++, digits++) {
                    value = value * 10 + (in.get(i) - '0');
                }
                return digits == 0 ? -1 : value;
            }
            while (line < end && in.get(line) != '\n') {
                line++;
            }
            line++;
        }
        return -1;
    }

    private boolean matchesIgnoreCase(int at, int end) {
        if (at + CONTENT_LENGTH.length > end) {
            return false;
        }
        for (int k = 0; k < CONTENT_LENGTH.length; k++) {
            int c = in.get(at + k);
            if (c >= 'A' && c <= 'Z') {
                c += 'a' - 'A';
            }
            if (c != CONTENT_LENGTH[k]) {
                return false;
            }
        }
        return true;
    }
}
