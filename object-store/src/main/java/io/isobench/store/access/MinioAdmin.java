package io.isobench.store.access;

import io.isobench.store.ObjectStoreException;
import io.isobench.store.StoreConfig;
import io.minio.Signer;
import io.minio.Time;
import io.minio.errors.MinioException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * The few calls of MinIO's admin API (/minio/admin/v3) isobench makes, signed like S3 requests with the credential
 * of {@link StoreConfig}: set up the operator's user and policy (with admin credentials, once), and create or delete
 * the operator's own per-run service accounts (with the operator's credential; MinIO lets a user manage its own
 * service accounts without any admin permission). Bodies that carry a secret are encrypted ({@link AdminPayload}).
 * Failures are {@link ObjectStoreException}s naming the call and the server's answer, never a key.
 */
public final class MinioAdmin implements AutoCloseable {

    private static final String API = "/minio/admin/v3/";
    private static final MediaType OCTETS = MediaType.get("application/octet-stream");
    private static final Pattern ERROR_CODE = Pattern.compile("\"Code\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern ERROR_MESSAGE = Pattern.compile("\"Message\"\\s*:\\s*\"([^\"]*)\"");
    /** Answers that say the server is starting, busy or away: a later try may succeed. */
    private static final Set<String> BUSY =
            Set.of("XMinioServerNotInitialized", "XMinioIAMNotInitialized", "SlowDown", "ServiceUnavailable");

    private final StoreConfig config;
    private final OkHttpClient http;

    public MinioAdmin(StoreConfig config) {
        this.config = config;
        this.http = new OkHttpClient.Builder()
                .connectTimeout(Duration.ofSeconds(5))
                .readTimeout(Duration.ofSeconds(30))
                .writeTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** Creates or replaces the canned policy {@code name}. */
    public void putPolicy(String name, String policyJson) {
        call(
                "put policy " + name,
                "PUT",
                "add-canned-policy",
                Map.of("name", name),
                policyJson.getBytes(StandardCharsets.UTF_8));
    }

    /** Creates the user, or sets its secret key when it exists; enabled. */
    public void putUser(String accessKey, String secretKey) {
        String body = Json.write(Map.of("secretKey", secretKey, "status", "enabled"));
        call("put user", "PUT", "add-user", Map.of("accessKey", accessKey), encrypted(body));
    }

    /** Makes {@code policy} the user's only policy. */
    public void setUserPolicy(String accessKey, String policy) {
        call(
                "set the policy " + policy + " of a user",
                "PUT",
                "set-user-or-group-policy",
                Map.of("policyName", policy, "userOrGroup", accessKey, "isGroup", "false"),
                new byte[0]);
    }

    /**
     * Creates a service account of the calling user, its keys chosen by the caller, limited by {@code policyJson} (within
     * the caller's own permissions) and expiring at {@code expiration} (MinIO takes 15 minutes to a year from now).
     * Returns false when it exists already (the same keys derived again: nothing to do).
     */
    public boolean addServiceAccount(
            String accessKey, String secretKey, String policyJson, Instant expiration, String description) {
        var request = new java.util.LinkedHashMap<String, Object>();
        request.put("policy", new com.fasterxml.jackson.databind.util.RawValue(policyJson));
        request.put("accessKey", accessKey);
        request.put("secretKey", secretKey);
        request.put("description", description);
        request.put("expiration", expiration.toString());
        String body = Json.write(request);
        try {
            call("add a service account", "PUT", "add-service-account", Map.of(), encrypted(body));
            return true;
        } catch (AdminException e) {
            if (e.code.equals("XMinioIAMServiceAccountNotAllowed") && e.detail.contains("already taken")) {
                return false;
            }
            throw e;
        }
    }

    /** Deletes one of the calling user's service accounts; false when there was none. */
    public boolean deleteServiceAccount(String accessKey) {
        try {
            call("delete a service account", "DELETE", "delete-service-account", Map.of("accessKey", accessKey), null);
            return true;
        } catch (AdminException e) {
            // MinIO's ErrAdminServiceAccountNotFound: 404 with this code
            if (e.status == 404 && e.code.equals("XMinioInvalidIAMCredentials")) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    byte[] encrypted(String json) {
        return AdminPayload.encrypt(config.secretKey(), json.getBytes(StandardCharsets.UTF_8));
    }

    /** An admin call the server refused, with its error code. */
    static final class AdminException extends ObjectStoreException {
        final int status;
        final String code;
        final String detail;

        AdminException(String message, int status, String code, String detail, boolean retryable) {
            super(message, retryable, null);
            this.status = status;
            this.code = code;
            this.detail = detail;
        }
    }

    /** One signed admin call; package-private so tests can make calls isobench never makes (and see MinIO refuse them). */
    void call(String what, String method, String path, Map<String, String> query, byte[] body) {
        HttpUrl.Builder url =
                HttpUrl.get(config.endpoint().toString()).newBuilder().encodedPath(API + path);
        query.forEach(url::addQueryParameter);
        HttpUrl target = url.build();
        byte[] content = body == null ? new byte[0] : body;
        String sha256 = sha256Hex(content);
        String host =
                target.host() + (target.port() == HttpUrl.defaultPort(target.scheme()) ? "" : ":" + target.port());
        Request unsigned = new Request.Builder()
                .url(target)
                .method(method, body == null ? null : RequestBody.create(content, OCTETS))
                .header("Host", host)
                .header("X-Amz-Date", ZonedDateTime.now(Time.UTC).format(Time.AMZ_DATE_FORMAT))
                .header("X-Amz-Content-Sha256", sha256)
                .build();
        Request signed;
        try {
            signed = Signer.signV4S3(unsigned, config.region(), config.accessKey(), config.secretKey(), sha256);
        } catch (MinioException e) {
            throw new ObjectStoreException(
                    "cannot sign the admin call to " + what + ": " + e.getMessage(), false, null);
        }
        try (Response response = http.newCall(signed).execute()) {
            if (response.isSuccessful()) {
                return;
            }
            String answer =
                    response.body() == null ? "" : new String(response.body().bytes(), StandardCharsets.UTF_8);
            String code = group(ERROR_CODE, answer, "HTTP " + response.code());
            String detail = group(ERROR_MESSAGE, answer, answer.length() > 200 ? answer.substring(0, 200) : answer);
            boolean retryable = response.code() >= 500 || BUSY.contains(code);
            throw new AdminException(
                    scrub("cannot " + what + " at " + config.endpoint() + ": " + code + " (" + detail + ")"),
                    response.code(),
                    code,
                    detail,
                    retryable);
        } catch (IOException e) {
            throw new ObjectStoreException(
                    scrub("cannot " + what + ": cannot reach " + config.endpoint() + ": " + e), true, null);
        }
    }

    /** The server echoes no secrets, but a message must never carry one even if it did. */
    private String scrub(String message) {
        return message.replace(config.secretKey(), "****").replace(config.accessKey(), "****");
    }

    /** The first group of {@code pattern} in a server's answer (an error code or message), else {@code fallback}. */
    static String group(Pattern pattern, String text, String fallback) {
        var m = pattern.matcher(text);
        return m.find() ? m.group(1) : fallback;
    }

    static String sha256Hex(byte[] content) {
        try {
            return HexFormat.of()
                    .formatHex(
                            java.security.MessageDigest.getInstance("SHA-256").digest(content));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
