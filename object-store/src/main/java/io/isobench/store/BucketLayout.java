package io.isobench.store;

import io.isobench.result.RunLayout;

/**
 * Where everything lives in the bucket (docs/contracts.md § Object storage layout); the one place that makes these keys.
 *
 * <pre>
 * runs/&lt;namespace&gt;/&lt;name&gt;/&lt;uid&gt;/run.json                        the BenchmarkRun as applied (runner.env values removed)
 * runs/&lt;namespace&gt;/&lt;name&gt;/&lt;uid&gt;/attempt-&lt;n&gt;/&lt;role&gt;/…          one runner's run directory (result.json uploaded last, steps/…)
 * runs/&lt;namespace&gt;/&lt;name&gt;/&lt;uid&gt;/result.json                     the attempt that counted, pods merged losslessly
 * site/…                                                        the published site: the only prefix readable without credentials
 * </pre>
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

    /** The run's own result: the attempt that counted, its pods merged. */
    public static String runResult(RunKey key) {
        return runPrefix(key) + RunLayout.RESULT_FILE;
    }
}
