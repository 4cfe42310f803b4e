package io.isobench.result;

/**
 * How much of a run's upload is read (docs/operator.md § Bounded reads): every object's size is checked before it is
 * read and the read stops at the cap whatever the size said, so no upload can make its reader hold more than this.
 * Defaults from real runs: a 1M msg/s dispatch step writes ~14 KB of {@code .hlog} per second of window and a 5 KB
 * {@code .hgrm}; a result.json carries ~20 KB per repetition at most (its histogram), ~2 MB for the full {@code make demo}.
 *
 * @param resultJson    bytes of one result.json
 * @param histogramFile bytes of one {@code .hgrm} or {@code .hlog} (32 MiB: a ~40-minute window at 1M msg/s)
 * @param runFiles      bytes of all histogram files of one run together
 */
public record ReadLimits(long resultJson, long histogramFile, long runFiles) {

    public static final long MIB = 1024L * 1024;
    /** The largest cap: what one array holds. */
    public static final long MAX_CAP = Integer.MAX_VALUE - 16;

    public static final ReadLimits DEFAULTS = new ReadLimits(8 * MIB, 32 * MIB, 128 * MIB);

    public ReadLimits {
        require("resultJson", resultJson);
        require("histogramFile", histogramFile);
        require("runFiles", runFiles);
    }

    private static void require(String field, long bytes) {
        if (bytes < 1 || bytes > MAX_CAP) {
            throw new IllegalArgumentException(
                    "read limit " + field + " = " + bytes + " bytes is not between 1 and " + MAX_CAP);
        }
    }
}
