package io.isobench.runner.parts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.Environment;
import io.isobench.result.GcActivity;
import io.isobench.result.HgrmTable;
import io.isobench.result.Histograms;
import io.isobench.result.LatencyMeasure;
import io.isobench.result.LatencySummary;
import io.isobench.result.Load;
import io.isobench.result.LoadPart;
import io.isobench.result.MergedResult;
import io.isobench.result.PartResult;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ResultPlausibility;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.StepPlan;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartMergeTest {

    private static final StepPlan STEP =
            new StepPlan("udp-echo", "remote", Load.openLoop(3_000, 200, 1_000), "3k msg/s");

    @TempDir
    Path runDir;

    /** Part {@code k}: 1,000 msg/s for 1 s, latencies around {@code base} µs, an interval log of {@code intervals} seconds. */
    private PartResult part(int k, long baseMicros, int intervals, Verdict verdict, String reason) throws Exception {
        Histogram h = Histograms.newLatencyHistogram();
        List<Histogram> ticks = new ArrayList<>();
        long start = 1_700_000_000_000L;
        for (int i = 0; i < intervals; i++) {
            Histogram tick = Histograms.newLatencyHistogram();
            for (int m = 0; m < 1_000 / intervals; m++) {
                tick.recordValue((baseMicros + m % 50) * 1_000);
            }
            tick.setStartTimeStamp(start + i * 1_000L);
            tick.setEndTimeStamp(start + (i + 1) * 1_000L);
            ticks.add(tick);
            h.add(tick);
        }
        String hlog = RunLayout.partFile(STEP.id(), k, 1, verdict, "hlog");
        String hgrm = RunLayout.partFile(STEP.id(), k, 1, verdict, "hgrm");
        Files.createDirectories(runDir.resolve(hlog).getParent());
        try (var out = new PrintStream(Files.newOutputStream(runDir.resolve(hlog)), false, StandardCharsets.UTF_8)) {
            var writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(start);
            writer.setBaseTime(start);
            writer.outputLegend();
            ticks.forEach(writer::outputIntervalHistogram);
        }
        HgrmTable.write(h, runDir.resolve(hgrm));
        return new PartResult(
                k,
                RepetitionResult.builder()
                        .index(1)
                        .startedAt(Instant.parse("2026-11-28T10:00:00Z").plusMillis(k))
                        .windowNanos(1_000_000_000L + k * 1_000_000L)
                        .targetRate(1_000L)
                        .achievedRate(h.getTotalCount() * 1e9 / (1_000_000_000L + k * 1_000_000L))
                        .sent(h.getTotalCount())
                        .received(h.getTotalCount())
                        .latency(LatencySummary.of(h))
                        .gc(new GcActivity(k, 10L * k))
                        .allocatedBytes(Map.of("client", 100L * k))
                        .histogram(Histograms.toBase64(h))
                        .files(new ArtifactFiles(hlog, hgrm))
                        .verdict(verdict)
                        .reason(reason)
                        .build());
    }

    private static String name(int k) {
        return "load part " + k + " (pod r-" + k + " on node n" + k + ")";
    }

    @Test
    void theRepetitionIsItsPartsAddedTogether() throws Exception {
        List<PartResult> parts = List.of(
                part(0, 20, 2, Verdict.OK, null), part(1, 40, 2, Verdict.OK, null), part(2, 400, 3, Verdict.OK, null));

        RepetitionResult merged = PartMerge.merge(STEP, 1, parts, PartMergeTest::name, runDir);

        Histogram sum = Histograms.newLatencyHistogram();
        parts.forEach(p -> sum.add(Histograms.fromBase64(p.repetition().histogram())));
        assertThat(merged.latency()).isEqualTo(LatencySummary.of(sum));
        assertThat(merged.latency().count()).isEqualTo(3 * 1_000 - 1);
        assertThat(Histograms.fromBase64(merged.histogram())).isEqualTo(sum);
        assertThat(merged.targetRate()).isEqualTo(3_000L);
        assertThat(merged.sent()).isEqualTo(merged.received()).isEqualTo(sum.getTotalCount());
        assertThat(merged.windowNanos()).as("the longest part's window").isEqualTo(1_002_000_000L);
        assertThat(merged.achievedRate()).isEqualTo(sum.getTotalCount() * 1e9 / 1_002_000_000L);
        assertThat(merged.startedAt()).isEqualTo(Instant.parse("2026-11-28T10:00:00Z"));
        assertThat(merged.gc()).isEqualTo(new GcActivity(3, 30));
        assertThat(merged.allocatedBytes()).containsEntry("client", 300L);
        assertThat(merged.pinning()).as("pinning is each part's").isEmpty();
        assertThat(merged.verdict()).isEqualTo(Verdict.OK);
        assertThat(merged.parts()).isEqualTo(parts);
        assertThat(merged.files().hgrm()).isEqualTo(RunLayout.repetitionFile(STEP.id(), 1, Verdict.OK, "hgrm"));
        assertThat(HgrmTable.read(runDir.resolve(merged.files().hgrm())))
                .isEqualTo(HgrmTable.parse(HgrmTable.render(sum)));
        // the interval logs added interval by interval: the longest part's three intervals, every message once
        var reader =
                new HistogramLogReader(runDir.resolve(merged.files().hlog()).toFile());
        long total = 0;
        int intervals = 0;
        for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            total += ((Histogram) h).getTotalCount();
            intervals++;
        }
        assertThat(intervals).isEqualTo(3);
        assertThat(total).isEqualTo(sum.getTotalCount());
    }

    @Test
    void aPartThatMissedItsShareFailsTheRepetitionByName() throws Exception {
        List<PartResult> parts = List.of(
                part(0, 20, 1, Verdict.OK, null),
                part(1, 20, 1, Verdict.FAIL, "achieved 812/s of 1000/s"),
                part(2, 20, 1, Verdict.INCONCLUSIVE, "host noise beyond the 1 ms noise budget: a 4 ms stall"));

        RepetitionResult merged = PartMerge.merge(STEP, 1, parts, PartMergeTest::name, runDir);

        assertThat(merged.verdict()).as("FAIL beats INCONCLUSIVE").isEqualTo(Verdict.FAIL);
        assertThat(merged.reason())
                .isEqualTo("1 of 3 failed: load part 1 (pod r-1 on node n1): achieved 812/s of 1000/s");
        assertThat(merged.files().hgrm()).endsWith("rep-1_FAIL.hgrm");
    }

    @Test
    void aRunOfPartsIsBelievedOnlyWhenItsSumsAreItsParts() throws Exception {
        List<PartResult> parts = List.of(part(0, 20, 1, Verdict.OK, null), part(1, 40, 1, Verdict.OK, null));
        RepetitionResult merged = PartMerge.merge(
                new StepPlan("udp-echo", "remote", Load.openLoop(2_000, 200, 1_000), "2k"),
                1,
                parts,
                PartMergeTest::name,
                runDir);
        RunResult run = run(merged, 2);

        ResultPlausibility.check(run, "udp-echo");

        // figures that agree with each other, but not with the parts they claim to add up
        RepetitionResult inflated = merged.toBuilder()
                .received(merged.received() + 500)
                .achievedRate((merged.received() + 500) * 1e9 / merged.windowNanos())
                .build();
        assertThatThrownBy(() -> ResultPlausibility.check(run(inflated, 2), "udp-echo"))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageContaining("steps[0].repetitions[0].received");
        RepetitionResult oneMissing =
                merged.toBuilder().parts(parts.subList(0, 1)).build();
        assertThatThrownBy(() -> ResultPlausibility.check(run(oneMissing, 2), "udp-echo"))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageContaining("steps[0].repetitions[0].parts.length = 1 is not the run's 2 load parts");
        RepetitionResult okOverAFail = merged.toBuilder()
                .parts(List.of(
                        parts.get(0),
                        new PartResult(
                                1,
                                parts.get(1).repetition().toBuilder()
                                        .verdict(Verdict.FAIL)
                                        .reason("lost")
                                        .build())))
                .build();
        assertThatThrownBy(() -> ResultPlausibility.check(run(okOverAFail, 2), "udp-echo"))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageContaining("while a load part is not OK");
    }

    private static RunResult run(RepetitionResult rep, int parts) {
        Histogram h = Histograms.fromBase64(rep.histogram());
        StepResult step = new StepResult(
                "remote_rate-2000",
                "2k",
                "remote",
                Load.openLoop(2_000, 200, 1_000),
                LatencyMeasure.ROUND_TRIP,
                List.of(rep),
                new MergedResult(LatencySummary.of(h), rep.histogram(), new ArtifactFiles(null, null)),
                rep.verdict(),
                rep.reason());
        List<LoadPart> loadParts = new ArrayList<>();
        for (int k = 0; k < parts; k++) {
            loadParts.add(
                    new LoadPart(k, Environment.builder().hostname("h" + k).build()));
        }
        return RunResult.builder()
                .runId("r")
                .target("udp-echo")
                .steps(List.of(step))
                .verdict(rep.verdict(), rep.reason())
                .loadParts(loadParts)
                .build();
    }
}
