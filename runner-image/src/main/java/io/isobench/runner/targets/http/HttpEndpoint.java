package io.isobench.runner.targets.http;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where requests go: an {@code http://} or {@code https://} URL taken apart into what the connection needs (host,
 * port, TLS or not) and what the request line needs (the path and query).
 *
 * @param tls    https
 * @param host   a DNS name or an IP literal (IPv6 without brackets)
 * @param target the request target: the path and the query, "/" when the URL has no path
 */
public record HttpEndpoint(boolean tls, String host, int port, String target) {

    /**
     * @throws IllegalArgumentException what is wrong with {@code url}, in words a usage message can follow with
     */
    public static HttpEndpoint parse(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL (" + e.getReason() + " at index " + e.getIndex() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("must start with http:// or https://");
        }
        if (uri.getRawUserInfo() != null) {
            // result.json names the URL, and it may be published: credentials belong in a header
            throw new IllegalArgumentException("must not carry credentials (user@host); give them with --header");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("has no host (or a host name with characters a URL cannot hold)");
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("must not have a #fragment (it is never sent to a server)");
        }
        boolean tls = scheme.equals("https");
        int port = uri.getPort() == -1 ? (tls ? 443 : 80) : uri.getPort();
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not in 1-65535");
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        String host = uri.getHost();
        if (host.startsWith("[")) {
            host = host.substring(1, host.length() - 1);
        }
        return new HttpEndpoint(tls, host, port, target);
    }

    /** A plain-HTTP endpoint at a known address (http-mock's own MockServer). */
    public static HttpEndpoint plain(InetSocketAddress address, String target) {
        return new HttpEndpoint(false, address.getHostString(), address.getPort(), target);
    }

    /** The Host header's value: the host, and the port unless it is the scheme's default. */
    public String authority() {
        String name = host.contains(":") ? "[" + host + "]" : host;
        return port == (tls ? 443 : 80) ? name : name + ":" + port;
    }

    /** The URL again, as result.json and messages name it. */
    public String url() {
        return (tls ? "https://" : "http://") + authority() + target;
    }

    /**
     * The address to connect to, looked up once (DNS for a name).
     *
     * @throws IOException naming the host when the name does not resolve
     */
    public InetSocketAddress resolve() throws IOException {
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new IOException("host '" + host + "' of " + url() + " not found (DNS)", e);
        }
    }
}
