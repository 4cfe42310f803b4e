package io.isobench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.store.ObjectInfo;
import io.isobench.store.StoreConfig;
import io.isobench.store.access.UploadGrant;
import io.isobench.store.access.UploadGrants;
import io.isobench.store.testing.MinioServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The packaged runner, as a container runs it: measures, then uploads its run directory to a real MinIO. */
class RunUploadIT {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    record Exit(int code, String output) {}

    Exit runner(Path dir, boolean withCredentials, String... extra) throws Exception {
        return runner(
                dir,
                withCredentials
                        ? java.util.Map.of(
                                "ISOBENCH_STORE_ACCESS_KEY",
                                minio.accessKey(),
                                "ISOBENCH_STORE_SECRET_KEY",
                                minio.secretKey())
                        : java.util.Map.of(),
                extra);
    }

    Exit runner(Path dir, java.util.Map<String, String> env, String... extra) throws Exception {
        var command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-jar",
                Path.of("target/isobench-runner.jar").toAbsolutePath().toString(),
                "dispatch",
                "--queues",
                "isobench",
                "--rates",
                "2k",
                "--warmup",
                "100ms",
                "--duration",
                "500ms",
                "--repetitions",
                "1",
                // the upload is tested, not the rate: a busy machine must not turn this into a FAIL
                "--probe-duration",
                "0s",
                "--rate-tolerance",
                "50%",
                "--progress",
                "none",
                "--out",
                dir.resolve("run").toString()));
        command.addAll(List.of(extra));
        var pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Exit(p.exitValue(), output);
    }

    @Test
    void theRunDirectoryLandsUnderThePrefixWithResultJson(@TempDir Path dir) throws Exception {
        try (var store = minio.newStore("runs")) {
            Exit exit = runner(
                    dir,
                    true,
                    "--upload-endpoint",
                    minio.endpoint().toString(),
                    "--upload-bucket",
                    "runs",
                    "--upload-prefix",
                    "runs/team-a/r1/uid-1/attempt-1/client/");
            assertThat(exit.code()).as(exit.output()).isZero();
            assertThat(exit.output())
                    .contains("upload: ")
                    .doesNotContain(minio.secretKey())
                    .doesNotContain(minio.accessKey());
            assertThat(store.list("runs/team-a/r1/uid-1/attempt-1/client/"))
                    .extracting(ObjectInfo::key)
                    .contains("runs/team-a/r1/uid-1/attempt-1/client/result.json")
                    .anyMatch(k -> k.endsWith(".hlog"))
                    .anyMatch(k -> k.endsWith(".hgrm"));
            assertThat(new String(
                            store.get("runs/team-a/r1/uid-1/attempt-1/client/result.json")
                                    .orElseThrow(),
                            StandardCharsets.UTF_8))
                    .isEqualTo(Files.readString(dir.resolve("run/result.json")));
        }
    }

    @Test
    void anUnreachableStoreExitsFourAfterTheDeadlineAndKeepsTheFiles(@TempDir Path dir) throws Exception {
        Exit exit = runner(
                dir,
                true,
                "--upload-endpoint",
                "http://127.0.0.1:9",
                "--upload-prefix",
                "runs/a/b/c/attempt-1/client/",
                "--upload-deadline",
                "2s");
        assertThat(exit.code()).as(exit.output()).isEqualTo(4);
        assertThat(exit.output()).contains("upload failed").contains("files kept in");
        assertThat(dir.resolve("run/result.json")).exists();
    }

    @Test
    void missingCredentialsAreABadUsageBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Exit exit = runner(
                dir,
                false,
                "--upload-endpoint",
                minio.endpoint().toString(),
                "--upload-prefix",
                "runs/a/b/c/attempt-1/client/");
        assertThat(exit.code()).isEqualTo(2);
        assertThat(exit.output())
                .contains(
                        "set an upload grant in ISOBENCH_STORE_UPLOAD_GRANT, or the credentials in ISOBENCH_STORE_ACCESS_KEY "
                                + "and ISOBENCH_STORE_SECRET_KEY");
        assertThat(dir.resolve("run/result.json")).doesNotExist();
    }

    /** In a pod: the operator's upload grant, no key. The files land under the grant's prefix; a grant for another prefix is bad usage. */
    @Test
    void withAnUploadGrantTheRunLandsUnderItsPrefixAndNowhereElse(@TempDir Path dir) throws Exception {
        String prefix = "runs/team-a/r2/uid-2/attempt-1/client/";
        try (var store = minio.newStore("granted");
                var grants = new UploadGrants(
                        new StoreConfig(minio.endpoint(), "granted", minio.accessKey(), minio.secretKey(), null))) {
            String grant = grants.issue(prefix, Instant.now().plusSeconds(300), 1 << 20)
                    .toJson();
            Exit exit = runner(
                    dir.resolve("a"),
                    java.util.Map.of(UploadGrant.ENV, grant),
                    "--upload-endpoint",
                    minio.endpoint().toString(),
                    "--upload-bucket",
                    "granted",
                    "--upload-prefix",
                    prefix);
            // 1 or 5: a step missed its rate on this shared machine (5: the host held the rig); the run finished and
            // uploaded all the same
            assertThat(exit.code()).as(exit.output()).isIn(0, 1, 5);
            assertThat(exit.output()).contains("upload: ");
            assertThat(store.list("runs/"))
                    .extracting(ObjectInfo::key)
                    .allMatch(k -> k.startsWith(prefix))
                    .contains(prefix + "result.json");
            assertThat(exit.output())
                    .doesNotContain(UploadGrant.fromJson(grant).fields().get("x-amz-signature"));

            Exit elsewhere = runner(
                    dir.resolve("b"),
                    java.util.Map.of(UploadGrant.ENV, grant),
                    "--upload-endpoint",
                    minio.endpoint().toString(),
                    "--upload-bucket",
                    "granted",
                    "--upload-prefix",
                    "runs/team-b/other/uid-3/attempt-1/client/");
            assertThat(elsewhere.code()).isEqualTo(2);
            assertThat(elsewhere.output())
                    .contains("--upload-prefix 'runs/team-b/other/uid-3/attempt-1/client/': the upload grant in "
                            + "ISOBENCH_STORE_UPLOAD_GRANT covers " + prefix + " only");

            grants.revoke(prefix);
            Exit revoked = runner(
                    dir.resolve("c"),
                    java.util.Map.of(UploadGrant.ENV, grant),
                    "--upload-endpoint",
                    minio.endpoint().toString(),
                    "--upload-bucket",
                    "granted",
                    "--upload-prefix",
                    prefix,
                    "--upload-deadline",
                    "30s");
            assertThat(revoked.code()).as(revoked.output()).isEqualTo(4);
            assertThat(revoked.output()).contains("upload failed").contains("InvalidAccessKeyId");
        }
    }
}
