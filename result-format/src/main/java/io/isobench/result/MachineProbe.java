package io.isobench.result;

import java.util.List;

/**
 * The state of the machine just before (and, as {@code probeAfter}, just after) a repetition, so a slow machine can be
 * told from a slow target.
 *
 * @param coreToCore cache-line ping-pong between the two measured CPUs; null with fewer than two CPUs
 * @param jitter     per measured CPU, the longest stall a spinning thread saw
 */
public record MachineProbe(CoreToCore coreToCore, List<Jitter> jitter) {

    /**
     * One-way core-to-core latency (round trip / 2) between two pinned threads, in nanoseconds. On VMs
     * this is often bimodal, depending on where the host placed the vCPUs; p10 and p90 expose that.
     */
    public record CoreToCore(
            int cpuA, int cpuB, long durationNanos, long samples, long p10, long p50, long p90, long max) {}

    /**
     * A thread spinning on the clock for {@code durationNanos}: the longest gap it saw between two
     * readings and how many gaps exceeded 10 µs (host preemption, interrupts, SMIs).
     */
    public record Jitter(int cpu, long durationNanos, long maxStallNanos, long stallsOver10us, long stalledNanos) {}
}
