package io.isobench.target.spi;

/**
 * One recording thread's latency recorder, taken from the {@link Recording} by the thread that completes messages.
 *
 * @implSpec Called on the hot path of one thread only (the one it was taken for): the harness's implementation takes
 *     no lock and allocates nothing. Only messages whose intended send time lies inside the measured window are
 *     recorded; warm-up messages complete and are counted but leave no trace in the histogram.
 */
public interface LatencyRecorder {

    /** The thread role this recorder was taken for. */
    String role();

    /** A message stamped {@code intendedNanos} completed now (the recorder reads the session's {@link Clock}). */
    void record(long intendedNanos);

    /**
     * A message stamped {@code intendedNanos} completed with the given latency (for measures that are not "now minus
     * stamp", e.g. half a round trip).
     */
    void recordLatency(long intendedNanos, long latencyNanos);

    /** Counts a completion that carries no latency (e.g. a warm-up reply without a stamp). */
    void complete();
}
