package io.isobench.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.store.testing.MinioServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The MinIO-backed store and the uploader against a real MinIO server. */
class ObjectStoreIT {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    @Test
    void putGetStatListDeleteRoundTrip() {
        try (var store = minio.newStore("roundtrip")) {
            store.put("runs/a/b/c/result.json", "{}".getBytes(StandardCharsets.UTF_8), "application/json");
            store.put("runs/a/b/c/steps/x/rep-1_OK.hgrm", "hgrm".getBytes(StandardCharsets.UTF_8), "text/plain");
            assertThat(store.get("runs/a/b/c/result.json"))
                    .hasValueSatisfying(b ->
                            assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo("{}"));
            assertThat(store.get("runs/a/b/c/missing.json")).isEmpty();
            assertThat(store.list("runs/a/"))
                    .extracting(ObjectInfo::key)
                    .containsExactly("runs/a/b/c/result.json", "runs/a/b/c/steps/x/rep-1_OK.hgrm");
            assertThat(store.holds(
                            store.stat("runs/a/b/c/result.json").orElseThrow(), "{}".getBytes(StandardCharsets.UTF_8)))
                    .isTrue();
            assertThat(store.deletePrefix("runs/a/")).isEqualTo(2);
            assertThat(store.list("runs/")).isEmpty();
        }
    }

    @Test
    void anObjectOverItsReadersCapIsRefusedNamingItsSize() {
        try (var store = minio.newStore("capped")) {
            byte[] big = new byte[256 * 1024 + 1];
            store.put("runs/a/b/c/attempt-1/client/result.json", big, "application/json");
            assertThatThrownBy(() -> store.get("runs/a/b/c/attempt-1/client/result.json", 256 * 1024))
                    .isInstanceOf(ObjectTooLargeException.class)
                    .hasMessage("'runs/a/b/c/attempt-1/client/result.json' in s3://capped at " + minio.endpoint()
                            + " holds 262145 bytes, over the cap of 262144 bytes")
                    .satisfies(e ->
                            assertThat(((ObjectStoreException) e).retryable()).isFalse());
            assertThat(store.get("runs/a/b/c/attempt-1/client/result.json", 256 * 1024 + 1))
                    .hasValueSatisfying(b -> assertThat(b).hasSize(big.length));
            assertThat(store.get("runs/a/b/c/missing.json", 10)).isEmpty();
        }
    }

    @Test
    void onlyTheSitePrefixIsReadableWithoutCredentials() throws Exception {
        try (var store = minio.newStore("anonymous")) {
            store.put("site/index.html", "<html></html>".getBytes(StandardCharsets.UTF_8), "text/html");
            store.put("runs/a/b/c/run.json", "{\"secret\":1}".getBytes(StandardCharsets.UTF_8), "application/json");
            store.allowAnonymousRead(BucketLayout.SITE_PREFIX);
            HttpClient http = HttpClient.newHttpClient();
            assertThat(anonymousGet(http, "/anonymous/site/index.html")).isEqualTo(200);
            assertThat(anonymousGet(http, "/anonymous/runs/a/b/c/run.json")).isEqualTo(403);
            assertThat(anonymousGet(http, "/anonymous/")).as("no listing").isEqualTo(403);
            assertThatThrownBy(() -> store.allowAnonymousRead(""))
                    .hasMessageContaining("refusing to make the whole bucket");
        }
    }

    @Test
    void anUploadWaitsOutAStoreOutageAndResultJsonLandsLast(@TempDir Path dir) throws Exception {
        Path run = sampleRun(dir);
        try (var store = minio.newStore("outage")) {
            minio.stop();
            var upload = CompletableFuture.supplyAsync(() -> {
                try {
                    return new ArtifactUploader(store, m -> {})
                            .upload(
                                    run,
                                    "runs/local/dispatch/r1/attempt-1/client/",
                                    Instant.now().plusSeconds(60));
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            Thread.sleep(1500);
            assertThat(upload).isNotDone();
            minio.start();
            var report = upload.get();
            assertThat(report.uploaded()).isEqualTo(3);
            assertThat(report.retries()).isPositive();
            assertThat(store.list("runs/local/dispatch/r1/")).hasSize(3);
            // a repeated upload changes nothing
            assertThat(new ArtifactUploader(store, m -> {})
                            .upload(
                                    run,
                                    "runs/local/dispatch/r1/attempt-1/client/",
                                    Instant.now().plusSeconds(10))
                            .skipped())
                    .isEqualTo(3);
        } finally {
            minio.start();
        }
    }

    @Test
    void anUploadPastItsDeadlineFailsAndKeepsTheFiles(@TempDir Path dir) throws Exception {
        Path run = sampleRun(dir);
        try (var store = minio.newStore("deadline")) {
            minio.stop();
            assertThatThrownBy(() -> new ArtifactUploader(store, m -> {})
                            .upload(
                                    run,
                                    "runs/x/y/z/attempt-1/client/",
                                    Instant.now().plus(Duration.ofSeconds(2))))
                    .isInstanceOf(ArtifactUploader.DeadlineExceeded.class)
                    .hasMessageContaining("files kept in " + run)
                    .hasMessageNotContaining(minio.secretKey());
            assertThat(run.resolve("result.json")).exists();
        } finally {
            minio.start();
        }
    }

    @Test
    void resultJsonIsAlwaysLastAndUnfinishedFilesAreLeftOut(@TempDir Path dir) throws Exception {
        Path run = sampleRun(dir);
        Files.writeString(run.resolve("steps/a/rep-2_OK.hlog.partial"), "x");
        Files.createDirectories(run.resolve(".forks/round-1"));
        Files.writeString(run.resolve(".forks/round-1/result.json"), "{}");
        List<Path> files = ArtifactUploader.filesResultLast(run);
        assertThat(files.getLast()).isEqualTo(run.resolve("result.json"));
        assertThat(files)
                .hasSize(3)
                .noneMatch(
                        f -> f.toString().contains(".partial") || f.toString().contains(".forks"));
    }

    private static Path sampleRun(Path dir) throws Exception {
        Path run = dir.resolve("run");
        Files.createDirectories(run.resolve("steps/a"));
        Files.writeString(run.resolve("steps/a/rep-1_OK.hgrm"), "hgrm");
        Files.writeString(run.resolve("steps/a/rep-1_OK.hlog"), "hlog");
        Files.writeString(run.resolve("result.json"), "{\"formatVersion\":1}", StandardCharsets.UTF_8);
        return run;
    }

    private static int anonymousGet(HttpClient http, String path) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create(minio.endpoint() + path))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
