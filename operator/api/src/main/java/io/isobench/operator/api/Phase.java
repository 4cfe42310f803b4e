package io.isobench.operator.api;

/** Where a BenchmarkRun is in its life; it only moves forward (a retry returns to Scheduled, or to Queued after a lost node). */
public enum Phase {
    /** Created; the operator has not yet validated it. */
    Pending,
    /**
     * Valid and waiting for a node of its pool: exclusive runs take a node each, namespaces taking turns, FIFO within one
     * (see status.queuePosition).
     */
    Queued,
    /** Admitted: a node is reserved, its kubelet's CPU manager checked, and the runner Job is being created. */
    Scheduled,
    /** The runner pod(s) are running the benchmark. */
    Running,
    /** The runner finished; the operator reads its result.json from object storage into status and publishes the site. */
    Collecting,
    /** Results are in status and in object storage, and every step met its goals. */
    Succeeded,
    /**
     * The run ended without meeting its goals: a step FAILed (e.g. missed its target rate), the runner failed,
     * timed out or was deleted, its node went away, or its results never arrived. status.message says which.
     */
    Failed;

    public boolean terminal() {
        return this == Succeeded || this == Failed;
    }

    /** Phases in which the run holds its node(s). */
    public boolean holdsNodes() {
        return this == Scheduled || this == Running || this == Collecting;
    }
}
