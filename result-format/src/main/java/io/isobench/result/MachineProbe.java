package io.isobench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
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
     * The share of the measured CPUs' time this probe saw stalled: each CPU's stalled time over the probe's length (at
     * most all of it: a stall that outlasts the probe is counted whole), summed over the CPUs, since a stall of any
     * measured thread holds messages up; so with two CPUs it can reach 2. About that share of a window's
     * messages meet a stall, so from the percentile {@code 100 × (1 − share)} up the latency is the host's stalls.
     * NaN without a jitter figure.
     */
    @JsonIgnore
    public double stalledShare() {
        if (jitter == null) {
            return Double.NaN;
        }
        double share = 0;
        boolean measured = false;
        for (Jitter j : jitter) {
            if (j.durationNanos() > 0) {
                share += Math.min(1, (double) j.stalledNanos() / j.durationNanos());
                measured = true;
            }
        }
        return measured ? share : Double.NaN;
    }

    /** {@link #stalledShare()} of the probes before and after a window, averaged (either alone); NaN without either. */
    public static double stalledShareAround(MachineProbe before, MachineProbe after) {
        return meanAround(before, after, MachineProbe::stalledShare);
    }

    /**
     * The core-to-core one-way p50 of the probes before and after a window, averaged (either alone); NaN without
     * either.
     */
    public static double coreToCoreAround(MachineProbe before, MachineProbe after) {
        return meanAround(
                before,
                after,
                probe -> probe.coreToCore() != null && probe.coreToCore().p50() > 0
                        ? probe.coreToCore().p50()
                        : Double.NaN);
    }

    /** A figure of the probes before and after a window, averaged over those that have it (not NaN); NaN if none do. */
    private static double meanAround(
            MachineProbe before, MachineProbe after, java.util.function.ToDoubleFunction<MachineProbe> figure) {
        double sum = 0;
        int probes = 0;
        for (MachineProbe probe : new MachineProbe[] {before, after}) {
            double value = probe == null ? Double.NaN : figure.applyAsDouble(probe);
            if (!Double.isNaN(value)) {
                sum += value;
                probes++;
            }
        }
        return probes == 0 ? Double.NaN : sum / probes;
    }

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
