package io.isobench.runner.targets.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one request every connection sends, encoded once before the run: method, the endpoint's target, Host, the
 * user's headers, and the body with its Content-Length.
 */
public final class HttpRequestSpec {

    /** RFC 9110's token: what a method and a header name are made of. */
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}");

    /** Visible characters, spaces and tabs: a field value cannot smuggle a line break into the request. */
    private static final Pattern FIELD_VALUE = Pattern.compile("[\\x20-\\x7e\\t]{0,8192}");

    /** Set from the URL and the body; given twice, a server would read one or the other. */
    private static final Set<String> OURS = Set.of("host", "content-length", "transfer-encoding");

    /** Methods whose requests carry no body (RFC 9110 gives GET, HEAD and OPTIONS none, TRACE must have none). */
    private static final Set<String> BODYLESS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    /** Methods for which servers expect a Content-Length even with no body (nginx answers 411 without). */
    private static final Set<String> WITH_CONTENT = Set.of("POST", "PUT", "PATCH");

    private final String method;
    private final HttpEndpoint endpoint;
    private final List<String> headers;
    private final byte[] body;

    /**
     * @param headers "Name: value" lines, checked by {@link #checkHeader}
     * @param body    the body bytes, empty for none
     */
    public HttpRequestSpec(String method, HttpEndpoint endpoint, List<String> headers, byte[] body) {
        this.method = method;
        this.endpoint = endpoint;
        this.headers = List.copyOf(headers);
        this.body = body.clone();
    }

    public String method() {
        return method;
    }

    public HttpEndpoint endpoint() {
        return endpoint;
    }

    public int bodyBytes() {
        return body.length;
    }

    /** A plain GET, as http-mock sends to MockServer. */
    public static HttpRequestSpec get(HttpEndpoint endpoint) {
        return new HttpRequestSpec("GET", endpoint, List.of(), new byte[0]);
    }

    /** Why {@code method} cannot be sent, or null. */
    public static String checkMethod(String method) {
        if (!TOKEN.matcher(method).matches()) {
            return "must be an HTTP method token (letters, digits and !#$%&'*+.^_`|~-)";
        }
        return method.equals("CONNECT") ? "CONNECT opens a tunnel, not a request to benchmark" : null;
    }

    /** Why {@code header} ("Name: value") cannot be sent, or null. */
    public static String checkHeader(String header) {
        int colon = header.indexOf(':');
        if (colon < 0) {
            return "must be 'Name: value'";
        }
        String name = header.substring(0, colon);
        if (!TOKEN.matcher(name).matches()) {
            return "the name must be a token (letters, digits and !#$%&'*+.^_`|~-), without spaces";
        }
        if (OURS.contains(name.toLowerCase(Locale.ROOT))) {
            return name + " is set by the runner (from --url and --body-file)";
        }
        if (!FIELD_VALUE.matcher(header.substring(colon + 1)).matches()) {
            return "the value must be printable ASCII (no line breaks or control characters), at most 8192 bytes";
        }
        return null;
    }

    /** Why {@code method} cannot carry a body, or null. */
    public static String checkBody(String method) {
        return BODYLESS.contains(method) ? method + " requests carry no body" : null;
    }

    /** The response to this request has no body whatever its headers say. */
    public boolean head() {
        return method.equals("HEAD");
    }

    /** The header names, for result.json (values may be credentials, and a run's result may be published). */
    public List<String> headerNames() {
        return headers.stream().map(h -> h.substring(0, h.indexOf(':'))).toList();
    }

    /** The request's bytes, as they go on the wire. */
    public byte[] encode() {
        StringBuilder head = new StringBuilder()
                .append(method)
                .append(' ')
                .append(endpoint.target())
                .append(" HTTP/1.1\r\nHost: ")
                .append(endpoint.authority())
                .append("\r\n");
        boolean agent = false;
        for (String header : headers) {
            int colon = header.indexOf(':');
            head.append(header, 0, colon)
                    .append(": ")
                    .append(header.substring(colon + 1).strip())
                    .append("\r\n");
            agent |= header.substring(0, colon).equalsIgnoreCase("user-agent");
        }
        if (!agent) {
            head.append("User-Agent: isobench\r\n");
        }
        if (body.length > 0 || WITH_CONTENT.contains(method)) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(head.toString().getBytes(StandardCharsets.US_ASCII));
        bytes.writeBytes(body);
        return bytes.toByteArray();
    }
}
