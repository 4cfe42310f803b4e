package io.isobench.runner.harness;

import io.isobench.result.MachineProbe;
import io.isobench.result.NoiseSignals;
import io.isobench.runner.platform.HostSignals;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A {@link NoiseSource} that reports what a test scripts: per attempt, the probe before and after (quiet unless
 * scripted) and how much the host's counters rose over the window. Scripted attempts are used in order; then quiet.
 */
final class ScriptedNoise implements NoiseSource {

    static final long QUIET_STALL = 20_000;
    static final long QUIET_C2C = 70;

    /** One attempt's noise: stalls seen by the probes, core-to-core p50s, and the counters' rise over the window. */
    record Attempt(
            long stallBefore,
            long stallAfter,
            long c2cBefore,
            long c2cAfter,
            long throttled,
            long stealTicks,
            long involuntarySwitches) {

        static Attempt quiet() {
            return new Attempt(QUIET_STALL, QUIET_STALL, QUIET_C2C, QUIET_C2C, 0, 0, 0);
        }

        Attempt stallBefore(long nanos) {
            return new Attempt(nanos, stallAfter, c2cBefore, c2cAfter, throttled, stealTicks, involuntarySwitches);
        }

        Attempt coreToCore(long before, long after) {
            return new Attempt(stallBefore, stallAfter, before, after, throttled, stealTicks, involuntarySwitches);
        }

        Attempt throttled(long periods) {
            return new Attempt(stallBefore, stallAfter, c2cBefore, c2cAfter, periods, stealTicks, involuntarySwitches);
        }
    }

    private final Deque<Attempt> script = new ArrayDeque<>();
    private Attempt forever;
    private Attempt current;
    private boolean afterWindow;
    private boolean probedBefore;
    int probes;
    int signalReads;

    ScriptedNoise(Attempt... attempts) {
        script.addAll(List.of(attempts));
    }

    /** Noisy for ever: every attempt is {@code attempt}. */
    static ScriptedNoise always(Attempt attempt) {
        ScriptedNoise noise = new ScriptedNoise();
        noise.forever = attempt;
        return noise;
    }

    @Override
    public synchronized MachineProbe probe(List<Integer> cpus) {
        probes++;
        if (!probedBefore) {
            // the probe before a repetition starts an attempt
            current = !script.isEmpty() ? script.poll() : forever != null ? forever : Attempt.quiet();
            probedBefore = true;
            afterWindow = false;
            return probe(cpus, current.stallBefore(), current.c2cBefore());
        }
        probedBefore = false;
        return probe(cpus, current.stallAfter(), current.c2cAfter());
    }

    private static MachineProbe probe(List<Integer> cpus, long stall, long c2c) {
        int a = cpus.isEmpty() ? 0 : cpus.getFirst();
        return new MachineProbe(
                new MachineProbe.CoreToCore(a, a + 1, 1_000_000, 1000, c2c, c2c, c2c, c2c * 10),
                // a 1 s jitter probe that saw this one stall
                List.of(new MachineProbe.Jitter(a, 1_000_000_000, stall, stall > 10_000 ? 1 : 0, stall)));
    }

    @Override
    public synchronized HostSignals.Snapshot signals(List<Integer> cpus, Map<String, Integer> threadIds) {
        signalReads++;
        boolean after = afterWindow;
        afterWindow = true;
        int cpu = cpus.isEmpty() ? 0 : cpus.getFirst();
        long throttled = after ? current.throttled() : 0;
        Map<String, long[]> switches = new java.util.LinkedHashMap<>();
        threadIds
                .keySet()
                .forEach(role -> switches.put(role, new long[] {0, after ? current.involuntarySwitches() : 0}));
        return new HostSignals.Snapshot(
                System.nanoTime(),
                List.of(cpu),
                new NoiseSignals.Throttling(
                        "/sys/fs/cgroup/cpu.stat", after ? 100 : 0, throttled, throttled * 5_000_000),
                Map.of(cpu, after ? current.stealTicks() : 0L),
                Map.of(cpu, Map.of("CAL", 0L)),
                switches,
                Map.of(),
                null,
                List.of());
    }
}
