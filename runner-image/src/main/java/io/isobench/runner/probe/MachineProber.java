package io.isobench.runner.probe;

import io.isobench.result.MachineProbe;
import java.util.List;

/** Runs the core-to-core and jitter probes on the measured CPUs before a repetition. */
public final class MachineProber {

    private final long durationNanos;

    /** @param durationNanos per probe; 0 disables probing */
    public MachineProber(long durationNanos) {
        this.durationNanos = durationNanos;
    }

    public boolean enabled() {
        return durationNanos > 0;
    }

    /** Probes {@code cpus} (the measured threads' CPUs); null when disabled or no CPU is known. */
    public MachineProbe probe(List<Integer> cpus) throws InterruptedException {
        if (!enabled() || cpus.isEmpty()) {
            return null;
        }
        MachineProbe.CoreToCore c2c =
                cpus.size() >= 2 ? CoreToCoreProbe.measure(cpus.get(0), cpus.get(1), durationNanos) : null;
        List<MachineProbe.Jitter> jitter = JitterProbe.measure(cpus, durationNanos);
        return new MachineProbe(c2c, jitter);
    }
}
