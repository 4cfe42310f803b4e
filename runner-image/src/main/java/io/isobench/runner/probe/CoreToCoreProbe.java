package io.isobench.runner.probe;

import io.isobench.result.Histograms;
import io.isobench.result.MachineProbe;
import io.isobench.runner.platform.Affinity;
import io.isobench.runner.platform.PaddedLong;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Cache-line ping-pong between two threads pinned to two CPUs: the floor under any cross-thread hop.
 * Each sample is a batch of round trips timed together (so the clock read is amortised), halved into a
 * one-way figure. On VMs the answer depends on where the host placed the vCPUs and can change mid-run,
 * which is why it is measured before every repetition.
 */
public final class CoreToCoreProbe {

    private static final int ROUND_TRIPS_PER_SAMPLE = 8;

    private CoreToCoreProbe() {}

    public static MachineProbe.CoreToCore measure(int cpuA, int cpuB, long durationNanos) throws InterruptedException {
        PaddedLong ping = new PaddedLong();
        PaddedLong pong = new PaddedLong();
        AtomicReference<Throwable> error = new AtomicReference<>();
        Thread responder = Thread.ofPlatform()
                .daemon()
                .name("isobench-probe-c2c-" + cpuB)
                .start(() -> {
                    try {
                        pinIfPossible(cpuB);
                        long expect = 1;
                        while (true) {
                            long v = ping.getAcquire();
                            if (v < 0) {
                                return; // stop signal
                            }
                            if (v < expect) {
                                Thread.onSpinWait();
                                continue;
                            }
                            pong.setRelease(v);
                            expect = v + 1;
                        }
                    } catch (Throwable t) {
                        error.set(t);
                    }
                });
        Histogram oneWay = Histograms.newLatencyHistogram();
        AtomicReference<Histogram> result = new AtomicReference<>();
        Thread initiator = Thread.ofPlatform()
                .daemon()
                .name("isobench-probe-c2c-" + cpuA)
                .start(() -> {
                    try {
                        pinIfPossible(cpuA);
                        long seq = 0;
                        long deadline = System.nanoTime() + durationNanos;
                        long now = System.nanoTime();
                        while (now < deadline) {
                            long t0 = now;
                            for (int i = 0; i < ROUND_TRIPS_PER_SAMPLE; i++) {
                                ping.setRelease(++seq);
                                while (pong.getAcquire() != seq) {
                                    Thread.onSpinWait();
                                }
                            }
                            now = System.nanoTime();
                            oneWay.recordValue(Math.max(1, (now - t0) / (2L * ROUND_TRIPS_PER_SAMPLE)));
                        }
                        result.set(oneWay);
                    } catch (Throwable t) {
                        error.set(t);
                    } finally {
                        ping.setRelease(-1L);
                    }
                });
        initiator.join(durationNanos / 1_000_000 + 10_000);
        ping.setRelease(-1L);
        responder.join(5_000);
        if (error.get() != null) {
            throw new IllegalStateException("core-to-core probe failed: " + error.get(), error.get());
        }
        Histogram h = result.get();
        if (h == null) {
            throw new IllegalStateException("core-to-core probe did not finish (a CPU may be fully occupied)");
        }
        return new MachineProbe.CoreToCore(
                cpuA,
                cpuB,
                durationNanos,
                h.getTotalCount(),
                h.getValueAtPercentile(10),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(90),
                h.getMaxValue());
    }

    static void pinIfPossible(int cpu) {
        if (Affinity.unavailableReason().isEmpty()) {
            Affinity.pinCurrentThread(List.of(cpu));
        }
    }
}
