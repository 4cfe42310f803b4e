package io.isobench.operator.api;

/** What a BenchmarkSchedule does when a run is due while one it made earlier has not finished. */
public enum ConcurrencyPolicy {
    /** The due run is skipped (status.lastSkip says which time and why); it is not made up for later. */
    Forbid,
    /** The unfinished run(s) are deleted, then the due run is created. */
    Replace,
    /** The due run is created beside the unfinished one(s); the node queue still runs Exclusive runs one per node. */
    Allow
}
