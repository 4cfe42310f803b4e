package io.isobench.runner.harness;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import java.util.List;
import java.util.Map;

/**
 * The one SPI every benchmark target implements. The rig paces, stamps, times, probes and writes
 * results; a target only moves messages and tells the rig when they complete (through the
 * {@link LatencyRecorder}s it takes from the {@link Recording}).
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
     * are pinned and reported.
     */
    Session open(SessionContext context) throws Exception;
}
