package io.isobench.store.access;

import io.isobench.store.ObjectStoreException;
import io.isobench.store.StoreConfig;
import io.minio.PostPolicy;
import io.minio.Time;
import io.minio.credentials.Credentials;
import io.minio.errors.MinioException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Issues and revokes runners' {@link UploadGrant}s with the operator's own MinIO credential. Each attempt gets a service
 * account of the operator's user, whose policy allows PutObject under that attempt's prefix only and which expires
 * (MinIO: at least 15 minutes ahead) — the backstop should a revocation be lost; the grant is a POST policy it signs,
 * expiring exactly when asked. Revoking deletes the account, after which MinIO refuses every grant it signed.
 *
 * <p>The account's keys are derived from the operator's secret key, the run's key and the attempt (HMAC-SHA256), so
 * issuing is idempotent: a repeated issue after a crash finds the same account and signs with the same key, and no
 * key needs to be stored anywhere. Nobody without the operator's secret can compute them.
 */
public final class UploadGrants implements AutoCloseable {

    /** MinIO refuses service accounts that expire sooner than 15 minutes from now; one more for clock skew and latency. */
    static final Duration MIN_ACCOUNT_LIFETIME = Duration.ofMinutes(16);

    private static final String ACCESS_KEY_PREFIX = "ibr";

    private final StoreConfig operator;
    private final MinioAdmin admin;

    public UploadGrants(StoreConfig operator) {
        this.operator = operator;
        this.admin = new MinioAdmin(operator);
    }

    /**
     * A grant to put objects of at most {@code maxObjectBytes} under {@code prefix} (one attempt's upload prefix, which also
     * names the grant) until {@code expires}.
     */
    public UploadGrant issue(String prefix, Instant expires, long maxObjectBytes) {
        String accessKey = accessKey(prefix);
        String secretKey = secretKey(prefix);
        Instant accountExpiry = later(expires, Instant.now().plus(MIN_ACCOUNT_LIFETIME));
        String description = "isobench upload " + prefix;
        admin.addServiceAccount(
                accessKey,
                secretKey,
                AccessPolicies.upload(operator.bucket(), prefix),
                accountExpiry,
                description.length() > 256 ? description.substring(0, 256) : description);
        return sign(prefix, expires, maxObjectBytes);
    }

    /** The POST policy for {@code prefix}, signed with the prefix's account's keys (whether that account exists or not). */
    UploadGrant sign(String prefix, Instant expires, long maxObjectBytes) {
        var policy = new PostPolicy(operator.bucket(), expires.atZone(Time.UTC));
        policy.addStartsWithCondition("key", prefix);
        policy.addStartsWithCondition("Content-Type", "");
        policy.addContentLengthRangeCondition(0L, maxObjectBytes);
        try {
            var fields = new java.util.TreeMap<String, String>();
            // form field names are case-insensitive to S3; the client spells one of them X-Amz-Date
            policy.formData(new Credentials(accessKey(prefix), secretKey(prefix), null, null), operator.region())
                    .forEach((name, value) -> fields.put(name.toLowerCase(java.util.Locale.ROOT), value));
            return new UploadGrant(operator.bucket(), prefix, expires, fields);
        } catch (MinioException e) {
            throw new ObjectStoreException(
                    "cannot sign the upload grant for " + prefix + ": " + e.getMessage(), false, null);
        }
    }

    /** Revokes every grant issued for {@code prefix}; false when there was nothing to revoke (already revoked, or never issued). */
    public boolean revoke(String prefix) {
        return admin.deleteServiceAccount(accessKey(prefix));
    }

    /** The account's access key: {@value #ACCESS_KEY_PREFIX} and 17 hex digits (MinIO: at most 20 characters). */
    String accessKey(String subject) {
        return ACCESS_KEY_PREFIX
                + HexFormat.of().formatHex(hmac("access-key\n" + subject)).substring(0, 17);
    }

    /** 40 characters (MinIO's longest secret key) of base64url. */
    String secretKey(String subject) {
        return Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(hmac("secret-key\n" + subject))
                .substring(0, 40);
    }

    private byte[] hmac(String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(operator.secretKey().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(("isobench upload grant v1\n" + message).getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    @Override
    public void close() {
        admin.close();
    }
}
