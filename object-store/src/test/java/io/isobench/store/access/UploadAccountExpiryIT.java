package io.isobench.store.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.store.BucketLayout;
import io.isobench.store.StoreConfig;
import io.isobench.store.testing.MinioServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The second backstop when a revocation is lost (the first: the grant's own expiry, StoreAccessIT): the per-attempt
 * account that signs grants expires by itself — at the run's deadline, and at least 16 minutes after it was made (MinIO's
 * floor is 15, so this takes ~17) — and MinIO then refuses whatever it signed, even a policy that has not expired.
 * Slow, so only with {@code -Disobench.slowTests=true}.
 */
@EnabledIfSystemProperty(named = "isobench.slowTests", matches = "true")
class UploadAccountExpiryIT {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    @Test
    void anUnrevokedGrantIsRefusedOnceItsSigningAccountExpired() throws Exception {
        String secret = java.util.UUID.randomUUID().toString();
        StoreSetup.apply(
                new StoreConfig(minio.endpoint(), "isobench", minio.accessKey(), minio.secretKey(), null),
                "isobench-operator",
                secret);
        var operator = new StoreConfig(minio.endpoint(), "isobench", "isobench-operator", secret, null);
        String prefix =
                BucketLayout.attemptPrefix(new io.isobench.store.RunKey("team-a", "slow", "uid-1"), 1, "client");
        Instant issued = Instant.now();
        try (var grants = new UploadGrants(operator)) {
            // a grant for one minute: its account gets MinIO's shortest life, 16 minutes
            UploadGrant grant = grants.issue(prefix, issued.plusSeconds(60), 1 << 20);
            // a policy that outlives its account (the operator never signs one: it isolates the account's own expiry)
            UploadGrant stillValid = grants.sign(prefix, issued.plus(Duration.ofMinutes(30)), 1 << 20);
            try (var uploads = new GrantUploads(minio.endpoint(), grant);
                    var later = new GrantUploads(minio.endpoint(), stillValid)) {
                assertThat(uploads.post(prefix + "a.txt", "a".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .startsWith("204");
                assertThat(later.post(prefix + "b.txt", "b".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .startsWith("204");
                Thread.sleep(Duration.between(
                                Instant.now(),
                                issued.plus(UploadGrants.MIN_ACCOUNT_LIFETIME).plusSeconds(15))
                        .toMillis());
                assertThat(later.post(prefix + "c.txt", "c".getBytes(StandardCharsets.UTF_8), "text/plain")
                                .toString())
                        .as("the policy runs to +30 min; its signing account expired at +16")
                        .startsWith("403 InvalidAccessKeyId");
            }
        }
    }
}
