package io.isobench.result;

/**
 * Where one measured thread was pinned, or why it could not be.
 *
 * @param role    the thread's job: publisher, agent, client, server…
 * @param cpu     the CPU it was asked to run on; null when no CPU was left for it
 * @param applied whether the affinity call succeeded and the thread reads it back as its only CPU
 * @param detail  the error or the affinity read back, for the reader who wants to check
 */
public record Pinning(String role, Integer cpu, boolean applied, String detail) {}
