package io.isobench.runner.probe;

import io.isobench.result.MachineProbe;
import java.util.ArrayList;
import java.util.List;

/**
 * A thread per CPU spinning on the clock: every gap between two consecutive readings is time the thread
 * did not run (host preemption, interrupts, other tasks). The longest gap is the stall a measured
 * thread on that CPU could have suffered.
 */
public final class JitterProbe {

    static final long STALL_THRESHOLD_NANOS = 10_000;

    private JitterProbe() {}

    public static List<MachineProbe.Jitter> measure(List<Integer> cpus, long durationNanos)
            throws InterruptedException {
        MachineProbe.Jitter[] results = new MachineProbe.Jitter[cpus.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < cpus.size(); i++) {
            int slot = i;
            int cpu = cpus.get(i);
            threads.add(Thread.ofPlatform()
                    .daemon()
                    .name("isobench-probe-jitter-" + cpu)
                    .start(() -> {
                        CoreToCoreProbe.pinIfPossible(cpu);
                        results[slot] = spin(cpu, durationNanos);
                    }));
        }
        for (Thread t : threads) {
            t.join(durationNanos / 1_000_000 + 10_000);
        }
        List<MachineProbe.Jitter> out = new ArrayList<>();
        for (MachineProbe.Jitter j : results) {
            if (j != null) {
                out.add(j);
            }
        }
        return out;
    }

    static MachineProbe.Jitter spin(int cpu, long durationNanos) {
        long start = System.nanoTime();
        long deadline = start + durationNanos;
        long last = start;
        long maxGap = 0;
        long stalls = 0;
        long stalled = 0;
        long now;
        while ((now = System.nanoTime()) < deadline) {
            long gap = now - last;
            if (gap > STALL_THRESHOLD_NANOS) {
                stalls++;
                stalled += gap;
            }
            if (gap > maxGap) {
                maxGap = gap;
            }
            last = now;
        }
        return new MachineProbe.Jitter(cpu, durationNanos, maxGap, stalls, stalled);
    }
}
