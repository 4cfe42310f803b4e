package io.isobench.runner.harness;

/**
 * Where the load parts of one repetition wait for each other: each has probed its CPUs and opened its session, none has
 * started its warm-up. Passing it together is what makes the parts' measured windows one window.
 */
@FunctionalInterface
public interface StartGate {

    /** A process alone: nothing to wait for. */
    StartGate NONE = () -> {};

    /** Returns when this part may start sending; called on the orchestrating thread, with the session open. */
    void pass() throws InterruptedException;
}
