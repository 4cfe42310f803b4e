package io.isobench.operator.results;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.publisher.RunFiles;
import io.isobench.result.ReadLimits;
import io.isobench.result.ResultFormatException;
import io.isobench.result.RunResult;
import io.isobench.store.BucketLayout;
import io.isobench.store.ContentTypes;
import io.isobench.store.ObjectTooLargeException;
import io.isobench.store.RunKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects an attempt's upload into the run's own prefix, outside the attempt prefix runners upload to: each histogram file the
 * plausible result.json names is read once within the caps and checked, and those bytes are kept; then the result
 * itself, last, so its presence means the files are there. The site is published from these copies only, so nothing a
 * runner uploads after collection (or beside its named files) reaches it.
 */
public final class CollectedArtifacts {

    private static final Logger LOG = LoggerFactory.getLogger(CollectedArtifacts.class);
    /** One collection reads histogram files at a time: the operator holds at most one capped file of them. */
    private static final Object READING = new Object();

    private CollectedArtifacts() {}

    /**
     * What collecting an attempt's upload came to, kept for the run's next reconcile (collecting writes to the store, so
     * it is an action, done after the status is stored).
     */
    public sealed interface Collection {

        /** @param resultJson the result.json kept, as kept: the run's status is made from it */
        record Kept(String resultJson) implements Collection {}

        /**
         * @param cause {@link ObjectTooLargeException} (a file over a cap), {@link IOException} (the
         *              store cannot answer now), or the {@link ResultFormatException} or {@link IllegalArgumentException}
         *              refusing a named file
         */
        record Failed(Exception cause) implements Collection {}
    }

    /** {@link #keep}, its expected failures returned rather than thrown; any other goes on as it is. */
    public static Collection collect(
            ResultSource results,
            BenchmarkRun run,
            int attempt,
            byte[] resultJson,
            RunResult result,
            ReadLimits limits) {
        try {
            keep(results, run, attempt, resultJson, result, limits);
            return new Collection.Kept(new String(resultJson, StandardCharsets.UTF_8));
        } catch (IOException | ObjectTooLargeException | ResultFormatException | IllegalArgumentException e) {
            return new Collection.Failed(e);
        }
    }

    /**
     * @throws io.isobench.store.ObjectTooLargeException a named file, or all of them, over the caps (field and size named)
     * @throws IOException                                the store cannot answer now
     */
    public static RunFiles.Outcome keep(
            ResultSource results, BenchmarkRun run, int attempt, byte[] resultJson, RunResult result, ReadLimits limits)
            throws IOException {
        RunKey key = RunNames.key(run);
        String uploaded = RunNames.attemptPrefix(run, attempt, RunnerWorkload.ROLE_CLIENT);
        RunFiles.Outcome outcome;
        synchronized (READING) {
            outcome = RunFiles.collect(
                    result,
                    (path, maxBytes) -> results.read(uploaded + path, maxBytes),
                    limits,
                    (path, content) -> results.keep(BucketLayout.runFile(key, path), content, ContentTypes.TEXT));
        }
        results.keep(BucketLayout.runResult(key), resultJson, ContentTypes.JSON);
        outcome.missing()
                .forEach(field -> LOG.warn("run={}: {} was not uploaded; it will not be on the site", key, field));
        outcome.rejected().forEach((path, why) -> LOG.warn("run={}: {} will not be on the site: {}", key, path, why));
        return outcome;
    }
}
