package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Map;

/**
 * Options of the runner's http target: any HTTP/1.1 server named by its URL, none of ours. The rules are the runner's
 * (docs/contracts.md, {@code http}), checked at admission so a bad request never reaches a pod. The body and CA are
 * inline only: the runner pods live in the operator's namespace, where a ConfigMap or Secret the run's author named
 * would be one of the operator's, not theirs.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
        value = "!has(self.body) || !(self.method in " + HttpTargetSpec.BODYLESS + ")",
        fieldPath = ".body",
        message = "must be left out with GET, HEAD, OPTIONS or TRACE (those requests carry no body)",
        messageExpression = "'is set with method ' + self.method + ': ' + self.method + ' requests carry no body'")
@ValidationRule(
        value = "!has(self.caPem) || self.url.startsWith('https://')",
        fieldPath = ".caPem",
        message = "only applies to an https:// url",
        messageExpression = "'is set with url ' + self.url + ': a CA only applies to an https:// url'")
public class HttpTargetSpec {

    /** Methods whose requests carry no body (the runner refuses --body-file with them). */
    static final String BODYLESS = "['GET', 'HEAD', 'OPTIONS', 'TRACE']";

    /** Headers the runner sets itself, lower case (from the URL and the body). */
    static final String OURS = "['host', 'content-length', 'transfer-encoding']";

    /** An RFC 9110 token, as the runner's method and header names take it. */
    static final String TOKEN = "^[-!#$%&'*+.^_`|~0-9A-Za-z]{1,64}$";

    /** The runner's rule for header k's value: printable ASCII or tab (its length is the schema's maxLength). */
    static final String VALUE_OK = "self[k].matches(r'^[\\x20-\\x7e\\t]*$')";

    /**
     * http or https, an authority that does not start with a colon (a host, not a bare port), no user@ and no #fragment;
     * the runner parses the rest (docs/contracts.md).
     */
    static final String URL = "^https?://[^/?#@\\s:][^/?#@\\s]*([/?][^#\\s]*)?$";

    /** The body's bound: a latency test sends a request, not an upload (the ConfigMap holds it, at most 1 MiB). */
    public static final int MAX_BODY = 65536;

    /** The CA's bound: a few PEM certificates. */
    public static final int MAX_CA_PEM = 65536;

    @Required
    @Size(max = 2048)
    @ValidationRule(
            value = "self.matches(r'" + URL + "')",
            message = "must be an http:// or https:// URL with a host (no user@, no #fragment)",
            messageExpression =
                    "'is ' + self + ': must be an http:// or https:// URL with a host (no user@, no #fragment)'")
    @JsonPropertyDescription(
            "The server: an http:// or https:// URL (a Service's DNS name or any address the runner pod"
                    + " can reach; default ports 80 and 443); its path and query are sent. isobench starts no server, so the"
                    + " server side is not isolated nor verified (status.isolation.externalServer: its host:port).")
    private String url;

    @Default("GET")
    @Pattern(TOKEN)
    @ValidationRule(value = "self != 'CONNECT'", message = "CONNECT opens a tunnel, not a request to benchmark")
    @JsonPropertyDescription("Request method (an HTTP token; not CONNECT).")
    private String method = "GET";

    @Size(max = 64)
    @ValidationRule(
            value = "self.all(k, k.matches(r\"" + TOKEN + "\"))",
            message = "each header name must be a token (letters, digits and !#$%&'*+.^_`|~-), at most 64 characters",
            messageExpression = "'header ' + self.filter(k, !k.matches(r\"" + TOKEN + "\"))[0]"
                    + " + ': the name must be a token (letters, digits and !#$%&\\'*+.^_`|~-), at most 64 characters'")
    @ValidationRule(
            value = "self.all(k, !(k.lowerAscii() in " + OURS + "))",
            message = "Host, Content-Length and Transfer-Encoding are set by the runner (from url and body)",
            messageExpression = "'header ' + self.filter(k, k.lowerAscii() in " + OURS + ")[0]"
                    + " + ' is set by the runner (from url and body)'")
    @ValidationRule(
            value = "self.all(k, " + HttpTargetSpec.VALUE_OK + ")",
            message = "each header value must be printable ASCII (no line breaks or control characters)",
            messageExpression = "'header ' + self.filter(k, !(" + HttpTargetSpec.VALUE_OK + "))[0]"
                    + " + ': the value must be printable ASCII (no line breaks or control characters)'")
    @JsonPropertyDescription(
            "Request headers, name → value (at most 64; a value at most 8192 characters). Host, Content-Length and Transfer-Encoding are"
                    + " the runner's. Values may be credentials: they are never shown in status, events, logs, result.json or"
                    + " the site (names only); they are in the run's spec, readable by whoever may read the BenchmarkRun.")
    // each value's maxLength also bounds the API server's estimated cost of the rules above
    private Map<String, @Size(max = 8192) String> headers;

    @Size(max = MAX_BODY)
    @JsonPropertyDescription(
            "Request body, inline (at most 65536 characters), sent with Content-Length on every request;"
                    + " not with GET, HEAD, OPTIONS or TRACE. Inline only: no reference to a ConfigMap or Secret (runner pods run"
                    + " in the operator's namespace). Not published on the site.")
    private String body;

    @Default("200")
    @Min(200)
    @Max(599)
    @JsonPropertyDescription("The status every response must have (200-599: 1xx responses are interim and skipped);"
            + " any other fails the step.")
    private Integer expectStatus = 200;

    @Size(max = MAX_CA_PEM)
    @JsonPropertyDescription("https only: trust only the CA certificate(s) in this PEM instead of the JVM's trust store"
            + " (the host name is still verified). Inline only, as body.")
    private String caPem;

    @Default("100")
    @Min(1)
    @Max(20000)
    @JsonPropertyDescription("Open loop: keep-alive connections in the pool, one request in flight each"
            + " (closed loop: one per client).")
    private Integer connections = 100;

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getMethod() {
        return method;
    }

    public void setMethod(String method) {
        this.method = method;
    }

    public Map<String, String> getHeaders() {
        return headers;
    }

    public void setHeaders(Map<String, String> headers) {
        this.headers = headers;
    }

    public String getBody() {
        return body;
    }

    public void setBody(String body) {
        this.body = body;
    }

    public Integer getExpectStatus() {
        return expectStatus;
    }

    public void setExpectStatus(Integer expectStatus) {
        this.expectStatus = expectStatus;
    }

    public String getCaPem() {
        return caPem;
    }

    public void setCaPem(String caPem) {
        this.caPem = caPem;
    }

    public Integer getConnections() {
        return connections;
    }

    public void setConnections(Integer connections) {
        this.connections = connections;
    }
}
