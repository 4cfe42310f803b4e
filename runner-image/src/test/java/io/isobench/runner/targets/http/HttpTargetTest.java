package io.isobench.runner.targets.http;

import static io.isobench.runner.targets.TargetRuns.run;
import static io.isobench.runner.targets.TargetRuns.shortRun;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import io.isobench.runner.targets.TargetRuns.Outcome;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The http target against servers no one here wrote, on 127.0.0.1: Debian's nginx (return 200, a chunked response,
 * HTTPS with a CA made by openssl) and Python's http.server (keep-alive, HTTP/1.0, 500, too slow for the rate), and
 * endpoints that cannot be benchmarked (refused, unknown host, untrusted certificate, wrong host name).
 */
class HttpTargetTest {

    @TempDir
    static Path nginxDir;

    static LocalHttpServers.Nginx nginx;

    @BeforeAll
    static void startNginx() throws Exception {
        nginx = LocalHttpServers.nginx(nginxDir);
    }

    @AfterAll
    static void stopNginx() throws Exception {
        nginx.close();
    }

    @Test
    void openLoopHoldsItsRateAgainstNginxOverKeptAliveConnections(@TempDir Path dir) {
        Outcome o = run(shortRun("http", dir, "--url", nginx.url("/"), "--rates", "400", "--connections", "4"));

        assertThat(o.exit()).as(o.err() + o.out()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.target()).isEqualTo("http");
        assertThat(r.steps().getFirst().variant()).isEqualTo("remote");
        RepetitionResult rep = r.steps().getFirst().repetitions().getFirst();
        assertThat(rep.achievedRate()).isGreaterThan(380);
        assertThat(rep.received()).isEqualTo(rep.sent());
        assertThat(rep.metrics())
                .containsEntry("connections", 4)
                .containsEntry("reconnects", 0)
                .containsEntry("socketCalls", "recv/send");
        assertThat(r.config().toString()).contains(nginx.url("/")).contains("method=GET");
    }

