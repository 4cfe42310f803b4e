package io.isobench.runner.cli;

import io.isobench.runner.harness.Failures;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.targets.http.HttpClientSettings;
import io.isobench.runner.targets.http.HttpEndpoint;
import io.isobench.runner.targets.http.HttpRequestSpec;
import io.isobench.runner.targets.http.HttpTarget;
import io.isobench.runner.targets.http.HttpTrust;
import io.isobench.target.spi.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** http: any HTTP/1.1 server, named by URL, under load from the generator http-mock uses. */
@Command(
        name = "http",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Any HTTP/1.1 server under load, named by --url (a DNS name or an address; the runner starts no server). "
                    + "Keep-alive connections from http-mock's busy-polled NIO generator, one request in flight each; "
                    + "https with the JVM's trust store or --ca-file, the host name verified. A server that closes "
                    + "connections is reconnected to (metrics.reconnects).",
            "Every connection is opened before the warm-up: a host not found, a refused port or a refused "
                    + "certificate fails the run naming the URL.",
            "--mode open --rates …: a fixed rate over --connections, each request timed from its intended send time; "
                    + "--mode closed --clients …: one connection per client, back to back."
        })
final class HttpCommand extends TargetCommand {

    /** A request body is held in memory and sent whole on every request: beyond this it is not a latency test. */
    static final long MAX_BODY_BYTES = 16L << 20;

    @Option(
            names = "--url",
            paramLabel = "URL",
            required = true,
            description = "http:// or https:// URL of the server (default ports 80 and 443); path and query are sent.")
    String url;

    @Option(
            names = "--method",
            paramLabel = "METHOD",
            description = "Request method (any token). Default: ${DEFAULT-VALUE}.",
            defaultValue = "GET")
    String method;

    @Option(
            names = "--header",
            paramLabel = "'NAME: VALUE'",
            description =
                    "A request header, repeatable. Host and Content-Length are set by the runner. result.json keeps "
                            + "only the names.")
    List<String> headers = new ArrayList<>();

    @Option(
            names = "--body-file",
            paramLabel = "PATH",
            description = "Request body, sent with Content-Length (not with GET, HEAD, OPTIONS or TRACE).")
    String bodyFile;

    @Option(
            names = "--expect-status",
            paramLabel = "CODE",
            description = "The status every response must have; any other fails the step. Default: ${DEFAULT-VALUE}.",
            defaultValue = "200")
    int expectStatus;

    @Option(
            names = "--ca-file",
            paramLabel = "PEM",
            description = "https: trust only the CA certificate(s) in this PEM file instead of the JVM's trust store.")
    String caFile;

    @Mixin
    ConnectionPoolOptions pool;

    @Override
    Target target() {
        HttpEndpoint endpoint;
        try {
            endpoint = HttpEndpoint.parse(url);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--url '" + url + "': " + e.getMessage());
        }
        String methodProblem = HttpRequestSpec.checkMethod(method);
        if (methodProblem != null) {
            throw new UsageException("--method '" + method + "': " + methodProblem);
        }
        for (String header : headers) {
            String problem = HttpRequestSpec.checkHeader(header);
            if (problem != null) {
                throw new UsageException("--header '" + header + "': " + problem);
            }
        }
        if (expectStatus < 200 || expectStatus > 599) {
            throw new UsageException("--expect-status '" + expectStatus
                    + "': must be a final status between 200 and 599 (1xx responses are skipped)");
        }
        int connections = pool.connections();
        HttpRequestSpec request = new HttpRequestSpec(method, endpoint, headers, body());
        return new HttpTarget(
                new HttpClientSettings(
                        request, expectStatus, trust(endpoint), HttpClientSettings.DEFAULT_CONNECT_MILLIS),
                connections,
                caFile);
    }

    private byte[] body() {
        if (bodyFile == null) {
            return new byte[0];
        }
        String bodyless = HttpRequestSpec.checkBody(method);
        if (bodyless != null) {
            throw new UsageException("--body-file '" + bodyFile + "': " + bodyless + " (--method " + method + ")");
        }
        try {
            Path path = Path.of(bodyFile);
            if (Files.size(path) > MAX_BODY_BYTES) {
                throw new UsageException(
                        "--body-file '" + bodyFile + "': larger than " + (MAX_BODY_BYTES >> 20) + " MiB");
            }
            return Files.readAllBytes(path);
        } catch (IOException e) {
            throw new UsageException("--body-file '" + bodyFile + "': cannot read it (" + Failures.describe(e) + ")");
        }
    }

    private SSLContext trust(HttpEndpoint endpoint) {
        if (!endpoint.tls()) {
            if (caFile != null) {
                throw new UsageException("--ca-file '" + caFile + "': only applies to an https:// --url");
            }
            return null;
        }
        try {
            return caFile == null ? HttpTrust.jvmTrustStore() : HttpTrust.caFile(Path.of(caFile));
        } catch (IOException e) {
            throw new UsageException("--ca-file '" + caFile + "': " + Failures.describe(e));
        } catch (GeneralSecurityException e) {
            throw new UsageException(
                    (caFile == null ? "--url '" + url + "': the JVM's trust store" : "--ca-file '" + caFile + "'")
                            + " cannot be used for TLS (" + Failures.describe(e) + ")");
        }
    }

    @Override
    String defaultRates() {
        return "1k";
    }

    @Override
    String defaultClients() {
        return "10";
    }
}
