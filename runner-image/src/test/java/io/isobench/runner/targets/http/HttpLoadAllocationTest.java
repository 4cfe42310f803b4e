package io.isobench.runner.targets.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.targets.AllocationRuns;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load generator allocates nothing per request (pre-encoded requests, per-connection direct buffers, a
 * selector polled with a reusable callback): MockServer allocates plenty, but on its own threads and in a
 * separate JVM here, so only the generator's thread is measured.
 */
class HttpLoadAllocationTest {

    @Test
    void theGeneratorAllocatesNothingPerRequest(@TempDir Path dir) throws Exception {
        HttpMockTarget target = new HttpMockTarget(
                new ServerLocation.SeparateProcess(
                        io.isobench.runner.harness.JvmVariantForks.currentJvm(io.isobench.runner.cli.RunnerMain.class)),
                "/simple",
                8,
                100,
                1);
        RepetitionResult rep = AllocationRuns.measuredWindow(target, Load.closedLoop(8, 1500, 1500), dir);

        AllocationRuns.assertNoAllocationPerMessage(rep, "client");
    }

    /** The http target's client against nginx over plain HTTP kept alive: no allocation either. */
    @Test
    void theHttpTargetAllocatesNothingPerRequestOverPlainHttp(@TempDir Path dir) throws Exception {
        try (LocalHttpServers.Nginx nginx = LocalHttpServers.nginx(dir.resolve("nginx"))) {
            RepetitionResult rep = AllocationRuns.measuredWindow(
                    httpTarget(HttpEndpoint.parse(nginx.url("/")), null), Load.closedLoop(8, 1500, 1500), dir);

            AllocationRuns.assertNoAllocationPerMessage(rep, "client");
        }
    }

    /**
     * Over https JSSE allocates per TLS record: measured and reported (allocatedBytes.client and metrics.tlsAllocation),
     * never held to zero nor hidden.
     */
    @Test
    void overHttpsTheAllocationIsMeasuredAndReported(@TempDir Path dir) throws Exception {
        try (LocalHttpServers.Nginx nginx = LocalHttpServers.nginx(dir.resolve("nginx"))) {
            RepetitionResult rep = AllocationRuns.measuredWindow(
                    httpTarget(HttpEndpoint.parse(nginx.tlsUrl("/")), HttpTrust.caFile(nginx.ca())),
                    Load.closedLoop(8, 1500, 1500),
                    dir);

            assertThat(rep.allocatedBytes()).containsOnlyKeys("client");
            assertThat(rep.metrics()).containsKey("tlsAllocation");
            System.out.printf(
                    java.util.Locale.ROOT,
                    "https: %,d bytes allocated by the client over %,d requests: %.1f bytes per request%n",
                    rep.allocatedBytes().get("client"),
                    rep.latency().count(),
                    rep.allocatedBytes().get("client") / (double) rep.latency().count());
        }
    }

    private static HttpTarget httpTarget(HttpEndpoint endpoint, javax.net.ssl.SSLContext tls) {
        return new HttpTarget(
                new HttpClientSettings(
                        HttpRequestSpec.get(endpoint), 200, tls, HttpClientSettings.DEFAULT_CONNECT_MILLIS),
                8,
                null);
    }
}
