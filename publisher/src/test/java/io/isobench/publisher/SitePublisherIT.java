package io.isobench.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.store.BucketLayout;
import io.isobench.store.testing.MinioServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Publishing into a real MinIO bucket: the site prefix is readable anonymously, nothing else is. */
class SitePublisherIT {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    @Test
    void theSiteIsPublicAndTheRunsAreNot() throws Exception {
        try (var store = minio.newStore("isobench")) {
            var run = LocalRuns.read(SitePublisherTest.FIXTURE);
            store.put(
                    "runs/" + run.key() + "/run.json",
                    "{\"spec\":{}}".getBytes(StandardCharsets.UTF_8),
                    "application/json");
            var publisher = new SitePublisher(store, BucketLayout.SITE_PREFIX, Clock.systemUTC());
            publisher.publish(List.of(run));
            store.allowAnonymousRead(BucketLayout.SITE_PREFIX);
            assertThat(publisher.publish(List.of(run)).written())
                    .as("republishing is idempotent")
                    .isZero();
            HttpClient http = HttpClient.newHttpClient();
            assertThat(get(http, "/isobench/site/data/catalog.json")).isEqualTo(200);
            assertThat(get(http, "/isobench/site/data/runs/" + run.key() + "/result.json"))
                    .isEqualTo(200);
            assertThat(get(http, "/isobench/runs/" + run.key() + "/run.json")).isEqualTo(403);
            assertThat(get(http, "/isobench?list-type=2")).isEqualTo(403);
        }
    }

    private static int get(HttpClient http, String path) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create(minio.endpoint() + path))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
