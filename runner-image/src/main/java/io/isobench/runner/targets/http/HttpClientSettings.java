package io.isobench.runner.targets.http;

import javax.net.ssl.SSLContext;

/**
 * What the load generator sends and expects, the same on every connection.
 *
 * @param expectStatus   the status every response must have; any other fails the repetition
 * @param tls            for https: the context whose trust store decides (the JVM's or a given CA); null for http
 * @param connectMillis  bound on each TCP connect and each TLS handshake, so a silent server fails, never hangs
 */
public record HttpClientSettings(HttpRequestSpec request, int expectStatus, SSLContext tls, long connectMillis) {

    /** Long enough for a loaded host's handshake, short enough to fail well within a warm-up. */
    public static final long DEFAULT_CONNECT_MILLIS = 5_000;

    public HttpEndpoint endpoint() {
        return request.endpoint();
    }
}
