package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.MachineProbe;
import io.isobench.result.NoiseSignals;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NoiseGateTest {

    static final long MS = 1_000_000;

    static MachineProbe probe(long c2cP50, long stall) {
        return new MachineProbe(
                new MachineProbe.CoreToCore(0, 1, MS, 1000, c2cP50, c2cP50, c2cP50, c2cP50 * 4),
                List.of(
                        new MachineProbe.Jitter(0, MS, stall, 1, stall),
                        new MachineProbe.Jitter(1, MS, 15_000, 1, 15_000)));
    }

    static NoiseSignals quiet(List<NoiseSignals.ThreadNoise> threads, long interrupts) {
        return new NoiseSignals(
                10_000 * MS,
                new NoiseSignals.Throttling("/sys/fs/cgroup/cpu.stat", 100, 0, 0),
                List.of(
                        new NoiseSignals.CpuNoise(0, 0L, interrupts, Map.of("CAL", interrupts)),
                        new NoiseSignals.CpuNoise(1, null, null, Map.of())),
                threads,
                0L,
                List.of());
    }

    @ParameterizedTest(name = "{0} ns → {1} ns changed: {2}")
    @CsvSource({
        "70, 275, true",
        "275, 70, true",
        "70, 90, false",
        "70, 104, false",
        "70, 105, false",
        "70, 106, true",
        "20, 35, false",
        "20, 40, false",
        "20, 41, true",
        "20, 45, true",
        "400, 610, true"
    })
    void theCoreToCoreStateChangedWhenOneModeIsOneAndAHalfTimesTheOtherAndMoreThan20nsApart(
            long before, long after, boolean changed) {
        List<String> found = NoiseGate.findings(Duration.ZERO, probe(before, 0), probe(after, 0), null);
        assertThat(found.isEmpty()).isEqualTo(!changed);
    }

    /** A probe of two CPUs over 500 ms that saw each stalled for the given share of the time. */
    static MachineProbe stalled(double cpu0, double cpu1) {
        long duration = 500 * MS;
        return new MachineProbe(
                null,
                List.of(
                        new MachineProbe.Jitter(0, duration, MS, 10, Math.round(cpu0 * duration)),
                        new MachineProbe.Jitter(1, duration, MS, 10, Math.round(cpu1 * duration))));
    }

    @Test
    void theProbesStalledShareNamesThePercentileFromWhichTheLatencyIsTheHosts() {
        // 3 % before, 2 % after (the CPUs summed: a stall of either measured thread holds messages up)
        assertThat(NoiseGate.hostsPercentiles(stalled(0.02, 0.01), stalled(0.01, 0.01)))
                .isEqualTo("the jitter probes around the window saw the measured CPUs stalled 2.5% of the time: about"
                        + " as many of the messages met a stall, so from about p97.5 up the latency percentiles are the"
                        + " host's stalls, not the target's");
        assertThat(NoiseGate.hostsPercentiles(stalled(0.9, 0.6), stalled(0.5, 0.5)))
                .as("a share of the CPUs summed reaching all of the time: no percentile is left to the target")
                .isEqualTo("the jitter probes around the window saw the measured CPUs stalled 125.0% of the time"
                        + " (summed over them): any of the latency percentiles may be the host's stalls, not the"
                        + " target's");
        assertThat(NoiseGate.hostsPercentiles(new MachineProbe(null, List.of()), null))
                .as("no jitter figure")
                .isNull();
        assertThat(NoiseGate.hostsPercentiles(null, null)).isNull();
    }

    @ParameterizedTest(name = "before {0}+{1}, after {2}+{3}: {4}")
    @CsvSource(
            delimiter = ';',
            value = {
                // the probe before alone
                "0.3; 0.3; ; ; stalled 60.0% of the time: about as many of the messages met a stall, so from about p40 up",
                // the probe after alone; rounded down, p97.77 is named p97.7
                "; ; 0.0123; 0.01; stalled 2.2% of the time: about as many of the messages met a stall, so from about p97.7 up",
                "0.6; 0.39; 0.5; 0.5; stalled 99.5% of the time: about as many of the messages met a stall, so from about p0.5 up",
                "0.6; 0.4; 0.5; 0.5; stalled 100.0% of the time (summed over them): any of the latency percentiles",
                // a stall that outlasts the probe counts as all of its time, not more
                "3; 0; ; ; stalled 100.0% of the time (summed over them)",
                // 0.1 %: the p99.9, the highest percentile reported, is the host's
                "0.0005; 0.0005; 0.0005; 0.0005; stalled 0.1% of the time: about as many of the messages met a stall, so from about p99.9 up",
                // less than 0.1 %: no percentile reported is the host's
                "0.0005; 0.00049; 0.0005; 0.00049; ",
            })
    void theShareAndThePercentileNamed(Double before0, Double before1, Double after0, Double after1, String expected) {
        String note = NoiseGate.hostsPercentiles(
                before0 == null ? null : stalled(before0, before1), after0 == null ? null : stalled(after0, after1));
        if (expected == null) {
            assertThat(note).isNull();
        } else {
            assertThat(note).contains(expected);
        }
    }

    @Test
    void stallsAreJudgedOnlyAgainstABudget() {
        assertThat(NoiseGate.findings(Duration.ZERO, probe(70, 50 * MS), probe(70, 0), null))
                .isEmpty();
        assertThat(NoiseGate.findings(Duration.ofMillis(1), probe(70, 50 * MS), probe(70, 0), null))
                .containsExactly("the jitter probe before saw a 50 ms stall on CPU 0 (budget 1ms)");
        assertThat(NoiseGate.findings(Duration.ofMillis(1), probe(70, 900_000), probe(70, 1_000_000), null))
                .as("at the budget is within it")
                .isEmpty();
        assertThat(NoiseGate.findings(Duration.ofMillis(1), probe(70, 0), probe(70, 2 * MS), null))
                .containsExactly("the jitter probe after saw a 2 ms stall on CPU 0 (budget 1ms)");
    }

    @Test
    void aSenderIsPreemptedPastItsAllowanceOnlyAndOnlyItsOwnThreadCounts() {
        var sender = new NoiseSignals.ThreadNoise("client", 0, true, 21L, 0L, null);
        assertThat(NoiseGate.preempted(quiet(List.of(sender), 0), "client"))
                .isEqualTo("its thread was switched out involuntarily 21 times in 10.0 s");
        assertThat(NoiseGate.preempted(
                        quiet(List.of(new NoiseSignals.ThreadNoise("client", 0, true, 20L, 0L, null)), 0), "client"))
                .as("2/s over 10 s is within the allowance")
                .isNull();
        assertThat(NoiseGate.preempted(quiet(List.of(sender), 0), "agent"))
                .as("another role's switches")
                .isNull();
        assertThat(NoiseGate.preempted(null, "client")).as("counters not read").isNull();
    }

    @Test
    void interruptsCountPastTheirAllowancePerSecond() {
        assertThat(NoiseGate.findings(Duration.ofMillis(1), null, null, quiet(List.of(), 20_000)))
                .as("2,000/s over 10 s")
                .isEmpty();
        assertThat(NoiseGate.findings(Duration.ofMillis(1), null, null, quiet(List.of(), 20_001)))
                .containsExactly(
                        "CPU 0 took 20,001 interrupts besides its timer in 10.0 s (CAL 20,001; allowance 2,000/s)");
    }

    @Test
    void involuntarySwitchesCountOnlyForAThreadPinnedAloneOnItsCpu() {
        var alone = new NoiseSignals.ThreadNoise("agent", 1, true, 21L, 0L, null);
        var unpinned = new NoiseSignals.ThreadNoise("publisher", 0, false, 500L, 0L, null);
        assertThat(NoiseGate.findings(Duration.ofMillis(1), null, null, quiet(List.of(alone, unpinned), 0)))
                .containsExactly(
                        "thread agent (pinned to CPU 1) was switched out involuntarily 21 times in 10.0 s (allowance 2/s)");
        var withinAllowance = new NoiseSignals.ThreadNoise("agent", 1, true, 20L, 0L, null);
        assertThat(NoiseGate.findings(Duration.ofMillis(1), null, null, quiet(List.of(withinAllowance), 0)))
                .isEmpty();
        var sharing = List.of(
                new NoiseSignals.ThreadNoise("client", 1, true, 900L, 0L, null),
                new NoiseSignals.ThreadNoise("server", 1, true, 900L, 0L, null));
        assertThat(NoiseGate.findings(Duration.ofMillis(1), null, null, quiet(sharing, 0)))
                .as("two measured threads take turns on one CPU by design")
                .isEmpty();
        assertThat(NoiseGate.preempted(quiet(List.of(unpinned), 0), "publisher"))
                .isEqualTo("its thread was switched out involuntarily 500 times in 10.0 s");
    }

    @Test
    void theHostsHoldIsTheLongestAThreadPinnedAloneWaitedForItsCpuPlusWhatWasStolenFromIt() {
        var publisher = new NoiseSignals.ThreadNoise("publisher", 0, true, 40L, 0L, 30 * MS);
        var agent = new NoiseSignals.ThreadNoise("agent", 1, true, 3L, 0L, 35 * MS);
        var stolenFromCpu0 = new NoiseSignals(
                10_000 * MS,
                null,
                List.of(
                        new NoiseSignals.CpuNoise(0, 10 * MS, 0L, Map.of()),
                        new NoiseSignals.CpuNoise(1, 0L, 0L, Map.of())),
                List.of(publisher, agent),
                4 * MS,
                List.of());
        assertThat(NoiseGate.hostHold(stolenFromCpu0))
                .as("the runner's own other threads' 4 ms may have been any of the waits")
                .isEqualTo(new Verdicts.HostHold(
                        36 * MS,
                        "thread publisher (pinned to CPU 0) waited 30 ms for its CPU while other threads ran there, of"
                                + " which the runner's own other threads ran 4 ms at most and lost 10 ms its CPU's"
                                + " hypervisor stole"));
        assertThat(NoiseGate.hostHold(quiet(List.of(publisher, agent), 0)))
                .as("nothing stolen: the agent waited longest")
                .isEqualTo(new Verdicts.HostHold(
                        35 * MS,
                        "thread agent (pinned to CPU 1) waited 35 ms for its CPU while other threads ran there, of which"
                                + " the runner's own other threads ran 0 ns at most"));
        var ownThreadsBusier =
                new NoiseSignals(10_000 * MS, null, List.of(), List.of(publisher, agent), 35 * MS, List.of());
        assertThat(NoiseGate.hostHold(ownThreadsBusier))
                .as("the runner's own threads ran as long as either waited: the wait may all be theirs")
                .isNull();
        var stolenOnly = new NoiseSignals(
                10_000 * MS,
                null,
                List.of(new NoiseSignals.CpuNoise(1, 20 * MS, 0L, Map.of())),
                List.of(publisher, new NoiseSignals.ThreadNoise("agent", 1, true, 3L, 0L, null)),
                30 * MS,
                List.of());
        assertThat(NoiseGate.hostHold(stolenOnly))
                .as(
                        "the publisher's wait may all be the runner's own threads'; the agent's CPU lost 20 ms to the hypervisor")
                .isEqualTo(new Verdicts.HostHold(
                        20 * MS, "thread agent (pinned to CPU 1) lost 20 ms its CPU's hypervisor stole"));
        var waitAndStealBeatAWaitAlone = new NoiseSignals(
                10_000 * MS,
                null,
                List.of(new NoiseSignals.CpuNoise(1, 15 * MS, 0L, Map.of())),
                List.of(
                        new NoiseSignals.ThreadNoise("publisher", 0, true, 40L, 0L, 30 * MS),
                        new NoiseSignals.ThreadNoise("agent", 1, true, 3L, 0L, 20 * MS)),
                0L,
                List.of());
        assertThat(NoiseGate.hostHold(waitAndStealBeatAWaitAlone).nanos()).isEqualTo(35 * MS);
        var tie = new NoiseSignals(
                10_000 * MS,
                null,
                List.of(),
                List.of(
                        new NoiseSignals.ThreadNoise("publisher", 0, true, 40L, 0L, 30 * MS),
                        new NoiseSignals.ThreadNoise("agent", 1, true, 3L, 0L, 30 * MS)),
                0L,
                List.of());
        assertThat(NoiseGate.hostHold(tie).what()).as("a tie names the first").startsWith("thread publisher");
        var ownThreadsUnknown = new NoiseSignals(10_000 * MS, null, List.of(), List.of(publisher), null, List.of());
        assertThat(NoiseGate.hostHold(ownThreadsUnknown))
                .as("whose the wait was cannot be told")
                .isNull();
        var sharing = List.of(
                new NoiseSignals.ThreadNoise("client", 1, true, 900L, 0L, 400 * MS),
                new NoiseSignals.ThreadNoise("server", 1, true, 900L, 0L, 400 * MS),
                new NoiseSignals.ThreadNoise("unpinned", 0, false, 900L, 0L, 400 * MS));
        assertThat(NoiseGate.hostHold(quiet(sharing, 0)))
                .as("threads that take turns on one CPU wait for each other; an unpinned one for anyone")
                .isNull();
        assertThat(NoiseGate.hostHold(quiet(List.of(new NoiseSignals.ThreadNoise("agent", 1, true, 0L, 0L, null)), 0)))
                .as("schedstat unreadable and nothing stolen")
                .isNull();
        assertThat(NoiseGate.hostHold(null)).isNull();
    }

    @Test
    void anyStealOrThrottlingCounts() {
        var signals = new NoiseSignals(
                10_000 * MS,
                new NoiseSignals.Throttling("/sys/fs/cgroup/cpu.stat", 100, 1, 4 * MS),
                List.of(new NoiseSignals.CpuNoise(0, 10 * MS, 0L, Map.of())),
                List.of(),
                0L,
                List.of());
        assertThat(NoiseGate.findings(Duration.ofMillis(1), null, null, signals))
                .containsExactly(
                        "the cgroup was CPU-throttled in 1 of 100 CFS periods, 4 ms in all (/sys/fs/cgroup/cpu.stat)",
                        "the hypervisor stole 10 ms from CPU 0 in 10.0 s");
    }
}
