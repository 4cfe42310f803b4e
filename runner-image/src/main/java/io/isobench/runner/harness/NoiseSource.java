package io.isobench.runner.harness;

import io.isobench.result.MachineProbe;
import io.isobench.runner.platform.HostSignals;
import io.isobench.runner.probe.MachineProber;
import java.util.List;
import java.util.Map;

/**
 * Where a repetition learns how noisy the host was: the jitter and core-to-core probes run before and after it,
 * and the kernel's counters read at its window's edges. The system one reads the machine; tests script one.
 */
public interface NoiseSource {

    /** Probes the measured {@code cpus} (they must be idle); null when probing is off. */
    MachineProbe probe(List<Integer> cpus) throws InterruptedException;

    /** The host's counters for {@code cpus} and the measured threads ({@code threadIds}: role → OS thread id), now. */
    HostSignals.Snapshot signals(List<Integer> cpus, Map<String, Integer> threadIds);

    /** The machine itself: probes of {@code probeNanos} each (0: none), counters from /proc and the cgroup filesystem. */
    static NoiseSource system(long probeNanos) {
        MachineProber prober = new MachineProber(probeNanos);
        HostSignals host = HostSignals.system();
        return new NoiseSource() {
            @Override
            public MachineProbe probe(List<Integer> cpus) throws InterruptedException {
                return prober.probe(cpus);
            }

            @Override
            public HostSignals.Snapshot signals(List<Integer> cpus, Map<String, Integer> threadIds) {
                return host.read(cpus, threadIds);
            }
        };
    }
}
