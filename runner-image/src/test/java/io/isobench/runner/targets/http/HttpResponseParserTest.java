package io.isobench.runner.targets.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.runner.targets.http.HttpResponseParser.Result;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The response parser over what real servers send, fed whole, split at every byte, and several per read. */
class HttpResponseParserTest {

    private static final String FIXED = "HTTP/1.1 200 OK\r\nServer: nginx\r\nContent-Length: 3\r\n\r\nok\n";
    // escaped CRLFs on purpose: they are what is parsed, and a text block would show them as line ends
    @SuppressWarnings("StringConcatToTextBlock")
    private static final String CHUNKED = "HTTP/1.1 200 OK\r\ntransfer-ENCODING: gzip, Chunked\r\n\r\n"
            + "4;name=value\r\nabcd\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Checksum: 1\r\nX-Other: 2\r\n\r\n";

    private static final String CONTINUE_THEN_FINAL =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n" + FIXED;
    private static final String CLOSING = "HTTP/1.1 500 Oops\r\nconnection: Close\r\ncontent-length: 0\r\n\r\n";
    private static final String HTTP10 = "HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi";
    private static final String HTTP10_KEEP_ALIVE = "HTTP/1.0 204 No Content\r\nConnection: keep-alive\r\n\r\n";
    private static final String BARE_LF = "HTTP/1.1 404 Not Found\nContent-Length: 1\n\nx";
    // what Debian's nginx 1.22 answers to `return 200 "ok\n"`, byte for byte: the bench's server (CRLFs escaped as
    // above)
    @SuppressWarnings("StringConcatToTextBlock")
    private static final String NGINX =
            "HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nDate: Wed, 25 Nov 2026 16:21:42 GMT\r\n"
                    + "Content-Type: text/plain\r\nContent-Length: 3\r\nConnection: keep-alive\r\n\r\nok\n";

    @SuppressWarnings("StringConcatToTextBlock")
    private static final String FOLDED = "HTTP/1.1 200 OK\r\nX-Long: a\r\n  folded, content-length: 9\r\n"
            + "CONNECTION:close\r\nContent-Length:1\r\n\r\nz";

    @Test
    void everyResponseParsesWhateverTheReadsSplitItInto() throws IOException {
        for (String response : List.of(
                FIXED, CHUNKED, CONTINUE_THEN_FINAL, CLOSING, HTTP10, HTTP10_KEEP_ALIVE, BARE_LF, NGINX, FOLDED)) {
            byte[] bytes = ascii(response);
            for (int split = 0; split <= bytes.length; split++) {
                for (int second = split; second <= bytes.length; second += Math.max(1, bytes.length / 7)) {
                    HttpResponseParser parser = new HttpResponseParser();
                    parser.begin(false);
                    List<Result> results = new ArrayList<>();
                    for (ByteBuffer piece : pieces(bytes, split, second)) {
                        results.add(parser.feed(piece));
                        assertThat(piece.hasRemaining()).as("nothing left over").isFalse();
                    }
                    assertThat(results.getLast())
                            .as(response + " split at " + split + " and " + second)
                            .isEqualTo(Result.COMPLETE);
                    assertThat(results.subList(0, results.size() - 1)).doesNotContain(Result.COMPLETE);
                }
            }
        }
    }

    @Test
    void statusAndKeepAliveAreReadFromTheFinalResponse() throws IOException {
        assertThat(parseWhole(CONTINUE_THEN_FINAL)).isEqualTo("200 keep-alive");
        assertThat(parseWhole(CHUNKED)).isEqualTo("200 keep-alive");
        assertThat(parseWhole(CLOSING)).isEqualTo("500 close");
        assertThat(parseWhole(HTTP10)).isEqualTo("200 close");
        assertThat(parseWhole(HTTP10_KEEP_ALIVE)).isEqualTo("204 keep-alive");
        assertThat(parseWhole(BARE_LF)).isEqualTo("404 keep-alive");
        assertThat(parseWhole(NGINX)).isEqualTo("200 keep-alive");
        // a folded line belongs to the header before it: its "content-length" is no field, the body is one byte
        assertThat(parseWhole(FOLDED)).isEqualTo("200 close");
    }

    @Test
    void theHeadLimitCountsEveryByteWhicheverWayItIsRead() throws IOException {
        // the longest head allowed: a long reason phrase, a long header name and a long unread value; then one byte
        // more
        String start = "HTTP/1.1 200 " + "r".repeat(1000) + "\r\nX-" + "n".repeat(1000) + ": ";
        String end = "\r\nContent-Length: 0\r\n\r\n";
        String longest = start + "v".repeat(HttpResponseParser.MAX_HEAD_BYTES - start.length() - end.length()) + end;
        assertThat(longest).hasSize(HttpResponseParser.MAX_HEAD_BYTES);
        for (int piece : List.of(1, 7, 1000, HttpResponseParser.MAX_HEAD_BYTES)) {
            assertThat(feedInPieces(longest, piece)).as("pieces of " + piece).isEqualTo("200 keep-alive");
            assertThat(feedInPieces(longest.replace(": v", ": vv"), piece))
                    .as("pieces of " + piece)
                    .contains("exceed 65536 bytes");
        }
    }

