package io.isobench.publisher;

import io.isobench.result.RunResult;
import io.isobench.store.RunKey;
import java.util.List;
import java.util.Map;

/**
 * One run as the site shows it: who and where (Kubernetes side), how isolation was judged, and what the
 * runner measured — result.json and the histogram files it names.
 *
 * @param key          namespace/name/uid (local runs: local/&lt;target&gt;/&lt;runId&gt;)
 * @param labels       spec.report.labels (user text: the site escapes it)
 * @param nodes        nodes the pods ran on; empty for local runs
 * @param phase        Succeeded or Failed
 * @param isolation    isolated (null: never claimed), reason, and the facts behind it
 * @param message      the operator's status message, or null
 * @param baseline     key of the run to compare with, or null
 * @param image        runner image, or null for local runs
 * @param spec         the spec as applied, runner.env values and runner.jvmOptions removed (local runs: the runner's config)
 * @param rerunYaml    a BenchmarkRun that runs this again
 * @param createdAt    when the run was created (RFC 3339)
 * @param resultJson   result.json exactly as the runner wrote it
 * @param result       the same, parsed
 * @param files        the histogram files result.json names (steps/…), by path relative to the run directory, as checked
 *                     ({@link RunFiles}); the site publishes no other
 * @param ignoredFiles what else the run directory or upload held: never read, never published, counted
 */
public record PublishedRun(
        RunKey key,
        Map<String, String> labels,
        List<String> nodes,
        String phase,
        Isolation isolation,
        String message,
        String baseline,
        String image,
        Map<String, Object> spec,
        String rerunYaml,
        String createdAt,
        byte[] resultJson,
        RunResult result,
        Map<String, byte[]> files,
        int ignoredFiles) {

    /** @param isolated null when isolation was never verified (outside Kubernetes) */
    public record Isolation(Boolean isolated, String reason, Map<String, Object> facts) {}
}
