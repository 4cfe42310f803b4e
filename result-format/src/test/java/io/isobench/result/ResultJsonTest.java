package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultJsonTest {

    static RunResult sample() {
        Histogram h = Histograms.newLatencyHistogram();
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 100L);
        }
        LatencySummary latency = LatencySummary.of(h);
        Load load = Load.openLoop(1_000_000, 5000, 10000);
        String stepId = RunLayout.stepId("isobench", load);
        RepetitionResult rep = new RepetitionResult(1, Instant.parse("2026-11-22T10:00:00Z"), 10_000_000_000L, 1_000_000L, 999_950.0,
                10_000_000, 10_000_000, latency, GcActivity.NONE, Map.of("agent", 0L, "publisher", 0L),
                List.of(new Pinning("publisher", 0, true, "0")),
                new MachineProbe(new MachineProbe.CoreToCore(0, 1, 1_000_000_000L, 5_000_000, 68, 70, 275, 9000),
                        List.of(new MachineProbe.Jitter(0, 1_000_000_000L, 4_200_000, 3, 4_500_000))),
                Map.of(), Histograms.toBase64(h), new ArtifactFiles(RunLayout.repetitionFile(stepId, 1, Verdict.OK, "hlog"), RunLayout.repetitionFile(stepId, 1, Verdict.OK, "hgrm")),
                Verdict.OK, null);
        StepResult step = new StepResult(stepId, "1M msg/s", "isobench", load, LatencyMeasure.ONE_WAY, List.of(rep),
                new MergedResult(latency, Histograms.toBase64(h), new ArtifactFiles(null, RunLayout.mergedFile(stepId, Verdict.OK))),
                Verdict.OK, null);
        Environment env = new Environment("host", "Linux", "6.18", "amd64", "AMD EPYC", 2,
                new Environment.CpuSet(List.of(0, 1), "0-1", "0-1"),
                new Environment.Isolation("", "", List.of("0:0", "1:1"), "n/a", "tsc", "madvise", 0.1, null),
                new Environment.Jvm("Eclipse Adoptium", "25", "OpenJDK 64-Bit Server VM", List.of("-Xmx1g"), 1L << 30, 1L << 30, List.of("G1 Young Generation")),
                null, List.of());
        Map<String, Object> config = Map.of("rates", List.of(1_000_000), "warmup", "5s");
        return new RunResult(RunLayout.FORMAT_VERSION, "run-1", "dispatch", config, ResultJson.configHash(config),
                Instant.parse("2026-11-22T10:00:00Z"), Instant.parse("2026-11-22T10:01:00Z"), env, List.of(step), Verdict.OK, null);
    }

    @Test
    void roundTripsEveryField(@TempDir Path dir) {
        RunResult result = sample();
        Path file = dir.resolve(RunLayout.RESULT_FILE);
        ResultJson.writeAtomically(file, result);

        RunResult back = ResultJson.read(file);

        assertThat(back).usingRecursiveComparison().isEqualTo(result);
        assertThat(dir.resolve("result.json.tmp")).doesNotExist();
    }

    @Test
    void writesLatencyKeysReadersCanGuess(@TempDir Path dir) throws Exception {
        String json = ResultJson.toJson(sample());
        assertThat(json).contains("\"p99_9\"", "\"p99_999\"", "\"mode\" : \"open-loop\"", "\"measure\" : \"one-way\"", "\"startedAt\" : \"2026-11-22T10:00:00Z\"");
    }

    @Test
    void refusesUnknownFormatVersion() {
        String json = ResultJson.toJson(sample()).replace("\"formatVersion\" : 1", "\"formatVersion\" : 2");
        assertThatThrownBy(() -> ResultJson.parse(json))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageContaining("formatVersion 2 is not supported");
    }

    @Test
    void refusesMalformedJsonWithAClearMessage() {
        assertThatThrownBy(() -> ResultJson.parse("{\"formatVersion\": 1, \"steps\": ["))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> ResultJson.parse("[]")).hasMessageContaining("JSON object");
        assertThatThrownBy(() -> ResultJson.parse("{}")).hasMessageContaining("no integer formatVersion");
    }

    @Test
    void configHashIgnoresKeyOrderButNotValues() {
        Map<String, Object> a = new java.util.LinkedHashMap<>();
        a.put("x", 1);
        a.put("y", "2");
        Map<String, Object> b = new java.util.LinkedHashMap<>();
        b.put("y", "2");
        b.put("x", 1);
        assertThat(ResultJson.configHash(a)).isEqualTo(ResultJson.configHash(b)).hasSize(16);
        assertThat(ResultJson.configHash(Map.of("x", 2, "y", "2"))).isNotEqualTo(ResultJson.configHash(a));
    }

    @Test
    void stepIdsArePathSafe() {
        assertThat(RunLayout.stepId("agrona", Load.openLoop(10_000, 1, 1))).isEqualTo("agrona_rate-10000");
        assertThat(RunLayout.stepId(null, Load.closedLoop(150, 1, 1))).isEqualTo("clients-150");
        assertThatThrownBy(() -> RunLayout.stepId("../etc", Load.openLoop(1, 1, 1))).hasMessageContaining("not path-safe");
    }

    @Test
    void atomicWriteLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.json");
        ResultJson.writeAtomically(f, "{}");
        ResultJson.writeAtomically(f, "{\"a\":1}");
        assertThat(Files.readString(f)).isEqualTo("{\"a\":1}");
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
    }
}
