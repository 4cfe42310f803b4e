package io.isobench.runner.targets.http;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Reads one HTTP/1.1 response at a time from whatever bytes arrive: split anywhere across reads, or followed by
 * the next one in the same read. A state machine over primitives, byte by byte where a byte decides something (status
 * digits, the fields we read, line ends) and in runs elsewhere (bodies, names, other fields' values), so parsing
 * allocates nothing; only a response it cannot read allocates, for the exception that names why.
 *
 * <p>Body length as RFC 9112 section 6.3 decides it: none for HEAD, 1xx, 204 and 304; chunked when chunked is the last
 * transfer coding (chunk extensions and trailers skipped); else Content-Length; else until the server closes.
 * Interim 1xx responses ({@code 100 Continue}) are skipped. Header names are matched case-insensitively.
 */
final class HttpResponseParser {

    /** What {@link #feed} found. */
    enum Result {
        NEED_MORE,
        COMPLETE
    }

    /** Status line plus header lines (or trailer lines) of one response: beyond this it is not a response we read. */
    static final int MAX_HEAD_BYTES = 64 * 1024;

    private static final long MAX_CHUNK_BYTES = 1L << 40;

    private enum State {
        STATUS_LINE,
        HEADER_LINE,
        BODY_FIXED,
        BODY_UNTIL_CLOSE,
        CHUNK_SIZE,
        CHUNK_EXTENSION,
        CHUNK_DATA,
        CHUNK_DATA_END,
        TRAILER_LINE,
        DONE
    }

    private enum Field {
        OTHER,
        CONTENT_LENGTH,
        TRANSFER_ENCODING,
        CONNECTION
    }

    private static final byte[] STATUS_PREFIX = ascii("http/1.");
    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONNECTION = ascii("connection");
    private static final byte[] CHUNKED = ascii("chunked");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] KEEP_ALIVE = ascii("keep-alive");

    /** Room for the longest name and token we compare: a longer one cannot be any of them. */
    private final byte[] word = new byte[24];

    private int wordLength;
    private boolean wordTooLong;
    private State state = State.DONE;
    private boolean headRequest;
    private int headBytes;
    private int lineLength;
    private boolean inValue;
    private Field field;
    private int minorVersion;
    private int status;
    private long contentLength;
    private boolean contentLengthDigits;
    private boolean chunked;
    private boolean otherCoding;
    private boolean closeToken;
    private boolean keepAliveToken;
    private long remaining;
    private boolean sizeDigits;
    private long received;

    /** Starts reading the response to a new request; {@code head}: a HEAD request, whose response has no body. */
    void begin(boolean head) {
        headRequest = head;
        status = 0;
        received = 0;
        startHead();
        state = State.STATUS_LINE;
    }

    private void startHead() {
        headBytes = 0;
        lineLength = 0;
        contentLength = -1;
        chunked = false;
        otherCoding = false;
        closeToken = false;
        keepAliveToken = false;
        minorVersion = 1;
    }

    /** The final response's status code, once its status line is read. */
    int status() {
        return status;
    }

    /** Whether the connection can carry the next request after this (complete) response. */
    boolean keepAlive() {
        if (state == State.BODY_UNTIL_CLOSE || closeToken) {
            return false;
        }
        return minorVersion >= 1 || keepAliveToken;
    }

    /** Whether any byte of this response has arrived. */
    boolean started() {
        return received > 0;
    }

    /**
     * Consumes bytes from {@code in}'s position up to its limit, stopping right after the response ends: bytes left in
     * {@code in} after {@link Result#COMPLETE} are beyond it.
     *
     * @throws IOException a response we cannot read, saying where and why
     */
    Result feed(ByteBuffer in) throws IOException {
        received += in.remaining();
        while (in.hasRemaining()) {
            switch (state) {
                case BODY_FIXED, CHUNK_DATA -> {
                    int skip = (int) Math.min(remaining, in.remaining());
                    in.position(in.position() + skip);
                    remaining -= skip;
                    if (remaining == 0) {
                        state = state == State.BODY_FIXED ? State.DONE : State.CHUNK_DATA_END;
                    }
                }
                case BODY_UNTIL_CLOSE -> in.position(in.limit());
                case DONE -> {
                    received -= in.remaining();
                    return Result.COMPLETE;
                }
                case STATUS_LINE, HEADER_LINE, TRAILER_LINE -> {
                    if (!inBulk(in)) {
                        onHeadByte(in.get());
                    }
                }
                default -> onByte(in.get());
            }
        }
        return state == State.DONE ? Result.COMPLETE : Result.NEED_MORE;
    }

    /**
     * The server closed the connection: true when that ended the response (a body read until close), else why the
     * response is incomplete.
     */
    boolean endOfStream() throws IOException {
        if (state == State.BODY_UNTIL_CLOSE) {
            state = State.DONE;
            return true;
        }
        throw new IOException("the server closed the connection in the middle of the response (" + where() + ", "
                + received + " bytes received)");
    }

    private String where() {
        return switch (state) {
            case STATUS_LINE -> "in the status line";
            case HEADER_LINE -> "in the headers";
            case BODY_FIXED -> remaining + " bytes of its Content-Length body missing";
            case CHUNK_SIZE, CHUNK_EXTENSION, CHUNK_DATA, CHUNK_DATA_END -> "in a chunk of its chunked body";
            case TRAILER_LINE -> "in the trailers of its chunked body";
            case BODY_UNTIL_CLOSE, DONE -> "after it";
        };
    }

    private void onByte(byte b) throws IOException {
        switch (state) {
            case STATUS_LINE, HEADER_LINE, TRAILER_LINE -> onHeadByte(b);
            case CHUNK_SIZE -> onChunkSizeByte(b);
            case CHUNK_EXTENSION -> {
                if (b == '\n') {
                    endChunkSize();
                }
            }
            case CHUNK_DATA_END -> {
                if (b == '\n') {
                    state = State.CHUNK_SIZE;
                    remaining = 0;
                    sizeDigits = false;
                } else if (b != '\r') {
                    throw new IOException("a chunk of the chunked body is longer than its size line said");
                }
            }
            default -> throw new IllegalStateException("no byte-wise parsing in " + state);
        }
    }

    /**
     * Takes in one loop the run of head bytes up to the next one that decides something — a line's end, a header name's
     * colon — where nothing but counting and (for a name) collecting happens: the reason phrase, a name, the value of a
     * field we do not read, a trailer line. The per-byte path costs a few dispatches per byte and most of a response's
     * head is such runs (nginx's 150-byte answer: its Server, Date and Content-Type values and every name).
     *
     * @return false when the next byte needs the per-byte path
     */
    private boolean inBulk(ByteBuffer in) throws IOException {
        int from = in.position();
        int to = from;
        int limit = in.limit();
        if (skipsToLineEnd()) {
            while (to < limit && in.get(to) != '\n') {
                to++;
            }
        } else if (state == State.HEADER_LINE && !inValue && lineLength > 0) {
            // a name under way (its first byte, which may start a folded line, went the per-byte way)
            for (byte b; to < limit && (b = in.get(to)) != ':' && b != '\n' && b != '\r'; to++) {
                addToWord(b);
            }
        }
        if (to == from) {
            return false;
        }
        headBytes += to - from;
        if (headBytes > MAX_HEAD_BYTES) {
            throw new IOException("the response's status line and headers exceed " + MAX_HEAD_BYTES + " bytes");
        }
        lineLength += to - from;
        in.position(to);
        return true;
    }

    /** Whether the rest of the current line only counts: the reason phrase, an unread field's value, a trailer. */
    private boolean skipsToLineEnd() {
        return switch (state) {
            case STATUS_LINE -> lineLength > STATUS_PREFIX.length + 4;
            case HEADER_LINE -> inValue && field == Field.OTHER;
            case TRAILER_LINE -> lineLength > 0;
            default -> false;
        };
    }

    /** A byte of the status line, a header line or a trailer line (a bare LF ends a line too; CR is dropped). */
    private void onHeadByte(byte b) throws IOException {
        if (++headBytes > MAX_HEAD_BYTES) {
            throw new IOException("the response's status line and headers exceed " + MAX_HEAD_BYTES + " bytes");
        }
        if (b == '\r') {
            return;
        }
        if (b == '\n') {
            endHeadLine();
            return;
        }
        int at = lineLength++;
        switch (state) {
            case STATUS_LINE -> onStatusByte(at, b);
            case HEADER_LINE -> onHeaderByte(at, b);
            default -> {} // trailer fields are not used
        }
    }

    /** "HTTP/1.x 200 reason": the version's minor digit and the three status digits. */
    private void onStatusByte(int at, byte b) throws IOException {
        if (at < STATUS_PREFIX.length) {
            if (lower(b) != STATUS_PREFIX[at]) {
                throw new IOException("the response does not start with an HTTP/1.x status line (byte " + at + " is "
                        + printable(b) + ")");
            }
        } else if (at == STATUS_PREFIX.length) {
            minorVersion = digit(b, "the HTTP version");
        } else if (at == STATUS_PREFIX.length + 1) {
            if (b != ' ') {
                throw new IOException("the status line has " + printable(b) + " after its HTTP version, not a space");
            }
        } else if (at <= STATUS_PREFIX.length + 4) {
            status = status * 10 + digit(b, "the status code");
        }
    }

    private void onHeaderByte(int at, byte b) throws IOException {
        if (inValue) {
            onValueByte(b);
            return;
        }
        if (at == 0) {
            wordLength = 0;
            wordTooLong = false;
            field = Field.OTHER;
            if (b == ' ' || b == '\t') {
                // an obsolete folded continuation of the previous header: not one of the fields we read
                inValue = true;
                return;
            }
        }
        if (b == ':') {
            field = fieldNamed();
            inValue = true;
            wordLength = 0;
            wordTooLong = false;
            contentLengthDigits = false;
            if (field == Field.CONTENT_LENGTH) {
                if (contentLength >= 0) {
                    throw new IOException("the response has more than one Content-Length header");
                }
                contentLength = 0;
            } else if (field == Field.TRANSFER_ENCODING) {
                chunked = false; // the last coding decides, across repeated headers too
            }
            return;
        }
        addToWord(b);
    }

    private void onValueByte(byte b) throws IOException {
        switch (field) {
            case CONTENT_LENGTH -> {
                if (b >= '0' && b <= '9') {
                    if (contentLength > MAX_CHUNK_BYTES) {
                        throw new IOException("the response's Content-Length is too large");
                    }
                    contentLength = contentLength * 10 + (b - '0');
                    contentLengthDigits = true;
                } else if (b != ' ' && b != '\t') {
                    throw new IOException(
                            "the response's Content-Length is not a number (it has " + printable(b) + ")");
                }
            }
            case TRANSFER_ENCODING, CONNECTION -> {
                if (b == ',') {
                    endToken();
                } else if (b != ' ' && b != '\t') {
                    addToWord(b);
                }
            }
            case OTHER -> {}
        }
    }

    private void endHeadLine() throws IOException {
        boolean empty = lineLength == 0;
        lineLength = 0;
        switch (state) {
            case STATUS_LINE -> {
                if (empty && headBytes <= 2) {
                    return; // a stray CRLF between responses, which RFC 9112 tells readers to skip
                }
                if (status == 0 || headBytes < STATUS_PREFIX.length + 5) {
                    throw new IOException("the response's status line is cut short (" + headBytes + " bytes)");
                }
                state = State.HEADER_LINE;
                inValue = false;
            }
            case HEADER_LINE -> {
                if (empty) {
                    endHead();
                    return;
                }
                if (!inValue) {
                    throw new IOException("a response header line has no ':'");
                }
                if (field == Field.TRANSFER_ENCODING || field == Field.CONNECTION) {
                    endToken();
                } else if (field == Field.CONTENT_LENGTH && !contentLengthDigits) {
                    throw new IOException("the response's Content-Length is empty");
                }
                inValue = false;
            }
            case TRAILER_LINE -> {
                if (empty) {
                    state = State.DONE;
                }
            }
            default -> throw new IllegalStateException("no line in " + state);
        }
    }

    private void endHead() throws IOException {
        if (status < 100 || status > 599) {
            throw new IOException("the response's status " + status + " is not between 100 and 599");
        }
        if (status == 101) {
            throw new IOException("the server switched protocols (101), which a benchmark of HTTP/1.1 cannot follow");
        }
        if (status < 200) {
            // an interim response (100 Continue, 103 Early Hints): the final one follows on the same connection
            status = 0;
            startHead();
            state = State.STATUS_LINE;
            return;
        }
        if (headRequest || status == 204 || status == 304) {
            state = State.DONE;
        } else if (chunked) {
            state = State.CHUNK_SIZE;
            remaining = 0;
            sizeDigits = false;
        } else if (otherCoding || contentLength < 0) {
            state = State.BODY_UNTIL_CLOSE;
        } else {
            remaining = contentLength;
            state = remaining == 0 ? State.DONE : State.BODY_FIXED;
        }
    }

    private void onChunkSizeByte(byte b) throws IOException {
        int value = hex(b);
        if (value >= 0) {
            if (remaining > MAX_CHUNK_BYTES) {
                throw new IOException("a chunk of the chunked body is too large");
            }
            remaining = remaining * 16 + value;
            sizeDigits = true;
        } else if (b == ';' || b == ' ' || b == '\t') {
            state = State.CHUNK_EXTENSION;
        } else if (b == '\n') {
            endChunkSize();
        } else if (b != '\r') {
            throw new IOException("a chunk size line of the chunked body has " + printable(b) + ", not a hex digit");
        }
    }

    private void endChunkSize() throws IOException {
        if (!sizeDigits) {
            throw new IOException("a chunk size line of the chunked body has no size");
        }
        if (remaining == 0) {
            state = State.TRAILER_LINE;
            headBytes = 0;
            lineLength = 0;
        } else {
            state = State.CHUNK_DATA;
        }
    }

    private void endToken() {
        if (field == Field.TRANSFER_ENCODING && wordLength > 0) {
            chunked = wordIs(CHUNKED);
            otherCoding = !chunked;
        } else if (field == Field.CONNECTION) {
            closeToken |= wordIs(CLOSE);
            keepAliveToken |= wordIs(KEEP_ALIVE);
        }
        wordLength = 0;
        wordTooLong = false;
    }

    private void addToWord(byte b) {
        if (wordLength < word.length) {
            word[wordLength++] = lower(b);
        } else {
            wordTooLong = true;
        }
    }

    private Field fieldNamed() {
        if (wordIs(CONTENT_LENGTH)) {
            return Field.CONTENT_LENGTH;
        }
        if (wordIs(TRANSFER_ENCODING)) {
            return Field.TRANSFER_ENCODING;
        }
        return wordIs(CONNECTION) ? Field.CONNECTION : Field.OTHER;
    }

    private boolean wordIs(byte[] expected) {
        if (wordTooLong || wordLength != expected.length) {
            return false;
        }
        for (int i = 0; i < wordLength; i++) {
            if (word[i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    private static int digit(byte b, String what) throws IOException {
        if (b < '0' || b > '9') {
            throw new IOException(what + " in the status line has " + printable(b) + ", not a digit");
        }
        return b - '0';
    }

    private static int hex(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        int lower = lower(b);
        return lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
    }

    private static byte lower(byte b) {
        return b >= 'A' && b <= 'Z' ? (byte) (b + ('a' - 'A')) : b;
    }

    /** A byte as a message may show it: the character when printable ASCII, else its code. */
    private static String printable(byte b) {
        return b > ' ' && b < 127 ? "'" + (char) b + "'" : "byte 0x" + Integer.toHexString(b & 0xff);
    }

    private static byte[] ascii(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
