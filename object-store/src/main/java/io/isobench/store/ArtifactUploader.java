package io.isobench.store;

import io.isobench.result.RunLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Uploads a finished run directory under a prefix. Each file is retried with exponential backoff and jitter
 * while the store is unreachable, until a deadline; {@code result.json} goes last, so its presence in the bucket
 * means every other file is there. Files already in the bucket with the same content are skipped, so an upload
 * can simply be repeated. Nothing is deleted locally: until the upload succeeds the files stay where they are.
 */
public final class ArtifactUploader {

    /** What an upload did. */
    public record Report(int uploaded, int skipped, long bytes, int retries) {}

    /** The deadline passed with files still not in the store. */
    public static final class DeadlineExceeded extends Exception {
        public DeadlineExceeded(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static final Duration FIRST_BACKOFF = Duration.ofMillis(200);
    static final Duration MAX_BACKOFF = Duration.ofSeconds(10);

    private final UploadTarget store;
    private final Consumer<String> log;

    public ArtifactUploader(UploadTarget store, Consumer<String> log) {
        this.store = store;
        this.log = log;
    }

    public Report upload(Path runDir, String prefix, Instant deadline) throws DeadlineExceeded, InterruptedException {
        String safePrefix = ObjectKeys.requireSafePrefix("upload prefix", prefix);
        List<Path> files = filesResultLast(runDir);
        int uploaded = 0;
        int skipped = 0;
        int retries = 0;
        long bytes = 0;
        for (Path file : files) {
            String key = safePrefix + runDir.relativize(file).toString().replace('\\', '/');
            byte[] content = read(file);
            Duration backoff = FIRST_BACKOFF;
            while (true) {
                try {
                    var existing = store.stat(key);
                    if (existing.isPresent() && store.holds(existing.get(), content)) {
                        skipped++;
                    } else {
                        store.put(key, content, ContentTypes.of(key));
                        uploaded++;
                        bytes += content.length;
                    }
                    break;
                } catch (ObjectStoreException e) {
                    if (!e.retryable()) {
                        throw e;
                    }
                    Instant now = Instant.now();
                    if (!now.plus(backoff).isBefore(deadline)) {
                        throw new DeadlineExceeded(
                                "upload of " + runDir + " to " + store.describe() + " not done by " + deadline + " ("
                                        + (files.size() - uploaded - skipped) + " of " + files.size()
                                        + " files left; files kept in " + runDir + "): " + e.getMessage(),
                                e);
                    }
                    retries++;
                    log.accept("store unreachable (" + e.getMessage() + "); retrying " + key + " in "
                            + backoff.toMillis() + " ms");
                    long jitter = (long) (backoff.toMillis()
                            * 0.2
                            * (ThreadLocalRandom.current().nextDouble() * 2 - 1));
                    Thread.sleep(Math.max(1, backoff.toMillis() + jitter));
                    backoff =
                            backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                }
            }
        }
        return new Report(uploaded, skipped, bytes, retries);
    }

    /** Every regular file under the run directory except unfinished ones, sorted, result.json last. */
    static List<Path> filesResultLast(Path runDir) {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(runDir)) {
            walk.filter(Files::isRegularFile)
                    .filter(f ->
                            runDir.relativize(f).toString().split("[/\\\\]")[0].charAt(0) != '.')
                    .filter(f -> !f.getFileName().toString().endsWith(".partial"))
                    .sorted(Comparator.comparing(
                                    (Path f) -> runDir.relativize(f).equals(Path.of(RunLayout.RESULT_FILE)))
                            .thenComparing(Path::toString))
                    .forEach(files::add);
        } catch (IOException e) {
            throw new ObjectStoreException("cannot list the run directory " + runDir + ": " + e.getMessage(), false, e);
        }
        if (files.isEmpty() || !files.getLast().equals(runDir.resolve(RunLayout.RESULT_FILE))) {
            throw new ObjectStoreException(runDir + " holds no result.json: nothing finished to upload", false, null);
        }
        return files;
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ObjectStoreException("cannot read " + file + ": " + e.getMessage(), false, e);
        }
    }
}
