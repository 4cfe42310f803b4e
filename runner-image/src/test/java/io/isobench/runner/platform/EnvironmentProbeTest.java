package io.isobench.runner.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.CpuSets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentProbeTest {

    /**
     * A fake /sys: CPUs 0 and 2 share a core (core_cpus_list), 1 and 3 say so only through the older thread_siblings_list,
     * 3 lists a core without itself, 4 has no topology, 5 is a core of its own.
     */
    private static EnvironmentProbe fixture() throws Exception {
        return new EnvironmentProbe(
                Path.of(EnvironmentProbeTest.class.getResource("/sysfs/smt").toURI()), Map.of());
    }

    @Test
    void readsEachGrantedCpusCoreFromEitherFileAndSaysWhenItIsUnknown() throws Exception {
        assertThat(fixture().smtSiblings(List.of(0, 1, 2, 3, 4, 5)))
                .containsExactly("0:0,2", "1:1,3", "2:0,2", "3:n/a", "4:n/a", "5:5");
    }

    @Test
    void warnsWhenASiblingIsOutsideTheGrantNamingTheKubeletOption() throws Exception {
        var probe = fixture();
        assertThat(EnvironmentProbe.siblingsOutside(List.of(0, 2, 5), probe.smtSiblings(List.of(0, 2, 5))))
                .isEmpty();
        assertThat(EnvironmentProbe.siblingsOutside(List.of(0, 1), probe.smtSiblings(List.of(0, 1))))
                .hasValue("SMT siblings outside the granted cpuset share a physical core: CPU 0 with 2; CPU 1 with 3"
                        + " (the kubelet's full-pcpus-only CPU manager option grants whole cores)");
        var env = probe.collect(List.of(0), List.of("given"));
        assertThat(env.isolation().smtSiblings()).containsExactly("0:0,2");
        assertThat(env.warnings()).hasSize(2).first().isEqualTo("given");
    }

    @Test
    void theJvmFlagsRecordedLeaveOutEveryOptionGivenThroughJdkJavaOptions() {
        var input = List.of(
                "-Ddb.password=s3cret", "-XX:+UseZGC", "--enable-native-access=ALL-UNNAMED", "-Xmx1g", "-XX:+UseZGC");
        assertThat(EnvironmentProbe.recordedFlags(
                        input, Map.of("JDK_JAVA_OPTIONS", " -Ddb.password=s3cret\t-XX:+UseZGC ")))
                .as("a forked JVM gets each option twice: from its parent's flags and from the variable it inherits")
                .containsExactly("--enable-native-access=ALL-UNNAMED", "-Xmx1g");
        assertThat(EnvironmentProbe.recordedFlags(input, Map.of())).isEqualTo(input);
        assertThat(EnvironmentProbe.recordedFlags(input, Map.of("JDK_JAVA_OPTIONS", "  ")))
                .isEqualTo(input);
    }

    @Test
    void whatItReportsIsWhatTheOperatorAccepts() throws Exception {
        var cores = CpuSets.siblings("smtSiblings", fixture().smtSiblings(List.of(0, 1, 2, 3, 4, 5)));
        assertThat(cores).containsOnlyKeys(0, 1, 2, 5);
    }

    @Test
    void onThisMachineEveryGrantedCpuIsInItsOwnCoreAsTheKernelSays() throws Exception {
        var probe = EnvironmentProbe.system();
        List<Integer> granted = probe.grantedCpus();
        List<String> entries = probe.smtSiblings(granted);
        assertThat(entries).hasSameSizeAs(granted);
        var cores = CpuSets.siblings("smtSiblings", entries);
        for (int cpu : granted) {
            Path file = Path.of("/sys/devices/system/cpu/cpu" + cpu + "/topology/thread_siblings_list");
            if (Files.isReadable(file)) {
                assertThat(cores.get(cpu)).as("CPU %d", cpu).isEqualTo(CpuSets.parse("kernel", Files.readString(file)));
            } else {
                assertThat(entries).contains(cpu + ":n/a");
            }
        }
    }
}
