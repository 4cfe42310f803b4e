package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerReportTest {

    static ServerReport sample() {
        return new ServerReport(
                ServerReport.FORMAT_VERSION,
                "tcp-echo",
                new Environment.CpuSet(List.of(2, 3), "2-3", "2-3"),
                List.of("2:2,6", "3:3,7"),
                List.of(new Pinning("server", 2, true, "affinity read back: 2")));
    }

    @Test
    void isOneLineThatReadsBackFromALogAmongOtherOutput() {
        String line = sample().toLogLine();
        assertThat(line).startsWith(ServerReport.LOG_PREFIX).doesNotContain("\n");
        String log = "NOTE: Picked up JDK_JAVA_OPTIONS: -Xss1m\n" + line + "\r\n"
                + "isobench-runner server: tcp-echo listening on 0.0.0.0:7000\n";
        assertThat(ServerReport.fromLog(log)).isEqualTo(sample());
    }

    @Test
    void noReportOrTwoReportsAreRefused() {
        assertThatThrownBy(() -> ServerReport.fromLog("isobench-runner server: tcp-echo listening on 0.0.0.0:7000\n"))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageStartingWith("the server printed no report line");
        assertThatThrownBy(() -> ServerReport.fromLog(null))
                .hasMessageStartingWith("the server printed no report line");
        String line = sample().toLogLine();
        assertThatThrownBy(() -> ServerReport.fromLog(line + "\n" + line + "\n"))
                .hasMessage("the server printed 2 report lines, not one");
    }

    @Test
    void anOversizedLineIsRefusedBeforeItIsParsed() {
        String line = ServerReport.LOG_PREFIX + "{\"x\":\"" + "a".repeat(ServerReport.MAX_LINE) + "\"}";
        assertThatThrownBy(() -> ServerReport.fromLine(line))
                .hasMessageContaining("more than " + ServerReport.MAX_LINE);
    }

    /** The sample's JSON with {@code from} replaced by {@code to}, as a hostile or broken server could print it. */
    private static ServerReport rewritten(String from, String to) {
        String line = sample().toLogLine();
        assertThat(line).contains(from);
        return ServerReport.fromLine(line.replace(from, to));
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', textBlock = """
            "formatVersion":1 | "formatVersion":2 | server report: formatVersion = 2 is not 1
            "target":"tcp-echo" | "target":"<script>" | server report: target = '<script>' is not a target name
            "cpus":[2,3] | "cpus":[] | server report: cpuset.cpus = [] is missing or empty
            "cpus":[2,3] | "cpus":[2,2] | server report: cpuset.cpus = [2, 2] must hold distinct CPUs 0-8191
            "cpus":[2,3] | "cpus":[2,9000] | server report: cpuset.cpus = [2, 9000] must hold distinct CPUs 0-8191
            "affinity":"2-3" | "affinity":"2" | server report: cpuset.affinity = '2' is not the CPUs 2-3
            "affinity":"2-3" | "affinity":"x" | server report: cpuset.affinity = 'x' is not a CPU list like 0-3,6
            "3:3,7" | "9:9" | server report: smtSiblings = [2:2,6, 9:9] names CPUs outside the grant 2-3
            "3:3,7" | "3:7" | server report: smtSiblings[1] = '3:7' does not list CPU 3 among its own core's CPUs
            "role":"server" | "role":"Server!" | server report: pinning[0].role = 'Server!' is not a distinct thread role
            "cpu":2 | "cpu":5 | server report: pinning[0].cpu = 5 is not a granted CPU 2-3
            "target":"tcp-echo" | "target":"tcp-echo","extra":1 | server report: not the report JSON: Unrecognized field "extra"
            """)
    void everyFieldIsCheckedAndNamedWithItsValue(String from, String to, String message) {
        assertThatThrownBy(() -> rewritten(from, to))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageStartingWith(message);
    }

    private static String withThreads(Pinning... threads) {
        return new ServerReport(1, "tcp-echo", sample().cpuset(), sample().smtSiblings(), List.of(threads)).toLogLine();
    }

    @Test
    void threadsAreOneToSixteenAndTheirDetailIsPlainBoundedText() {
        assertThatThrownBy(() -> ServerReport.fromLine(withThreads()))
                .hasMessage("server report: pinning.length = 0 is not 1-16 threads");
        assertThatThrownBy(() -> ServerReport.fromLine(withThreads(new Pinning("server", 2, true, "a\u0007b"))))
                .hasMessageEndingWith("is longer than 512 characters or holds control characters");
        assertThatThrownBy(() -> ServerReport.fromLine(withThreads(new Pinning("server", 2, true, "x".repeat(513)))))
                .hasMessageStartingWith("server report: pinning[0].detail = 'xxx");
    }

    @Test
    void aThreadMayBeUnpinnedWithoutACpu() {
        assertThat(rewritten("\"cpu\":2", "\"cpu\":null").pinning().getFirst().cpu())
                .isNull();
    }
}
