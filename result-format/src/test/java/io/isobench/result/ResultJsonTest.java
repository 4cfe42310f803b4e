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
        MachineProbe.CoreToCore c2c = new MachineProbe.CoreToCore(0, 1, 1_000_000_000L, 5_000_000, 68, 70, 275, 9000);
        RepetitionResult rep = RepetitionResult.builder()
                .index(1)
                .startedAt(Instant.parse("2026-11-22T10:00:00Z"))
                .windowNanos(10_000_000_000L)
                .targetRate(1_000_000L)
                .achievedRate(999_950.0)
                .sent(10_000_000)
                .received(10_000_000)
                .latency(latency)
                .gc(GcActivity.NONE)
                .allocatedBytes(Map.of("agent", 0L, "publisher", 0L))
                .pinning(List.of(new Pinning("publisher", 0, true, "0")))
                .probe(new MachineProbe(
                        c2c, List.of(new MachineProbe.Jitter(0, 1_000_000_000L, 4_200_000, 3, 4_500_000))))
                .histogram(Histograms.toBase64(h))
                .files(new ArtifactFiles(
                        RunLayout.repetitionFile(stepId, 1, Verdict.OK, "hlog"),
                        RunLayout.repetitionFile(stepId, 1, Verdict.OK, "hgrm")))
                .verdict(Verdict.OK)
                .probeAfter(
                        new MachineProbe(c2c, List.of(new MachineProbe.Jitter(0, 1_000_000_000L, 12_000, 1, 12_000))))
                .noise(new NoiseSignals(
                        10_200_000_000L,
                        new NoiseSignals.Throttling("/sys/fs/cgroup/cpu.stat", 102, 0, 0),
                        List.of(
                                new NoiseSignals.CpuNoise(0, 0L, 41L, Map.of("CAL", 30L, "TLB", 11L)),
                                new NoiseSignals.CpuNoise(1, null, null, Map.of())),
                        List.of(new NoiseSignals.ThreadNoise("publisher", 0, true, 2L, 0L, 3_000_000L)),
                        40_000_000L,
                        List.of("steal on CPU 1: /proc/stat has no line cpu1")))
                .generator(new GeneratorLag(40, 180, 2_100, 10_000_000, 300L, 900L, 3_000L, 0.04, 0.03))
                .reruns(List.of(
                        new Rerun(1, Instant.parse("2026-11-22T09:59:40Z"), "host noise: a 4.2 ms stall", latency)))
                .notes(List.of("generator: sender lag p99 180 ns"))
                .build();
        StepResult step = new StepResult(
                stepId,
                "1M msg/s",
                "isobench",
                load,
                LatencyMeasure.ONE_WAY,
                List.of(rep),
                new MergedResult(
                        latency,
                        Histograms.toBase64(h),
                        new ArtifactFiles(null, RunLayout.mergedFile(stepId, Verdict.OK))),
                Verdict.OK,
                null);
        Environment env = Environment.builder()
                .hostname("host")
                .os("Linux")
                .kernel("6.18")
                .arch("amd64")
                .cpuModel("AMD EPYC")
                .logicalCpus(2)
                .cpuset(new Environment.CpuSet(List.of(0, 1), "0-1", "0-1"))
                .isolation(Environment.Isolation.builder()
                        .isolatedCpus("")
                        .nohzFull("")
                        .smtSiblings(List.of("0:0", "1:1"))
                        .governor("n/a")
                        .clocksource("tsc")
                        .transparentHugePages("madvise")
                        .loadAverage(0.1)
                        .build())
                .jvm(Environment.Jvm.builder()
                        .vendor("Eclipse Adoptium")
                        .version("25")
                        .vm("OpenJDK 64-Bit Server VM")
                        .flags(List.of("-Xmx1g"))
                        .heapInitBytes(1L << 30)
                        .heapMaxBytes(1L << 30)
                        .gc(List.of("G1 Young Generation"))
                        .build())
                .build();
        Map<String, Object> config = Map.of("rates", List.of(1_000_000), "warmup", "5s");
        return RunResult.builder()
                .runId("run-1")
                .target("dispatch")
                .config(config)
                .configHash(ResultJson.configHash(config))
                .startedAt(Instant.parse("2026-11-22T10:00:00Z"))
                .finishedAt(Instant.parse("2026-11-22T10:01:00Z"))
                .environment(env)
                .steps(List.of(step))
                .verdict(Verdict.OK)
                .build();
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
        assertThat(json)
                .contains(
                        "\"p99_9\"",
                        "\"p99_999\"",
                        "\"mode\" : \"open-loop\"",
                        "\"measure\" : \"one-way\"",
                        "\"startedAt\" : \"2026-11-22T10:00:00Z\"");
    }

    @Test
    void aResultWrittenBeforeTheNoiseFieldsStillReads() throws Exception {
        // the format-1 files already published carry none of probeAfter, noise, generator, reruns, notes
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode)
                ResultJson.MAPPER.readTree(ResultJson.toJson(sample()));
        var rep = (com.fasterxml.jackson.databind.node.ObjectNode)
                tree.get("steps").get(0).get("repetitions").get(0);
        rep.remove(List.of("probeAfter", "noise", "generator", "reruns", "notes"));

        RepetitionResult back = ResultJson.parse(tree.toString())
                .steps()
                .getFirst()
                .repetitions()
                .getFirst();

        assertThat(back.probe()).isNotNull();
        assertThat(back.probeAfter()).isNull();
        assertThat(back.noise()).isNull();
        assertThat(back.generator()).isNull();
        assertThat(back.reruns()).isEmpty();
        assertThat(back.notes()).isEmpty();
        assertThat(ResultJson.toJson(back))
                .doesNotContain("reruns")
                .doesNotContain("notes")
                .doesNotContain("probeAfter");
    }

    @Test
    void anInconclusiveVerdictRoundTrips() {
        RunResult sample = sample();
        StepResult step = sample.steps().getFirst();
        RepetitionResult noisy = step.repetitions().getFirst().toBuilder()
                .verdict(Verdict.INCONCLUSIVE)
                .reason("host noise: a 4.2 ms stall")
                .build();
        RunResult inconclusive = sample.toBuilder()
                .steps(List.of(new StepResult(
                        step.id(),
                        step.label(),
                        step.variant(),
                        step.load(),
                        step.measure(),
                        List.of(noisy),
                        step.merged(),
                        Verdict.INCONCLUSIVE,
                        "repetition 1: host noise")))
                .verdict(Verdict.INCONCLUSIVE, "1 of 1 inconclusive")
                .build();

        String json = ResultJson.toJson(inconclusive);

        assertThat(json).contains("\"verdict\" : \"INCONCLUSIVE\"");
        assertThat(ResultJson.parse(json)).usingRecursiveComparison().isEqualTo(inconclusive);
    }

    @Test
    void verdictsCombineFailOverInconclusiveOverOk() {
        assertThat(Verdict.worst(Verdict.OK, Verdict.INCONCLUSIVE)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(Verdict.worst(Verdict.INCONCLUSIVE, Verdict.FAIL)).isEqualTo(Verdict.FAIL);
        assertThat(Verdict.worst(Verdict.FAIL, Verdict.INCONCLUSIVE)).isEqualTo(Verdict.FAIL);
        assertThat(Verdict.worst(Verdict.OK, Verdict.OK)).isEqualTo(Verdict.OK);
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
        assertThatThrownBy(() -> RunLayout.stepId("../etc", Load.openLoop(1, 1, 1)))
                .hasMessageContaining("not path-safe");
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
