package io.isobench.target.spi;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import java.util.List;
import java.util.Map;

/**
 * The one SPI every benchmark target implements, built-in or plugin. The harness paces, stamps, times, probes and
 * writes results; a target only moves messages and tells the harness when they complete (through the
 * {@link LatencyRecorder}s it takes from the {@link Recording}).
 *
 * @implSpec A target is created once per run and asked for a {@link Session} once per repetition, on the harness's
 *     orchestrating thread; everything here may allocate and block (that thread is not measured). What runs in the
 *     measured window is the {@link Session}'s contract. Every thread that sends or completes messages is one of
 *     {@link #senderRole()} and {@link #threadRoles()}: those are pinned, and their allocation and the GCs in each
 *     window are counted into result.json and judged ({@code allocatedBytes}; docs/target-spi.md).
 */
public interface Target {

    /** CLI name, also {@code result.json}'s {@code target}: dispatch, udp-echo, … */
    String name();

    /**
     * Implementations under test inside this target (e.g. queues), run side by side in one run. A target
     * with a single implementation returns a single-element list with its name.
     */
    List<String> variants();

    /** Role of the rig's sending thread ("publisher", "client"): it gets the first CPU. */
    String senderRole();

    /** Roles of the target's own measured threads, each placed on a CPU of its own. */
    List<String> threadRoles();

    /** What one recorded value spans under {@code mode}. */
    LatencyMeasure measure(LoadMode mode);

    /** A step's label in tables and result.json: the load in this target's terms ("10k msg/s", "150 clients"). */
    default String label(Load load) {
        return StepLabels.label(load);
    }

    /** The target's own options, for {@code result.json}'s config and its hash. */
    Map<String, Object> options();

    /**
     * Starts one repetition's machinery for {@code context.variant()}: agents, servers, connections. Called
     * on the orchestrating thread; threads it starts must come from {@code context.threads()} so they
     * are pinned and reported. It may block (connect, wait for a server) but should return within seconds; a failure
     * thrown here FAILs the repetition with its message.
     */
    Session open(SessionContext context) throws Exception;
}
