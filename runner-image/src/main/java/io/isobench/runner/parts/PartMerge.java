package io.isobench.runner.parts;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.GcActivity;
import io.isobench.result.HgrmTable;
import io.isobench.result.Histograms;
import io.isobench.result.LatencySummary;
import io.isobench.result.PartResult;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunLayout;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.StepPlan;
import io.isobench.runner.harness.Verdicts;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One repetition of a parallel run from what its load parts measured: histograms added (never percentiles averaged),
 * counts, rates, collections and allocation summed, the verdict the worst of the parts' naming each part that was not
 * OK, and the interval logs added interval by interval into one timeline. What belongs to one process — pinning, probes,
 * host noise, the generator's lag, target metrics — stays with its part.
 */
final class PartMerge {

    private PartMerge() {}

    /**
     * @param step       the whole step (its id names the merged files)
     * @param parts      every part's repetition, 0 first, files already in {@code runDir} under the part's names
     * @param describe   how a message names part {@code k} ("load part 2 (pod … on node …)")
     */
    static RepetitionResult merge(
            StepPlan step, int repetition, List<PartResult> parts, IntFunction<String> describe, Path runDir) {
        List<Histogram> histograms = new ArrayList<>();
        long windowNanos = 0;
        Long targetRate = null;
        long sent = 0;
        long received = 0;
        long gcCount = 0;
        long gcMillis = 0;
        Map<String, Long> allocated = new LinkedHashMap<>();
        Instant startedAt = null;
        List<String> labels = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        for (PartResult part : parts) {
            RepetitionResult r = part.repetition();
            if (r.histogram() != null) {
                histograms.add(Histograms.fromBase64(r.histogram()));
            }
            windowNanos = Math.max(windowNanos, r.windowNanos());
            if (r.targetRate() != null) {
                targetRate = (targetRate == null ? 0 : targetRate) + r.targetRate();
            }
            sent += r.sent();
            received += r.received();
            if (r.gc() != null) {
                gcCount += r.gc().count();
                gcMillis += r.gc().timeMillis();
            }
            if (r.allocatedBytes() != null) {
                r.allocatedBytes().forEach((role, bytes) -> allocated.merge(role, bytes, Long::sum));
            }
            if (r.startedAt() != null && (startedAt == null || r.startedAt().isBefore(startedAt))) {
                startedAt = r.startedAt();
            }
            labels.add(describe.apply(part.part()));
            verdicts.add(r.verdict());
            reasons.add(r.reason());
        }
        Histogram merged = Histograms.merge(histograms);
        Verdicts.Judgement verdict = Verdicts.combine(labels, verdicts, reasons);
        String hgrm = RunLayout.repetitionFile(step.id(), repetition, verdict.verdict(), "hgrm");
        HgrmTable.write(merged, runDir.resolve(hgrm));
        String hlog = RunLayout.repetitionFile(step.id(), repetition, verdict.verdict(), "hlog");
        if (!mergeLogs(
                parts.stream()
                        .map(p -> p.repetition().files())
                        .filter(Objects::nonNull)
                        .map(ArtifactFiles::hlog)
                        .filter(Objects::nonNull)
                        .map(runDir::resolve)
                        .toList(),
                runDir.resolve(hlog),
                "isobench " + step.target() + " " + step.id() + " repetition " + repetition + ": " + parts.size()
                        + " load parts added interval by interval")) {
            hlog = null;
        }
        return RepetitionResult.builder()
                .index(repetition)
                .startedAt(startedAt)
                .windowNanos(windowNanos)
                .targetRate(targetRate)
                // received per second of the longest part's window: the sum of the parts' rates when their windows are
                // one window (they start together), never more
                .achievedRate(windowNanos == 0 ? 0 : received * 1e9 / windowNanos)
                .sent(sent)
                .received(received)
                .latency(LatencySummary.of(merged))
                .gc(new GcActivity(gcCount, gcMillis))
                .allocatedBytes(allocated)
                .histogram(Histograms.toBase64(merged))
                .files(new ArtifactFiles(hlog, hgrm))
                .verdict(verdict.verdict())
                .reason(verdict.reason())
                .parts(parts)
                .build();
    }

    /**
     * Adds the parts' interval logs interval by interval (interval {@code i} of every part covers the same stretch of
     * the window: they start together and tick at the same period) into one log; false when no part wrote one.
     */
    static boolean mergeLogs(List<Path> logs, Path into, String comment) {
        List<List<Histogram>> intervals = new ArrayList<>();
        for (Path log : logs) {
            if (Files.exists(log)) {
                intervals.add(read(log));
            }
        }
        if (intervals.isEmpty()) {
            return false;
        }
        int longest = intervals.stream().mapToInt(List::size).max().orElse(0);
        long startMillis = intervals.stream()
                .filter(l -> !l.isEmpty())
                .mapToLong(l -> l.getFirst().getStartTimeStamp())
                .min()
                .orElse(System.currentTimeMillis());
        try {
            Files.createDirectories(into.getParent());
            try (PrintStream out = new PrintStream(Files.newOutputStream(into), false, StandardCharsets.UTF_8)) {
                HistogramLogWriter writer = new HistogramLogWriter(out);
                writer.outputComment(comment);
                writer.outputLogFormatVersion();
                writer.outputStartTime(startMillis);
                writer.setBaseTime(startMillis);
                writer.outputLegend();
                for (int i = 0; i < longest; i++) {
                    Histogram sum = Histograms.newLatencyHistogram();
                    long start = Long.MAX_VALUE;
                    long end = 0;
                    for (List<Histogram> part : intervals) {
                        if (i < part.size()) {
                            Histogram h = part.get(i);
                            sum.add(h);
                            start = Math.min(start, h.getStartTimeStamp());
                            end = Math.max(end, h.getEndTimeStamp());
                        }
                    }
                    sum.setStartTimeStamp(start);
                    sum.setEndTimeStamp(end);
                    writer.outputIntervalHistogram(sum);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + into, e);
        }
        return true;
    }

    private static List<Histogram> read(Path log) {
        List<Histogram> intervals = new ArrayList<>();
        try (InputStream in = Files.newInputStream(log)) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                if (next instanceof Histogram h) {
                    intervals.add(h);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + log, e);
        }
        intervals.sort(Comparator.comparingLong(Histogram::getStartTimeStamp));
        return intervals;
    }
}
