package io.isobench.store.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.store.ArtifactUploader;
import io.isobench.store.BucketLayout;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.ObjectInfo;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.RunKey;
import io.isobench.store.StoreConfig;
import io.isobench.store.testing.MinioServer;
import io.minio.GetBucketPolicyArgs;
import io.minio.ListObjectsArgs;
import io.minio.MinioClient;
import io.minio.SetBucketPolicyArgs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * isobench's two MinIO identities against a real MinIO server: the operator's user (made with root credentials, as the
 * chart's set-up does) and the upload grants it issues to runners. Every refusal here is MinIO's own.
 */
class StoreAccessIT {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    static final String BUCKET = "isobench";
    static final String OPERATOR = "isobench-operator";
    static final String OPERATOR_SECRET = UUID.randomUUID().toString();
    static final RunKey RUN = new RunKey("team-a", "dispatch", "6b1e7c52-0c9f-4b47-9d44-0d3b1f4f1a11");
    static final RunKey OTHER_RUN = new RunKey("team-b", "echo", "0f0e0d0c-0b0a-0908-0706-050403020100");
    static final String PREFIX = BucketLayout.attemptPrefix(RUN, 1, "client");

    static StoreConfig operatorConfig() {
        return new StoreConfig(minio.endpoint(), BUCKET, OPERATOR, OPERATOR_SECRET, null);
    }

    static StoreConfig rootConfig() {
        return new StoreConfig(minio.endpoint(), BUCKET, minio.accessKey(), minio.secretKey(), null);
    }

    @BeforeAll
    static void setUpAsTheChartDoes() {
        StoreSetup.apply(rootConfig(), OPERATOR, OPERATOR_SECRET);
        try (var store = new MinioObjectStore(operatorConfig())) {
            store.ensureBucket();
            store.put(
                    BucketLayout.runPrefix(OTHER_RUN) + "result.json",
                    "{\"other\":1}".getBytes(StandardCharsets.UTF_8),
                    "application/json");
        }
    }

    @Test
    void theOperatorReadsAndWritesRunsAndSiteAndSetsTheSitePolicy() {
        try (var store = new MinioObjectStore(operatorConfig())) {
            store.ensureBucket();
            store.put("runs/a/b/c/run.json", "{}".getBytes(StandardCharsets.UTF_8), "application/json");
            store.put("site/index.html", "<html></html>".getBytes(StandardCharsets.UTF_8), "text/html");
            assertThat(store.get("runs/a/b/c/run.json")).isPresent();
            assertThat(store.list("site/")).extracting(ObjectInfo::key).contains("site/index.html");
            store.allowAnonymousRead(BucketLayout.SITE_PREFIX);
            assertThat(store.deletePrefix("site/")).isPositive();
        }
    }

    @Test
    void theOperatorCannotDoWhatOnlyRootMay() {
        try (var admin = new MinioAdmin(operatorConfig());
                var store = new MinioObjectStore(operatorConfig())) {
            assertThatThrownBy(() -> admin.putUser("intruder", "intruder-secret-1"))
                    .hasMessageContaining("AccessDenied");
            assertThatThrownBy(
                            () -> admin.putPolicy(
                                    AccessPolicies.OPERATOR_POLICY_NAME,
                                    "{\"Version\":\"2012-10-17\",\"Statement\":"
                                            + "[{\"Effect\":\"Allow\",\"Action\":[\"admin:*\",\"s3:*\"],\"Resource\":[\"arn:aws:s3:::*\"]}]}"))
                    .hasMessageContaining("AccessDenied");
            assertThatThrownBy(() -> admin.setUserPolicy(OPERATOR, "consoleAdmin"))
                    .hasMessageContaining("AccessDenied");
            assertThatThrownBy(() -> new MinioObjectStore(new StoreConfig(
                                    minio.endpoint(), "another-bucket", OPERATOR, OPERATOR_SECRET, null))
                            .ensureBucket())
                    .hasMessageContaining("AccessDenied");
            assertThatThrownBy(() -> store.put("elsewhere/x", new byte[1], "text/plain"))
                    .hasMessageContaining("AccessDenied");
        }
    }

    @Test
    void theOperatorManagesItsOwnServiceAccountsButNoOneElses() {
        try (var root = new MinioAdmin(rootConfig());
                var admin = new MinioAdmin(operatorConfig())) {
            // a key of the root user's, made by root
            assertThat(root.addServiceAccount(
                            "rootkey0001",
                            "root-key-secret-0001",
                            AccessPolicies.operator(BUCKET),
                            Instant.now().plus(Duration.ofHours(1)),
                            "root's own"))
                    .isTrue();
            // the operator can neither mint a key for root (nor any other user) nor delete root's
            String forRoot = Json.write(Map.of(
                    "targetUser", minio.accessKey(), "accessKey", "stolen00001", "secretKey", "stolen-secret-0001"));
            assertThatThrownBy(() -> admin.call(
                            "add a service account for root",
                            "PUT",
                            "add-service-account",
                            Map.of(),
                            admin.encrypted(forRoot)))
                    .hasMessageContaining("AccessDenied");
            assertThat(admin.deleteServiceAccount("rootkey0001"))
                    .as("another user's key looks absent")
                    .isFalse();
            var rootKeyConfig = new StoreConfig(minio.endpoint(), BUCKET, "rootkey0001", "root-key-secret-0001", null);
            try (var rootKey = new MinioObjectStore(rootKeyConfig)) {
                assertThat(rootKey.list(BucketLayout.runPrefix(OTHER_RUN)))
                        .as("root's key still works")
                        .isNotEmpty();
            }
            root.deleteServiceAccount("rootkey0001");
        }
    }

    @Test
    void aGrantUploadsTheRunDirectoryUnderItsPrefixOnly(@TempDir Path dir) throws Exception {
        Path run = sampleRun(dir, 12 * 1024 * 1024);
        try (var grants = new UploadGrants(operatorConfig());
                var store = new MinioObjectStore(rootConfig())) {
            UploadGrant grant = grants.issue(PREFIX, Instant.now().plusSeconds(600), 64L << 20);
            try (var uploads = new GrantUploads(minio.endpoint(), UploadGrant.fromJson(grant.toJson()))) {
                var report = new ArtifactUploader(uploads, m -> {})
                        .upload(run, PREFIX, Instant.now().plusSeconds(60));
                assertThat(report.uploaded()).isEqualTo(3);
                assertThat(store.list(PREFIX))
                        .extracting(ObjectInfo::key)
                        .containsExactly(
                                PREFIX + "result.json",
                                PREFIX + "steps/a/rep-1_OK.hgrm",
                                PREFIX + "steps/a/rep-1_OK.hlog");
                assertThat(store.stat(PREFIX + "steps/a/rep-1_OK.hlog"))
                        .hasValueSatisfying(i -> assertThat(i.size()).isEqualTo(12 << 20));
                for (String key : new String[] {
                    BucketLayout.attemptPrefix(OTHER_RUN, 1, "client") + "result.json",
                    BucketLayout.runPrefix(RUN) + "result.json",
                    BucketLayout.attemptPrefix(RUN, 2, "client") + "result.json",
                    "site/index.html",
                    "site/data/runs.json"
                }) {
                    assertThat(uploads.post(key, "<script>".getBytes(StandardCharsets.UTF_8), "text/html")
                                    .toString())
                            .as(key)
                            .startsWith("403 ")
                            .contains("AccessDenied");
                }
                for (String key :
                        new String[] {PREFIX + "../../../../../../site/index.html", PREFIX + "../result.json"}) {
                    assertThat(uploads.post(key, "<script>".getBytes(StandardCharsets.UTF_8), "text/html")
                                    .toString())
                            .as(key)
                            .startsWith("400 XMinioInvalidObjectName");
                }
                assertThat(uploads.post(PREFIX + "big.bin", new byte[(64 << 20) + 1], "application/octet-stream")
                                .toString())
                        .as("over the grant's size")
                        .startsWith("400 ")
                        .contains("EntityTooLarge");
            }
            assertThat(store.list("site/")).isEmpty();
            assertThat(store.get(BucketLayout.runPrefix(OTHER_RUN) + "result.json"))
                    .hasValueSatisfying(b -> assertThat(b).isEqualTo("{\"other\":1}".getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aGrantIsNoKeyItCannotListReadDeleteOrTouchTheBucketPolicy() throws Exception {
        try (var grants = new UploadGrants(operatorConfig())) {
            UploadGrant grant = grants.issue(
                    BucketLayout.attemptPrefix(RUN, 3, "client"), Instant.now().plusSeconds(600), 1 << 20);
            String accessKey = grant.fields().get("x-amz-credential").split("/")[0];
            HttpClient http = HttpClient.newHttpClient();
            // all a runner holds are the signed form's fields: try each as the secret of its access key, and no key at
            // all
            for (String guess : grant.fields().values()) {
                try (var client = MinioClient.builder()
                        .endpoint(minio.endpoint().toString())
                        .region("us-east-1")
                        .credentials(accessKey, guess)
                        .build()) {
                    assertThatThrownBy(() -> client.listObjects(ListObjectsArgs.builder()
                                            .bucket(BUCKET)
                                            .recursive(true)
                                            .build())
                                    .iterator()
                                    .next()
                                    .get())
                            .hasMessageContaining("signature");
                    assertThatThrownBy(() -> client.getBucketPolicy(
                                    GetBucketPolicyArgs.builder().bucket(BUCKET).build()))
                            .hasMessageContaining("signature");
                    assertThatThrownBy(() -> client.setBucketPolicy(SetBucketPolicyArgs.builder()
                                    .bucket(BUCKET)
                                    .config("{}")
                                    .build()))
                            .hasMessageContaining("signature");
                }
                try (var admin = new MinioAdmin(new StoreConfig(minio.endpoint(), BUCKET, accessKey, guess, null))) {
                    assertThatThrownBy(() -> admin.deleteServiceAccount(accessKey))
                            .hasMessageContaining("SignatureDoesNotMatch");
                }
            }
            for (String path : new String[] {
                "/" + BUCKET + "/",
                "/" + BUCKET + "/" + BucketLayout.runPrefix(OTHER_RUN) + "result.json",
                "/" + BUCKET + "?policy"
            }) {
                assertThat(http.send(
                                        HttpRequest.newBuilder(URI.create(minio.endpoint() + path))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode())
                        .as(path)
                        .isEqualTo(403);
            }
            assertThat(http.send(
                                    HttpRequest.newBuilder(URI.create(minio.endpoint() + "/" + BUCKET + "/"
                                                    + BucketLayout.runPrefix(OTHER_RUN) + "result.json"))
                                            .DELETE()
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode())
                    .isEqualTo(403);
        }
    }

    @Test
    void aRevokedGrantIsRefusedAtOnceAndAnUploadWithItFailsWithoutRetrying(@TempDir Path dir) throws Exception {
        String prefix = BucketLayout.attemptPrefix(RUN, 4, "client");
        try (var grants = new UploadGrants(operatorConfig())) {
            UploadGrant grant = grants.issue(prefix, Instant.now().plusSeconds(600), 1 << 20);
            try (var uploads = new GrantUploads(minio.endpoint(), grant)) {
                assertThat(uploads.post(prefix + "before.txt", "ok".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .startsWith("204");
                assertThat(grants.revoke(prefix)).isTrue();
                assertThat(grants.revoke(prefix))
                        .as("a second revocation finds nothing")
                        .isFalse();
                assertThat(uploads.post(prefix + "after.txt", "no".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .startsWith("403 ")
                        .contains("InvalidAccessKeyId");
                assertThatThrownBy(() -> new ArtifactUploader(uploads, m -> {})
                                .upload(
                                        sampleRun(dir, 10),
                                        prefix,
                                        Instant.now().plusSeconds(30)))
                        .isInstanceOf(ObjectStoreException.class)
                        .satisfies(e -> assertThat(((ObjectStoreException) e).retryable())
                                .isFalse())
                        .hasMessageContaining("InvalidAccessKeyId")
                        .hasMessageNotContaining(grant.fields().get("x-amz-signature"));
            }
        }
    }

    @Test
    void aGrantExpiresWhenAskedAndIssuingAgainIsIdempotent() throws Exception {
        String prefix = BucketLayout.attemptPrefix(RUN, 5, "client");
        try (var grants = new UploadGrants(operatorConfig())) {
            UploadGrant shortLived = grants.issue(prefix, Instant.now().plusSeconds(3), 1 << 20);
            UploadGrant again = grants.issue(prefix, Instant.now().plusSeconds(600), 1 << 20);
            try (var first = new GrantUploads(minio.endpoint(), shortLived);
                    var second = new GrantUploads(minio.endpoint(), again)) {
                assertThat(first.post(prefix + "a.txt", "a".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .startsWith("204");
                Thread.sleep(Duration.between(Instant.now(), shortLived.expires())
                        .plusMillis(1200)
                        .toMillis());
                assertThat(first.post(prefix + "b.txt", "b".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .startsWith("403 ")
                        .contains("Policy expired");
                assertThat(second.post(prefix + "c.txt", "c".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .as("the same account signed both")
                        .startsWith("204");
            }
            grants.revoke(prefix);
        }
    }

    static Path sampleRun(Path dir, int hlogBytes) throws Exception {
        Path run = Files.createTempDirectory(dir, "run");
        Files.createDirectories(run.resolve("steps/a"));
        Files.writeString(run.resolve("steps/a/rep-1_OK.hgrm"), "hgrm");
        Files.write(run.resolve("steps/a/rep-1_OK.hlog"), new byte[hlogBytes]);
        Files.writeString(run.resolve("result.json"), "{\"formatVersion\":1}", StandardCharsets.UTF_8);
        return run;
    }
}
