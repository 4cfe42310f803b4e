package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CpuSetsTest {

    @Test
    void readsAndWritesTheKernelsListSyntax() {
        assertThat(CpuSets.parse("f", "0-2,5")).containsExactly(0, 1, 2, 5);
        assertThat(CpuSets.parse("f", " 3 ")).containsExactly(3);
        assertThat(CpuSets.parse("f", "")).isEmpty();
        assertThat(CpuSets.parse("f", null)).isEmpty();
        assertThat(CpuSets.format(List.of(5, 0, 1, 2))).isEqualTo("0-2,5");
        assertThat(CpuSets.format(List.of())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            3-1        | f = '3-1' has a range that runs backwards
            0-9000     | f = '0-9000' names a CPU above 8191
            a          | f = 'a' is not a CPU list like 0-3,6
            1,,2       | f = '1,,2' is not a CPU list like 0-3,6
            -1         | f = '-1' is not a CPU list like 0-3,6
            99999      | f = '99999' is not a CPU list like 0-3,6
            """)
    void refusesAnythingElseNamingFieldAndValue(String text, String message) {
        assertThatThrownBy(() -> CpuSets.parse("f", text))
                .isInstanceOf(ResultFormatException.class)
                .hasMessage(message);
    }

    @Test
    void aLongListIsRefusedWithoutRecursingThroughIt() {
        assertThatThrownBy(() -> CpuSets.parse("f", "0,".repeat(3000) + "0"))
                .hasMessageContaining("is longer than 4096 characters");
        assertThat(CpuSets.parse("f", "0,".repeat(2000) + "0")).containsExactly(0);
    }

    @Test
    void siblingEntriesGiveEachCpusCoreAndLeaveUnknownOnesOut() {
        Map<Integer, TreeSet<Integer>> cores = CpuSets.siblings("s", List.of("2:2,6", "6:2,6", "3:n/a"));
        assertThat(cores).containsOnlyKeys(2, 6);
        assertThat(cores.get(2)).containsExactly(2, 6);
        assertThat(CpuSets.siblings("s", null)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            2             | s[0] = '2' is not CPU:SIBLINGS like 2:2,6
            x:1           | s[0] = 'x:1' does not start with one CPU (0-8191)
            1-2:1         | s[0] = '1-2:1' does not start with one CPU (0-8191)
            2:3           | s[0] = '2:3' does not list CPU 2 among its own core's CPUs
            2:zz          | s[0] = 'zz' is not a CPU list like 0-3,6
            """)
    void refusesMalformedSiblingEntries(String entry, String message) {
        assertThatThrownBy(() -> CpuSets.siblings("s", List.of(entry)))
                .isInstanceOf(ResultFormatException.class)
                .hasMessage(message);
    }

    @Test
    void refusesACpuNamedTwice() {
        assertThatThrownBy(() -> CpuSets.siblings("s", List.of("2:2", "2:2,6")))
                .hasMessage("s[1] = '2:2,6' repeats CPU 2");
    }
}
