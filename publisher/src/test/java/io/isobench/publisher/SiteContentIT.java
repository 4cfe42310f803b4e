package io.isobench.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.store.BucketLayout;
import io.isobench.store.testing.MinioServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A run directory with hostile files beside its own, published into a real MinIO bucket read anonymously. */
class SiteContentIT {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    @Test
    void theBucketSiteServesOnlyTheNamedHistogramFilesAsPlainText(@TempDir Path dir) throws Exception {
        try (var store = minio.newStore("content")) {
            PublishedRun run = LocalRuns.read(SiteContentTest.hostileRun(dir));
            new SitePublisher(store, BucketLayout.SITE_PREFIX, Clock.systemUTC()).publish(List.of(run));
            store.allowAnonymousRead(BucketLayout.SITE_PREFIX);
            String base = "/content/site/data/runs/" + run.key() + "/";
            HttpClient http = HttpClient.newHttpClient();
            for (String hostile : List.of(
                    "steps/x.html",
                    "steps/isobench_clients-1/evil.svg",
                    "steps/isobench_clients-1/evil.js",
                    "steps/isobench_clients-1/rep-9_OK.hgrm",
                    "steps/isobench_clients-1/passwd.hgrm")) {
                assertThat(get(http, base + hostile).statusCode()).as(hostile).isNotEqualTo(200);
            }
            assertThat(store.list(BucketLayout.SITE_PREFIX).stream()
                            .map(o -> o.key())
                            .filter(k -> k.contains("/steps/"))
                            .toList())
                    .hasSize(15)
                    .allMatch(k -> k.endsWith(".hgrm") || k.endsWith(".hlog"))
                    .noneMatch(k -> k.contains("rep-9") || k.contains("passwd"));
            for (String named :
                    List.of("steps/isobench_clients-1/rep-1_OK.hgrm", "steps/isobench_clients-1/rep-1_OK.hlog")) {
                HttpResponse<String> response = get(http, base + named);
                assertThat(response.statusCode()).as(named).isEqualTo(200);
                assertThat(response.headers().firstValue("Content-Type"))
                        .as(named)
                        .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
                // MinIO sends nosniff on every response (an S3 object cannot carry it as its own header)
                assertThat(response.headers().firstValue("X-Content-Type-Options"))
                        .as(named)
                        .hasValue("nosniff");
            }
        }
    }

    private static HttpResponse<String> get(HttpClient http, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(minio.endpoint() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