    @Test
    void severalResponsesInOneReadAreTakenOneAtATime() throws IOException {
        ByteBuffer read = ByteBuffer.wrap(ascii(CHUNKED + FIXED + CLOSING));
        HttpResponseParser parser = new HttpResponseParser();
        List<Integer> statuses = new ArrayList<>();
        while (read.hasRemaining()) {
            parser.begin(false);
            assertThat(parser.feed(read)).isEqualTo(Result.COMPLETE);
            statuses.add(parser.status());
        }
        assertThat(statuses).containsExactly(200, 200, 500);
    }

    @Test
    void aBodyWithoutLengthLastsUntilTheServerCloses() throws IOException {
        HttpResponseParser parser = new HttpResponseParser();
        parser.begin(false);
        assertThat(parser.feed(ByteBuffer.wrap(ascii("HTTP/1.0 200 OK\r\nServer: x\r\n\r\nsome body"))))
                .isEqualTo(Result.NEED_MORE);
        assertThat(parser.feed(ByteBuffer.wrap(ascii(" and more")))).isEqualTo(Result.NEED_MORE);
        assertThat(parser.endOfStream()).isTrue();
        assertThat(parser.keepAlive()).isFalse();
    }

    @Test
    void headAnd204And304HaveNoBodyWhateverTheirHeadersSay() throws IOException {
        HttpResponseParser parser = new HttpResponseParser();
        parser.begin(true);
        assertThat(parser.feed(ByteBuffer.wrap(ascii("HTTP/1.1 200 OK\r\nContent-Length: 512\r\n\r\n"))))
                .isEqualTo(Result.COMPLETE);
        parser.begin(false);
        assertThat(parser.feed(ByteBuffer.wrap(ascii("HTTP/1.1 304 Not Modified\r\nContent-Length: 512\r\n\r\n"))))
                .isEqualTo(Result.COMPLETE);
    }

    @Test
    void whatCannotBeReadIsAnErrorSayingWhereAndWhy() {
        assertThat(failure("SSH-2.0-OpenSSH_9.2\r\n")).contains("does not start with an HTTP/1.x status line");
        assertThat(failure("HTTP/1.1 2x0 OK\r\n")).contains("status code in the status line has 'x'");
        assertThat(failure("HTTP/1.1 200 OK\r\nContent-Length: 12abc\r\n\r\n"))
                .contains("Content-Length is not a number");
        assertThat(failure("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok"))
                .contains("more than one Content-Length");
        assertThat(failure("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n")).contains("header line has no ':'");
        assertThat(failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n"))
                .contains("longer than its size line said");
        assertThat(failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))
                .contains("has 'z', not a hex digit");
        assertThat(failure("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"))
                .contains("switched protocols (101)");
        assertThat(failure("HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(HttpResponseParser.MAX_HEAD_BYTES) + "\r\n"))
                .contains("exceed 65536 bytes");
    }

    @Test
    void aConnectionClosedMidResponseSaysWhereItStopped() throws IOException {
        HttpResponseParser parser = new HttpResponseParser();
        parser.begin(false);
        parser.feed(ByteBuffer.wrap(ascii("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")));
        assertThatThrownBy(parser::endOfStream)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("7 bytes of its Content-Length body missing");
        parser.begin(false);
        assertThat(parser.started()).isFalse();
        parser.feed(ByteBuffer.wrap(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")));
        assertThat(parser.started()).isTrue();
        assertThatThrownBy(parser::endOfStream).hasMessageContaining("in a chunk of its chunked body");
    }

    private static String parseWhole(String response) throws IOException {
        HttpResponseParser parser = new HttpResponseParser();
        parser.begin(false);
        assertThat(parser.feed(ByteBuffer.wrap(ascii(response)))).isEqualTo(Result.COMPLETE);
        return parser.status() + (parser.keepAlive() ? " keep-alive" : " close");
    }

    /** Feeds {@code response} in reads of {@code piece} bytes: the status and keep-alive, or the failure's message. */
    private static String feedInPieces(String response, int piece) {
        byte[] bytes = ascii(response);
        HttpResponseParser parser = new HttpResponseParser();
        parser.begin(false);
        try {
            Result result = Result.NEED_MORE;
            for (int at = 0; at < bytes.length; at += piece) {
                result = parser.feed(ByteBuffer.wrap(bytes, at, Math.min(piece, bytes.length - at)));
            }
            return result == Result.COMPLETE
                    ? parser.status() + (parser.keepAlive() ? " keep-alive" : " close")
                    : "incomplete";
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    private static String failure(String response) {
        HttpResponseParser parser = new HttpResponseParser();
        parser.begin(false);
        try {
            Result result = parser.feed(ByteBuffer.wrap(ascii(response)));
            return "no failure: " + result;
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    private static List<ByteBuffer> pieces(byte[] bytes, int split, int second) {
        return java.util.stream.Stream.of(
                        ByteBuffer.wrap(bytes, 0, split).slice(),
                        ByteBuffer.wrap(bytes, split, second - split).slice(),
                        ByteBuffer.wrap(bytes, second, bytes.length - second).slice())
                .filter(ByteBuffer::hasRemaining)
                .toList();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