    @Test
    void aChunkedResponseIsReadToItsEnd(@TempDir Path dir) throws IOException {
        assertThat(rawResponse(nginx.server().port(), "/chunked", "Accept-Encoding: gzip"))
                .as("nginx sends this one chunked")
                .containsIgnoringCase("Transfer-Encoding: chunked");

        Outcome o = run(shortRun(
                "http",
                dir,
                "--url",
                nginx.url("/chunked"),
                "--header",
                "Accept-Encoding: gzip",
                "--mode",
                "closed",
                "--clients",
                "2"));

        assertThat(o.exit()).as(o.err() + o.out()).isZero();
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.steps().getFirst().merged().latency().count()).isGreaterThan(100);
        assertThat(r.config().toString()).contains("headers=[Accept-Encoding]");
        assertThat(o.out()).contains("| parallel clients |");
    }

    @Test
    void httpsTrustsTheGivenCaAndVerifiesTheHostName(@TempDir Path dir) {
        Outcome ok = run(shortRun(
                "http",
                dir.resolve("ok"),
                "--url",
                nginx.tlsUrl("/"),
                "--ca-file",
                nginx.ca().toString(),
                "--rates",
                "300",
                "--connections",
                "2"));
        assertThat(ok.exit()).as(ok.err() + ok.out()).isZero();
        RunResult r = ResultJson.read(dir.resolve("ok/run/result.json"));
        RepetitionResult rep = r.steps().getFirst().repetitions().getFirst();
        assertThat(rep.received()).isEqualTo(rep.sent()).isGreaterThan(150);
        assertThat(rep.metrics()).containsKey("tlsAllocation").doesNotContainKey("socketCalls");

        Outcome untrusted = run(shortRun(
                "http",
                dir.resolve("untrusted"),
                "--url",
                nginx.tlsUrl("/"),
                "--ca-file",
                nginx.otherCa().toString()));
        assertThat(untrusted.exit()).isEqualTo(1);
        assertThat(reason(dir.resolve("untrusted")))
                .contains("TLS handshake with " + nginx.tlsUrl("/") + " failed")
                .contains("PKIX");

        String byAddress = "https://127.0.0.1:" + nginx.tlsPort() + "/";
        Outcome wrongHost = run(shortRun(
                "http",
                dir.resolve("host"),
                "--url",
                byAddress,
                "--ca-file",
                nginx.ca().toString()));
        assertThat(wrongHost.exit()).isEqualTo(1);
        assertThat(reason(dir.resolve("host")))
                .contains("TLS handshake with " + byAddress + " failed")
                .containsIgnoringCase("subject alternative");

        Outcome jvmTrust = run(shortRun("http", dir.resolve("jvm"), "--url", nginx.tlsUrl("/")));
        assertThat(jvmTrust.exit()).isEqualTo(1);
        assertThat(reason(dir.resolve("jvm"))).contains("PKIX");
    }

    @Test
    void anExpectedStatusOtherThan200IsWhatTheResponsesAreJudgedBy(@TempDir Path dir) {
        Outcome wrong = run(shortRun("http", dir.resolve("w"), "--url", nginx.url("/error")));
        assertThat(wrong.exit()).isEqualTo(1);
        assertThat(reason(dir.resolve("w"))).contains("GET " + nginx.url("/error") + " answered 500 instead of 200");

        Outcome expected =
                run(shortRun("http", dir.resolve("e"), "--url", nginx.url("/error"), "--expect-status", "500"));
        assertThat(expected.exit()).as(expected.err() + expected.out()).isZero();
    }

    @Test
    void pythonsHttp10ServerClosesEveryConnectionAndIsReconnectedTo(@TempDir Path dir) throws Exception {
        try (var server = LocalHttpServers.python(dir, "http10")) {
            Outcome o = run(shortRun("http", dir, "--url", server.url("/"), "--mode", "closed", "--clients", "2"));

            assertThat(o.exit()).as(o.err() + o.out()).isZero();
            RepetitionResult rep = ResultJson.read(dir.resolve("run/result.json"))
                    .steps()
                    .getFirst()
                    .repetitions()
                    .getFirst();
            assertThat(((Number) rep.metrics().get("reconnects")).longValue())
                    .as("a connection per response")
                    .isGreaterThanOrEqualTo(((Number) rep.metrics().get("responses")).longValue() - 2)
                    .isPositive();
        }
    }

    @Test
    void aPostBodyGoesWithItsContentLengthOnKeptAliveConnections(@TempDir Path dir) throws Exception {
        Path body = Files.writeString(dir.resolve("body.json"), "{\"order\": 42, \"side\": \"buy\"}");
        try (var server = LocalHttpServers.python(dir, "keepalive")) {
            Outcome o = run(shortRun(
                    "http",
                    dir,
                    "--url",
                    server.url("/orders?x=1"),
                    "--method",
                    "POST",
                    "--body-file",
                    body.toString(),
                    "--header",
                    "Content-Type: application/json",
                    "--header",
                    "Authorization: Bearer secret-token",
                    "--mode",
                    "closed",
                    "--clients",
                    "1"));

            assertThat(o.exit()).as(o.err() + o.out()).isZero();
            RunResult r = ResultJson.read(dir.resolve("run/result.json"));
            RepetitionResult rep = r.steps().getFirst().repetitions().getFirst();
            assertThat(rep.metrics()).containsEntry("reconnects", 0);
            assertThat(rep.latency().count()).isGreaterThan(100);
            assertThat(r.config().toString()).contains("bodyBytes=28").doesNotContain("secret-token");
        }
    }

    @Test
    void aServerAnswering500FailsTheStep(@TempDir Path dir) throws Exception {
        try (var server = LocalHttpServers.python(dir, "status500")) {
            Outcome o = run(shortRun("http", dir, "--url", server.url("/"), "--connections", "2"));

            assertThat(o.exit()).isEqualTo(1);
            assertThat(reason(dir)).contains("answered 500 instead of 200 (--expect-status)");
        }
    }

    @Test
    void aServerTooSlowForTheRateFailsTheStep(@TempDir Path dir) throws Exception {
        try (var server = LocalHttpServers.python(dir, "slow")) {
            Outcome o = run(shortRun("http", dir, "--url", server.url("/"), "--rates", "500", "--connections", "4"));

            assertThat(o.exit()).isEqualTo(1);
            assertThat(reason(dir))
                    .containsAnyOf(
                            "below the target 500 msg/s", "did not complete within", "fell too far behind schedule");
        }
    }

    @Test
    void aRefusedPortAndAnUnknownHostFailFastNamingTheUrl(@TempDir Path dir) throws IOException {
        long start = System.nanoTime();
        String refusedUrl = "http://127.0.0.1:" + LocalHttpServers.freePort() + "/";
        Outcome refused = run(shortRun("http", dir.resolve("refused"), "--url", refusedUrl));
        Outcome unknown = run(shortRun("http", dir.resolve("unknown"), "--url", "http://no-such-host.invalid/"));

        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(20);
        assertThat(refused.exit()).isEqualTo(1);
        assertThat(reason(dir.resolve("refused")))
                .contains("cannot connect")
                .contains(refusedUrl)
                .contains("refused");
        assertThat(unknown.exit()).isEqualTo(1);
        assertThat(reason(dir.resolve("unknown")))
                .contains("host 'no-such-host.invalid' of http://no-such-host.invalid/ not found (DNS)");
    }

    @Test
    void aServerThatNeverAnswersFailsWithinItsBoundsInsteadOfHanging(@TempDir Path dir) throws IOException {
        // the kernel completes the TCP connects into the backlog; nothing ever reads or writes
        try (var silent = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            long start = System.nanoTime();
            String tlsUrl = "https://localhost:" + silent.getLocalPort() + "/";
            Outcome tls = run(shortRun(
                    "http",
                    dir.resolve("tls"),
                    "--url",
                    tlsUrl,
                    "--ca-file",
                    nginx.ca().toString(),
                    "--connections",
                    "1"));
            Outcome plain = run(shortRun(
                    "http",
                    dir.resolve("plain"),
                    "--url",
                    "http://127.0.0.1:" + silent.getLocalPort() + "/",
                    "--mode",
                    "closed",
                    "--clients",
                    "1",
                    "--drain-timeout",
                    "1s"));

            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start))
                    .isLessThan(30);
            assertThat(tls.exit()).isEqualTo(1);
            assertThat(reason(dir.resolve("tls")))
                    .contains("TLS handshake with " + tlsUrl + " did not finish within 5000 ms");
            assertThat(plain.exit()).isEqualTo(1);
            assertThat(reason(dir.resolve("plain"))).containsAnyOf("did not complete", "no message completed");
        }
    }

    @Test
    void badOptionsAreUsageErrorsNamingOptionAndValue(@TempDir Path dir) {
        assertUsage(dir, "--url 'ftp://x/': must start with http:// or https://", "--url", "ftp://x/");
        assertUsage(dir, "--url 'http://u:p@x/': must not carry credentials", "--url", "http://u:p@x/");
        assertUsage(dir, "--header 'Host: x': Host is set by the runner", "--url", "http://x/", "--header", "Host: x");
        assertUsage(
                dir,
                "--header 'X-A: b\u0001': the value must be printable",
                "--url",
                "http://x/",
                "--header",
                "X-A: b\u0001");
        assertUsage(dir, "--method 'GE T': must be an HTTP method token", "--url", "http://x/", "--method", "GE T");
        assertUsage(dir, "--body-file 'b': GET requests carry no body", "--url", "http://x/", "--body-file", "b");
        assertUsage(
                dir,
                "--ca-file 'ca.pem': only applies to an https:// --url",
                "--url",
                "http://x/",
                "--ca-file",
                "ca.pem");
        assertUsage(
                dir,
                "--expect-status '99': must be a final status between 200 and 599",
                "--url",
                "http://x/",
                "--expect-status",
                "99");
        assertUsage(
                dir,
                "--ca-file '" + nginxDir.resolve("nginx.conf") + "': holds no",
                "--url",
                "https://x/",
                "--ca-file",
                nginxDir.resolve("nginx.conf").toString());
        assertThat(dir.resolve("run/result.json")).doesNotExist();
    }

    private static void assertUsage(Path dir, String message, String... args) {
        Outcome o = run(shortRun("http", dir, args));
        assertThat(o.exit()).as(o.err()).isEqualTo(2);
        assertThat(o.err()).contains(message);
    }

    private static String reason(Path dir) {
        RunResult r = ResultJson.read(dir.resolve("run/result.json"));
        assertThat(r.verdict()).isEqualTo(Verdict.FAIL);
        return r.steps().getFirst().reason();
    }

    /** One request on a plain socket, to see what the server really sends. */
    private static String rawResponse(int port, String path, String header) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream()
                    .write(("GET " + path + " HTTP/1.1\r\nHost: x\r\n" + header + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            try (InputStream in = socket.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
        }
    }
}
