package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import io.isobench.store.ArtifactUploader;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.ObjectKeys;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.StoreConfig;
import io.isobench.store.UploadTarget;
import io.isobench.store.access.GrantUploads;
import io.isobench.store.access.UploadGrant;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The --upload-* options: after the run, its directory goes to the object store (docs/contracts.md), retried
 * with backoff until the deadline. Checked before the run starts, so a bad option costs no measurement. In a pod the
 * operator gives an {@link UploadGrant} ({@value UploadGrant#ENV}): it can write the attempt's prefix and nothing else;
 * elsewhere (make demo, a bucket of your own) access and secret keys do.
 *
 * @param store  endpoint, bucket and keys, or null with a grant
 * @param grant  the operator's upload grant, or null with keys
 */
record RunUpload(StoreConfig store, UploadGrant grant, URI endpoint, String prefix, Duration deadline) {

    static final int EXIT_UPLOAD_FAILED = 4;
    static final String ACCESS_KEY = "ISOBENCH_STORE_ACCESS_KEY";
    static final String SECRET_KEY = "ISOBENCH_STORE_SECRET_KEY";

    /** The upload the options ask for, or null when --upload-endpoint is not given. */
    static RunUpload from(CommonOptions o, Map<String, String> env) {
        if (o.uploadEndpoint == null) {
            if (o.uploadPrefix != null) {
                throw new UsageException("--upload-prefix '" + o.uploadPrefix + "': needs --upload-endpoint");
            }
            return null;
        }
        if (o.uploadPrefix == null) {
            throw new UsageException("--upload-endpoint '" + o.uploadEndpoint
                    + "': needs --upload-prefix (e.g. runs/<ns>/<name>/<uid>/attempt-1/client/)");
        }
        String prefix;
        try {
            prefix = ObjectKeys.requireSafePrefix(
                    "--upload-prefix", o.uploadPrefix.endsWith("/") ? o.uploadPrefix : o.uploadPrefix + "/");
        } catch (IllegalArgumentException e) {
            throw new UsageException("--upload-prefix '" + o.uploadPrefix + "': " + e.getMessage());
        }
        URI endpoint;
        try {
            endpoint = StoreConfig.parseEndpoint(o.uploadEndpoint);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--upload-endpoint '" + o.uploadEndpoint + "': " + e.getMessage());
        }
        Duration deadline = Duration.ofNanos(OptionParsers.durationNanos("--upload-deadline", o.uploadDeadline, false));
        String grantJson = env.get(UploadGrant.ENV);
        if (grantJson != null && !grantJson.isBlank()) {
            return new RunUpload(null, grant(grantJson, o.uploadBucket, prefix), endpoint, prefix, deadline);
        }
        String access = env.get(ACCESS_KEY);
        String secret = env.get(SECRET_KEY);
        if (access == null || access.isBlank() || secret == null || secret.isBlank()) {
            throw new UsageException("--upload-endpoint '" + o.uploadEndpoint + "': set an upload grant in "
                    + UploadGrant.ENV + ", or the credentials in " + ACCESS_KEY + " and " + SECRET_KEY);
        }
        StoreConfig store;
        try {
            store = new StoreConfig(endpoint, o.uploadBucket, access, secret, null);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--upload-bucket '" + o.uploadBucket + "': " + e.getMessage());
        }
        return new RunUpload(store, null, endpoint, prefix, deadline);
    }

    /** The grant must be for this bucket and this prefix, or the upload could only be refused after the run. */
    private static UploadGrant grant(String json, String bucket, String prefix) {
        UploadGrant grant;
        try {
            grant = UploadGrant.fromJson(json);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (!grant.bucket().equals(bucket)) {
            throw new UsageException("--upload-bucket '" + bucket + "': the upload grant in " + UploadGrant.ENV
                    + " is for bucket '" + grant.bucket() + "'");
        }
        if (!prefix.startsWith(grant.prefix())) {
            throw new UsageException("--upload-prefix '" + prefix + "': the upload grant in " + UploadGrant.ENV
                    + " covers " + grant.prefix() + " only");
        }
        return grant;
    }

    private UploadTarget target() {
        return grant != null ? new GrantUploads(endpoint, grant) : new MinioObjectStore(store);
    }

    /** Uploads; false (and why, on err) when the deadline passed or the store refused. */
    boolean send(Path runDir, PrintWriter err) throws InterruptedException {
        Instant deadline = Instant.now().plus(deadline());
        try (var objects = target()) {
            var report = new ArtifactUploader(objects, m -> {
                        err.println("upload: " + m);
                        err.flush();
                    })
                    .upload(runDir, prefix, deadline);
            err.println(
                    "upload: " + report.uploaded() + " file(s), " + report.bytes() + " bytes to " + objects.describe()
                            + "/" + prefix + (report.skipped() > 0 ? " (" + report.skipped() + " already there)" : ""));
            return true;
        } catch (ArtifactUploader.DeadlineExceeded | ObjectStoreException e) {
            err.println("upload failed: " + e.getMessage());
            return false;
        } finally {
            err.flush();
        }
    }
}
