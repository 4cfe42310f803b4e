package io.isobench.target.spi;

/**
 * The recorders of one repetition: one per thread that completes messages, merged by the harness off the hot path.
 * A target asks for a recorder per such thread when it opens its session (or on that thread before its first
 * completion): {@link #newRecorder} allocates, so never in the hot loop.
 */
public interface Recording {

    /** A recorder for one thread; never share one between threads. */
    LatencyRecorder newRecorder(String role);

    /** The recorder taken for {@code role}, or null: a target records on the threads that read its replies. */
    LatencyRecorder recorderOf(String role);

    /** The clock the harness paces and times with. */
    Clock clock();

    /** Start of the measured window, or Long.MAX_VALUE until the harness has fixed its schedule. */
    long windowStart();

    /** End of the measured window (exclusive), or Long.MAX_VALUE until the harness has fixed its schedule. */
    long windowEnd();

    /** Messages completed so far, warm-up included. */
    long completed();

    /** Messages recorded (intended inside the measured window). */
    long recorded();
}
