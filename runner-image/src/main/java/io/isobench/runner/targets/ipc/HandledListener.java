package io.isobench.runner.targets.ipc;

/**
 * The consumer's answer on the second queue: when it was called with the order stamped {@code intendedNanos}.
 * Both are {@code System.nanoTime()} values, CLOCK_MONOTONIC on Linux, comparable between processes on one host.
 */
public interface HandledListener {
    void handled(long intendedNanos, long handledNanos);
}
