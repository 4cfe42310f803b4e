package io.isobench.target.spi;

import io.isobench.result.Pinning;
import java.util.List;

/**
 * Where a target's measured threads run: each role named in {@link Target#threadRoles()} gets a CPU of its own from
 * the granted cpuset, and the harness records where every one of them really ran (result.json's pinning). A thread
 * the target starts any other way is neither pinned nor counted in the allocation check.
 */
public interface ThreadPlacement {

    /** The CPU planned for {@code role}, or null when none is left (or pinning is off). */
    Integer cpuOf(String role);

    /**
     * Starts a daemon thread named {@code isobench-<role>}, pinned before it runs {@code body}. Returns once it is
     * placed.
     *
     * @throws IllegalArgumentException when {@code role} is not one of the target's {@link Target#threadRoles()}
     */
    Thread start(String role, Runnable body);

    /** Pins the calling thread as {@code role} (for threads a library creates, e.g. an event loop). */
    void placeCurrentThread(String role);

    /** Records where a process of the target's own (a server, a consumer) placed its threads, as it reported. */
    void recordSeparateProcess(List<Pinning> reported);
}
