package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Environment;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Comparability at its edges (the shared cases in comparability-cases.json hold the whole). */
class ComparabilityTest {

    @Test
    void readsAJvmsMajorVersionTheOld1xNumberingToo() {
        assertThat(Comparability.jvmMajor("25.0.3+9-LTS")).isEqualTo("25");
        assertThat(Comparability.jvmMajor("1.8.0_392")).isEqualTo("8");
        assertThat(Comparability.jvmMajor("1")).isEqualTo("1");
        assertThat(Comparability.jvmMajor("21-ea")).isEqualTo("21");
        assertThat(Comparability.jvmMajor("")).isEqualTo("unknown");
        assertThat(Comparability.jvmMajor(null)).isEqualTo("unknown");
    }

    @Test
    void writesConfigValuesAsTheSiteDoes() {
        assertThat(Comparability.text(1.0)).isEqualTo("1");
        assertThat(Comparability.text(0.25)).isEqualTo("0.25");
        assertThat(Comparability.text(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
        assertThat(Comparability.text(5)).isEqualTo("5");
        assertThat(Comparability.text(List.of(1, 2))).isEqualTo("[1, 2]");
        assertThat(Comparability.flatten(Map.of("a", 2.0, "b", Map.of("c", true))))
                .containsExactly(Map.entry("a", "2"), Map.entry("b.c", "true"));
        assertThat(Comparability.flatten(null)).isEmpty();
    }

    @Test
    void aStepIdTwiceInOneRunIsReadOnceTheFirstWins() {
        RunResult a = RepetitionValuesTest.run("a", Steps.step("s", 1, 2, 3), Steps.step("s", Verdict.FAIL, 4, 5, 6));
        RunResult b = RepetitionValuesTest.run("b", Steps.step("s", 1, 2, 3), Steps.step("s", Verdict.FAIL, 4, 5, 6));
        StepPlan plan = StepPlan.of(a, b);
        // each of A's steps is met by B's first of that id (OK); nothing of B's is "only in B"
        assertThat(plan.compared()).containsExactly("s");
        assertThat(plan.leftOut()).extracting(StepPlan.LeftOut::why).containsExactly("FAIL in A: why s");
        RunResult c = RepetitionValuesTest.run("c", Steps.step("t", 1, 2, 3));
        assertThat(StepPlan.of(c, b).leftOut())
                .extracting(StepPlan.LeftOut::why)
                .containsExactly("only in A", "only in B", "only in B");
    }

    @Test
    void aRunsEnvironmentIsItsDecidingFactsByFieldUnknownWhereItSaysNothing() {
        Environment env = Environment.builder()
                .hostname("host-1")
                .os("Linux")
                .kernel("6.12.0")
                .arch("amd64")
                .cpuModel("EPYC 9654")
                .logicalCpus(8)
                .cpuset(new Environment.CpuSet(List.of(2, 3), "2-3", "2-3"))
                .isolation(Environment.Isolation.builder()
                        .isolatedCpus("2-3")
                        .nohzFull("")
                        .smtSiblings(List.of("2:2", "3:3"))
                        .governor("performance")
                        .clocksource("tsc")
                        .transparentHugePages("never")
                        .loadAverage(0.5)
                        .cpuManagerPolicyHint("static")
                        .build())
                .jvm(Environment.Jvm.builder()
                        .vendor("Eclipse Adoptium")
                        .version("25.0.1+8-LTS")
                        .vm("OpenJDK 64-Bit")
                        .heapInitBytes(1)
                        .heapMaxBytes(2)
                        .gc(List.of("G1"))
                        .build())
                .build();
        RunResult run = RunResult.builder()
                .runId("r")
                .target("dispatch")
                .configHash("h")
                .environment(env)
                .verdict(Verdict.OK)
                .build();
        assertThat(Comparability.environment(run))
                .containsExactly(
                        Map.entry("cpuModel", "EPYC 9654"),
                        Map.entry("arch", "amd64"),
                        Map.entry("kernel", "6.12.0"),
                        Map.entry("jvm", "Eclipse Adoptium 25"),
                        Map.entry("gc", "G1"),
                        Map.entry("cpusetSize", "2 CPUs"),
                        Map.entry("smt", "one thread per core"),
                        Map.entry(
                                "isolation",
                                "isolcpus 2-3, nohz_full none, governor performance, clocksource tsc, THP never"));
        assertThat(Comparability.environment(RepetitionValuesTest.run("none")))
                .hasSize(8)
                .allSatisfy((field, value) -> assertThat(value).as(field).isEqualTo("unknown"));
    }
}
