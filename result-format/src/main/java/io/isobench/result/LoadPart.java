package io.isobench.result;

/**
 * One of the processes (pods) that made a run's load together ({@code --parallelism}): where it ran. Part 0 coordinated
 * the others and wrote result.json; its environment is also the run's own {@code environment}.
 *
 * @param part        0-based index; part {@code k} sent its share of every step's load
 * @param environment where it ran: host, CPUs granted, JVM, and its pod and node when the operator ran it
 */
public record LoadPart(int part, Environment environment) {}
