package io.isobench.result;

import java.util.regex.Pattern;

/**
 * Names inside a run directory (or under a run's object prefix). Readers take paths from
 * {@code result.json}; this class is the one place that makes them.
 *
 * <pre>
 * result.json                                  written last, atomically: its presence means complete
 * steps/&lt;stepId&gt;/rep-&lt;n&gt;_&lt;OK|FAIL|INCONCLUSIVE&gt;.hlog     interval log (HistogramLogWriter), one per repetition
 * steps/&lt;stepId&gt;/rep-&lt;n&gt;_&lt;OK|FAIL|INCONCLUSIVE&gt;.hgrm     percentile table in microseconds (the plotter's format)
 * steps/&lt;stepId&gt;/merged_&lt;OK|FAIL|INCONCLUSIVE&gt;.hgrm       all repetitions added together
 * steps/&lt;stepId&gt;/part-&lt;k&gt;/rep-&lt;n&gt;_&lt;…&gt;.hlog|.hgrm  with several load parts: what part k measured (the
 *                                              repetition's own files are then the parts added together)
 * </pre>
 *
 * A repetition's files carry an in-progress name ({@code .partial}) until its verdict is known, so an
 * aborted run never leaves files that look finished.
 */
public final class RunLayout {

    public static final int FORMAT_VERSION = 1;
    public static final String RESULT_FILE = "result.json";
    public static final String STEPS_DIR = "steps";
    public static final String PARTIAL_SUFFIX = ".partial";

    private static final Pattern SAFE = Pattern.compile("[a-z0-9][a-z0-9._-]*");

    private RunLayout() {}

    public static String stepId(String variant, Load load) {
        String id = variant == null ? load.slug() : variant + "_" + load.slug();
        if (!SAFE.matcher(id).matches()) {
            throw new IllegalArgumentException(
                    "step id '" + id + "' is not path-safe (lower-case letters, digits, '.', '_', '-')");
        }
        return id;
    }

    public static String stepDir(String stepId) {
        return STEPS_DIR + "/" + stepId;
    }

    public static String repetitionFile(String stepId, int repetition, Verdict verdict, String extension) {
        return stepDir(stepId) + "/rep-" + repetition + "_" + verdict + "." + extension;
    }

    /** What load part {@code part} measured in a repetition of a parallel run. */
    public static String partFile(String stepId, int part, int repetition, Verdict verdict, String extension) {
        return stepDir(stepId) + "/part-" + part + "/rep-" + repetition + "_" + verdict + "." + extension;
    }

    public static String repetitionPartialFile(String stepId, int repetition, String extension) {
        return stepDir(stepId) + "/rep-" + repetition + "." + extension + PARTIAL_SUFFIX;
    }

    public static String mergedFile(String stepId, Verdict verdict) {
        return stepDir(stepId) + "/merged_" + verdict + ".hgrm";
    }
}
