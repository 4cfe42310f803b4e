package io.isobench.runner.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.NoiseSignals;
import io.isobench.result.Pinning;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostSignalsTest {

    static HostSignals fixture(String name) throws Exception {
        return new HostSignals(Path.of(
                HostSignalsTest.class.getResource("/host-signals/" + name).toURI()));
    }

    @Test
    void readsCgroupV1ThrottlingThroughTheControllersMountAsAContainerSeesIt() throws Exception {
        List<String> unavailable = new ArrayList<>();
        NoiseSignals.Throttling t = fixture("cgroup-v1").throttling(unavailable);

        assertThat(unavailable).isEmpty();
        assertThat(t)
                .isEqualTo(new NoiseSignals.Throttling("/sys/fs/cgroup/cpu,cpuacct/cpu.stat", 1200, 3, 12_500_000));
    }

    @Test
    void readsCgroupV2ThrottlingInMicrosecondsUnderTheProcessesOwnCgroup() throws Exception {
        List<String> unavailable = new ArrayList<>();
        NoiseSignals.Throttling t = fixture("cgroup-v2").throttling(unavailable);

        assertThat(unavailable).isEmpty();
        assertThat(t)
                .isEqualTo(new NoiseSignals.Throttling(
                        "/sys/fs/cgroup/kubepods.slice/kubepods-pod1.slice/cri-containerd-abc.scope/cpu.stat",
                        50,
                        7,
                        42_000_000));
    }

    @Test
    void aCgroupV2WithoutTheCpuControllerIsUnavailableAndSaysWhy() throws Exception {
        List<String> unavailable = new ArrayList<>();
        assertThat(fixture("cgroup-v2-no-cpu").throttling(unavailable)).isNull();
        assertThat(unavailable)
                .containsExactly(
                        "cgroup throttling: /sys/fs/cgroup/user.slice/cpu.stat has no nr_throttled/throttled_usec "
                                + "(the cpu controller is not enabled for this cgroup)");
    }

    @Test
    void stealAndInterruptsComeFromTheMeasuredCpusColumnsOnlyAndLeaveTheTimerOut() throws Exception {
        HostSignals host = fixture("cgroup-v1");
        List<String> unavailable = new ArrayList<>();

        assertThat(host.steal(List.of(1, 3), unavailable)).containsExactly(Map.entry(1, 32L), Map.entry(3, 7L));
        Map<Integer, Map<String, Long>> interrupts = host.interrupts(List.of(1, 3), unavailable);
        assertThat(interrupts.get(3))
                .containsEntry("39 virtio1-input.0", 500L)
                .containsEntry("RES", 12L)
                .containsEntry("CAL", 4L)
                .doesNotContainKey("LOC")
                .doesNotContainKey("ERR");
        assertThat(interrupts.get(1)).containsEntry("TLB", 263_366L).containsEntry("0 timer", 0L);
        assertThat(unavailable).isEmpty();
    }

    @Test
    void aCpuMissingFromTheFilesIsUnavailableNotAnError() throws Exception {
        HostSignals.Snapshot s = fixture("cgroup-v1").read(List.of(2), Map.of("agent", 4242, "publisher", 9999));

        assertThat(s.stealTicks()).isEmpty();
        assertThat(s.interrupts()).isEmpty();
        assertThat(s.switches()).containsOnlyKeys("agent");
        assertThat(s.switches().get("agent")).containsExactly(150, 7);
        assertThat(s.schedstat()).containsOnlyKeys("agent");
        assertThat(s.schedstat().get("agent")).containsExactly(5_120_000_000L, 98_765_432L);
        assertThat(s.processCpu())
                .as("utime + stime, after a command name holding spaces and parentheses")
                .isEqualTo(1801);
        assertThat(s.unavailable())
                .containsExactlyInAnyOrder(
                        "steal time of CPU 2: /proc/stat has no cpu2 line with a steal column",
                        "interrupts of CPU 2: /proc/interrupts has no CPU2 column",
                        "time publisher waited for its CPU: /proc/self/task/9999/schedstat is unreadable (a kernel"
                                + " without CONFIG_SCHED_INFO)",
                        "context switches of publisher: /proc/self/task/9999/status is unreadable or has no ctxt_switches lines");
    }

    @Test
    void nothingReadableMeansEverythingUnavailableAndNoException(@TempDir Path empty) {
        java.util.Map<String, Integer> threads = new java.util.HashMap<>();
        threads.put("client", null);
        HostSignals.Snapshot s = new HostSignals(empty).read(List.of(0), threads);

        assertThat(s.throttling()).isNull();
        assertThat(s.unavailable())
                .containsExactly(
                        "cgroup throttling: /proc/self/cgroup is unreadable",
                        "steal time: /proc/stat is unreadable",
                        "interrupts: /proc/interrupts is unreadable",
                        "context switches of client: its thread id is unknown",
                        "CPU time of the process: /proc/self/stat is unreadable or has no utime/stime");
        NoiseSignals delta = HostSignals.delta(s, s, List.of(new Pinning("client", 0, true, "0")));
        assertThat(delta.cpus()).singleElement().satisfies(c -> {
            assertThat(c.stealNanos()).isNull();
            assertThat(c.interrupts()).isNull();
        });
        assertThat(delta.threads())
                .singleElement()
                .satisfies(t -> assertThat(t.involuntarySwitches()).isNull());
    }

    @Test
    void garbageInTheFilesIsSkippedNotThrown(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("proc/self"));
        Files.writeString(
                root.resolve("proc/stat"),
                "cpu0 a b c\ncpuX 1 2 3 4 5 6 7 8\ncpu0 1 2 3 4 5 6 7 99999999999999999999999\n");
        Files.writeString(root.resolve("proc/interrupts"), "CPUx CPU0\n LOC: x 5\n 7: 1 z\n");
        Files.writeString(root.resolve("proc/self/cgroup"), "garbage\n");
        Files.writeString(root.resolve("proc/self/mountinfo"), "also garbage\n");

        HostSignals.Snapshot s = new HostSignals(root).read(List.of(0), Map.of());

        assertThat(s.stealTicks()).isEmpty();
        assertThat(s.throttling()).isNull();
        assertThat(s.unavailable())
                .contains(
                        "cgroup throttling: no cgroup v1 cpu controller or cgroup v2 hierarchy of this process is mounted");
    }

    @Test
    void theDeltaIsWhatRoseBetweenTheReadingsWithTheLargestInterruptSources() {
        var before = new HostSignals.Snapshot(
                1_000_000_000L,
                List.of(0, 1),
                new NoiseSignals.Throttling("/c/cpu.stat", 10, 1, 5_000_000),
                Map.of(0, 100L, 1, 200L),
                Map.of(0, Map.of("CAL", 10L, "TLB", 5L, "RES", 1L, "39 eth0", 0L), 1, Map.of("CAL", 1L)),
                Map.of("publisher", new long[] {3, 4}, "agent", new long[] {0, 0}),
                Map.of("publisher", new long[] {1_000_000_000L, 1_000_000L}, "agent", new long[] {500_000_000L, 0}),
                1000L,
                List.of());
        var after = new HostSignals.Snapshot(
                3_000_000_000L,
                List.of(0, 1),
                new NoiseSignals.Throttling("/c/cpu.stat", 30, 3, 9_000_000),
                Map.of(0, 100L, 1, 203L),
                Map.of(0, Map.of("CAL", 110L, "TLB", 55L, "RES", 3L, "39 eth0", 3L), 1, Map.of("CAL", 1L)),
                Map.of("publisher", new long[] {3, 9}, "agent", new long[] {1, 0}),
                Map.of("publisher", new long[] {1_800_000_000L, 41_000_000L}, "agent", new long[] {1_500_000_000L, 5}),
                1200L,
                List.of());

        NoiseSignals d = HostSignals.delta(
                before, after, List.of(new Pinning("publisher", 0, true, "0"), new Pinning("agent", 1, true, "1")));

        assertThat(d.spanNanos()).isEqualTo(2_000_000_000L);
        assertThat(d.throttling()).isEqualTo(new NoiseSignals.Throttling("/c/cpu.stat", 20, 2, 4_000_000));
        assertThat(d.cpus())
                .containsExactly(
                        new NoiseSignals.CpuNoise(0, 0L, 155L, Map.of("CAL", 100L, "TLB", 50L, "39 eth0", 3L)),
                        new NoiseSignals.CpuNoise(1, 30_000_000L, 0L, Map.of()));
        assertThat(d.cpus().getFirst().topInterrupts().keySet()).containsExactly("CAL", "TLB", "39 eth0");
        assertThat(d.threads())
                .containsExactly(
                        new NoiseSignals.ThreadNoise("publisher", 0, true, 5L, 0L, 40_000_000L),
                        new NoiseSignals.ThreadNoise("agent", 1, true, 0L, 1L, 5L));
        // 200 ticks of the process (2,000 ms, a tick more for their resolution) less the measured threads' 1,800 ms
        assertThat(d.otherThreadsCpuNanos()).isEqualTo(210_000_000L);
        assertThat(HostSignals.delta(
                                before,
                                after,
                                List.of(new Pinning("publisher", 0, true, "0"), new Pinning("consumer", 1, true, "1")))
                        .otherThreadsCpuNanos())
                .as(
                        "a measured thread of another process has no run time here: only the publisher's 800 ms is taken off")
                .isEqualTo(1_210_000_000L);
        var noTicks = new HostSignals.Snapshot(
                after.atNanos(),
                after.cpus(),
                after.throttling(),
                after.stealTicks(),
                after.interrupts(),
                after.switches(),
                after.schedstat(),
                null,
                List.of());
        assertThat(HostSignals.delta(before, noTicks, List.of()).otherThreadsCpuNanos())
                .isNull();
    }

    @Test
    void readsThisMachinesOwnCountersAndSeesASleepAsAVoluntarySwitch() throws Exception {
        List<Integer> cpus = EnvironmentProbe.system().grantedCpus();
        Integer tid = HostSignals.currentThreadId();
        assertThat(tid).as("/proc/thread-self names this thread").isNotNull();
        assertThat(Path.of("/proc/self/task", String.valueOf(tid))).isDirectory();
        HostSignals host = HostSignals.system();

        HostSignals.Snapshot before = host.read(cpus, Map.of("test", tid));
        Thread.sleep(20);
        HostSignals.Snapshot after = host.read(cpus, Map.of("test", tid));
        NoiseSignals d =
                HostSignals.delta(before, after, List.of(new Pinning("test", cpus.getFirst(), false, "not pinned")));

        assertThat(before.stealTicks()).containsOnlyKeys(cpus);
        assertThat(before.interrupts())
                .containsOnlyKeys(cpus)
                .allSatisfy((cpu, sources) -> assertThat(sources).isNotEmpty().doesNotContainKey("LOC"));
        assertThat(d.threads()).singleElement().satisfies(t -> {
            assertThat(t.voluntarySwitches()).isPositive();
            assertThat(t.waitedForCpuNanos())
                    .as(before.unavailable().toString())
                    .isNotNegative();
        });
        assertThat(d.otherThreadsCpuNanos()).as(before.unavailable().toString()).isNotNegative();
        assertThat(d.cpus()).allSatisfy(c -> {
            assertThat(c.stealNanos()).isNotNegative();
            assertThat(c.interrupts()).isNotNegative();
        });
        if (before.throttling() != null) {
            assertThat(before.throttling().source())
                    .startsWith("/sys/fs/cgroup/")
                    .endsWith("/cpu.stat");
            assertThat(d.throttling().throttledPeriods()).isNotNegative();
        } else {
            assertThat(before.unavailable()).anySatisfy(u -> assertThat(u).startsWith("cgroup throttling: "));
        }
    }
}
