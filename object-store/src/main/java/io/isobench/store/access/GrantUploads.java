package io.isobench.store.access;

import io.isobench.store.ObjectInfo;
import io.isobench.store.ObjectKeys;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.UploadTarget;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Uploads with an {@link UploadGrant}: each object is an S3 POST (multipart form: the grant's signed fields, key,
 * Content-Type, then the bytes). Such a target can only write, so {@link #stat} knows nothing and a repeated upload
 * sends every file again. A refusal (403: expired, revoked, outside the prefix) is final; an unreachable or busy store
 * is worth another try. Messages name the key and the server's answer, never a field of the grant.
 */
public final class GrantUploads implements UploadTarget, AutoCloseable {

    private static final Pattern ERROR_CODE = Pattern.compile("<Code>([^<]*)</Code>");
    private static final Pattern ERROR_MESSAGE = Pattern.compile("<Message>([^<]*)</Message>");
    private static final java.util.Set<String> RETRYABLE =
            java.util.Set.of("SlowDown", "XMinioServerNotInitialized", "NoSuchBucket");

    private final URI endpoint;
    private final UploadGrant grant;
    private final OkHttpClient http;

    public GrantUploads(URI endpoint, UploadGrant grant) {
        this.endpoint = endpoint;
        this.grant = grant;
        this.http = new OkHttpClient.Builder()
                .connectTimeout(Duration.ofSeconds(5))
                .readTimeout(Duration.ofSeconds(60))
                .writeTimeout(Duration.ofSeconds(60))
                .build();
    }

    @Override
    public String describe() {
        return "s3://" + grant.bucket() + " at " + endpoint + " (upload grant for " + grant.prefix() + " until "
                + grant.expires() + ")";
    }

    @Override
    public void put(String key, byte[] content, String contentType) {
        ObjectKeys.requireSafePath("object key", key);
        if (!key.startsWith(grant.prefix())) {
            throw new ObjectStoreException(
                    "cannot put '" + key + "': the upload grant covers " + grant.prefix() + " only", false, null);
        }
        Answer answer;
        try {
            answer = post(key, content, contentType);
        } catch (IOException e) {
            throw new ObjectStoreException(
                    "cannot put '" + key + "' in " + describe() + ": cannot reach " + endpoint + ": " + e, true, e);
        }
        if (!answer.ok()) {
            // NoSuchBucket: the operator re-creates a bucket that went away, so it is worth waiting for like an outage
            boolean retryable = answer.status() >= 500 || RETRYABLE.contains(answer.code());
            throw new ObjectStoreException(
                    "cannot put '" + key + "' in " + describe() + ": " + answer, retryable, null);
        }
    }

    /** What the server answered a POST: its status, and for a refusal its error code and message. */
    public record Answer(int status, String code, String message) {
        public boolean ok() {
            return status >= 200 && status < 300;
        }

        @Override
        public String toString() {
            return status + (code.isEmpty() ? "" : " " + code) + (message.isEmpty() ? "" : " (" + message + ")");
        }
    }

    /**
     * One POST with the grant's fields, for any key, without {@link #put}'s check of the prefix: what MinIO itself accepts
     * (tests show that it refuses every key outside the grant).
     */
    public Answer post(String key, byte[] content, String contentType) throws IOException {
        var form = new MultipartBody.Builder().setType(MultipartBody.FORM);
        grant.fields().forEach(form::addFormDataPart);
        form.addFormDataPart("key", key);
        form.addFormDataPart("Content-Type", contentType);
        // S3 reads the fields before "file" and nothing after it
        form.addFormDataPart(
                "file",
                key.substring(key.lastIndexOf('/') + 1),
                RequestBody.create(content, MediaType.get(contentType)));
        HttpUrl url = HttpUrl.get(endpoint.toString())
                .newBuilder()
                .addPathSegment(grant.bucket())
                .build();
        try (Response response = http.newCall(
                        new Request.Builder().url(url).post(form.build()).build())
                .execute()) {
            String body =
                    response.body() == null ? "" : new String(response.body().bytes(), StandardCharsets.UTF_8);
            return response.isSuccessful()
                    ? new Answer(response.code(), "", "")
                    : new Answer(
                            response.code(),
                            MinioAdmin.group(ERROR_CODE, body, ""),
                            MinioAdmin.group(ERROR_MESSAGE, body, ""));
        }
    }

    /** A grant cannot read: every file is sent (again). */
    @Override
    public Optional<ObjectInfo> stat(String key) {
        return Optional.empty();
    }

    @Override
    public void close() {
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }
}
