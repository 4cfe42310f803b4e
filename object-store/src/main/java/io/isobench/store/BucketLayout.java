package io.isobench.store;

import io.isobench.result.RunLayout;

/**
 * Where everything lives in the bucket (docs/contracts.md § Object storage layout); the one place that makes these keys.
 *
 * <pre>
 * runs/&lt;namespace&gt;/&lt;name&gt;/&lt;uid&gt;/run.json                        the BenchmarkRun as applied (env values, JVM options out)
 * runs/&lt;namespace&gt;/&lt;name&gt;/&lt;uid&gt;/attempt-&lt;n&gt;/&lt;role&gt;/…          one runner's run directory (result.json uploaded last, steps/…)
 * runs/&lt;namespace&gt;/&lt;name&gt;/&lt;uid&gt;/result.json                     the attempt that counted, as collected (checked)
 * runs/&lt;namespace&gt;/&lt;name&gt;/&lt;uid&gt;/steps/…                          the histogram files it names, as collected (checked)
 * site/…                                                        the published site: the only prefix readable without credentials
 * </pre>
 * Runners upload under {@code attempt-<n>/}; the rest of a run's prefix is the operator's: what it collected there,
 * read once and checked, is what it publishes, whatever is uploaded later.
 */
public final class BucketLayout {

    public static final String RUNS_PREFIX = "runs/";
    public static final String SITE_PREFIX = "site/";
    public static final String MANIFEST_FILE = "run.json";

    private BucketLayout() {}

    /** {@code runs/<namespace>/<name>/<uid>/} */
    public static String runPrefix(RunKey key) {
        return RUNS_PREFIX + key + "/";
    }

    public static String manifest(RunKey key) {
        return runPrefix(key) + MANIFEST_FILE;
    }

    /** {@code runs/<ns>/<name>/<uid>/attempt-<n>/<role>/}: where one runner uploads its run directory. */
    public static String attemptPrefix(RunKey key, int attempt, String role) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt " + attempt + " must be 1 or more");
        }
        return runPrefix(key) + "attempt-" + attempt + "/" + RunKey.requireSegment("role", role) + "/";
    }

    public static String attemptResult(RunKey key, int attempt, String role) {
        return attemptPrefix(key, attempt, role) + RunLayout.RESULT_FILE;
    }

    /** The run's own result: the attempt that counted, as collected. */
    public static String runResult(RunKey key) {
        return runPrefix(key) + RunLayout.RESULT_FILE;
    }

    /** A histogram file of the run as collected: {@code path} is where result.json names it ({@code steps/…}). */
    public static String runFile(RunKey key, String path) {
        return runPrefix(key) + ObjectKeys.requireSafePath("run file", path);
    }
}
