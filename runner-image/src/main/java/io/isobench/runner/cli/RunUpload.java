package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import io.isobench.store.ArtifactUploader;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.ObjectKeys;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.StoreConfig;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The --upload-* options: after the run, its directory goes to the object store (docs/contracts.md), retried
 * with backoff until the deadline. Checked before the run starts, so a bad option costs no measurement.
 */
record RunUpload(StoreConfig store, String prefix, Duration deadline) {

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
            throw new UsageException("--upload-endpoint '" + o.uploadEndpoint + "': needs --upload-prefix (e.g. runs/<ns>/<name>/<uid>/attempt-1/client/)");
        }
        String prefix;
        try {
            prefix = ObjectKeys.requireSafePrefix("--upload-prefix", o.uploadPrefix.endsWith("/") ? o.uploadPrefix : o.uploadPrefix + "/");
        } catch (IllegalArgumentException e) {
            throw new UsageException("--upload-prefix '" + o.uploadPrefix + "': " + e.getMessage());
        }
        URI endpoint;
        try {
            endpoint = StoreConfig.parseEndpoint(o.uploadEndpoint);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--upload-endpoint '" + o.uploadEndpoint + "': " + e.getMessage());
        }
        String access = env.get(ACCESS_KEY);
        String secret = env.get(SECRET_KEY);
        if (access == null || access.isBlank() || secret == null || secret.isBlank()) {
            throw new UsageException("--upload-endpoint '" + o.uploadEndpoint + "': set the credentials in " + ACCESS_KEY + " and " + SECRET_KEY);
        }
        StoreConfig store;
        try {
            store = new StoreConfig(endpoint, o.uploadBucket, access, secret, null);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--upload-bucket '" + o.uploadBucket + "': " + e.getMessage());
        }
        long nanos = OptionParsers.durationNanos("--upload-deadline", o.uploadDeadline, false);
        return new RunUpload(store, prefix, Duration.ofNanos(nanos));
    }

    /** Uploads; false (and why, on err) when the deadline passed or the store refused. */
    boolean send(Path runDir, PrintWriter err) throws InterruptedException {
        Instant deadline = Instant.now().plus(deadline());
        try (var objects = new MinioObjectStore(store)) {
            var report = new ArtifactUploader(objects, m -> {
                err.println("upload: " + m);
                err.flush();
            }).upload(runDir, prefix, deadline);
            err.println("upload: " + report.uploaded() + " file(s), " + report.bytes() + " bytes to " + objects.describe() + "/" + prefix
                    + (report.skipped() > 0 ? " (" + report.skipped() + " already there)" : ""));
            return true;
        } catch (ArtifactUploader.DeadlineExceeded | ObjectStoreException e) {
            err.println("upload failed: " + e.getMessage());
            return false;
        } finally {
            err.flush();
        }
    }
}
