package io.isobench.compare;

import io.isobench.result.LatencySummary;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.UnaryOperator;

/** Runs made from the recorded repetitions (recorded/README.md): some of them, their latencies scaled, as a later build might give. */
public final class RecordedRuns {

    private RecordedRuns() {}

    public static RunResult recorded(String name) {
        try (InputStream in = RecordedRuns.class.getResourceAsStream("recorded/" + name + ".json")) {
            return ResultJson.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Repetitions {@code from} (inclusive) to {@code to} (exclusive) of every step, each latency times {@code factor}. */
    public static RunResult slice(RunResult run, String runId, int from, int to, double factor) {
        return steps(
                run,
                runId,
                s -> new StepResult(
                        s.id(),
                        s.label(),
                        s.variant(),
                        s.load(),
                        s.measure(),
                        s.repetitions().subList(from, to).stream()
                                .map(r -> scaled(r, factor))
                                .toList(),
                        s.merged(),
                        s.verdict(),
                        s.reason()));
    }

    public static RunResult steps(RunResult run, String runId, UnaryOperator<StepResult> edit) {
        List<StepResult> steps = run.steps().stream().map(edit).toList();
        return run.toBuilder().runId(runId).steps(steps).build();
    }

    private static RepetitionResult scaled(RepetitionResult r, double f) {
        LatencySummary l = r.latency();
        return r.toBuilder()
                .latency(LatencySummary.builder()
                        .count(l.count())
                        .min(s(l.min(), f))
                        .p50(s(l.p50(), f))
                        .p66(s(l.p66(), f))
                        .p75(s(l.p75(), f))
                        .p80(s(l.p80(), f))
                        .p90(s(l.p90(), f))
                        .p95(s(l.p95(), f))
                        .p98(s(l.p98(), f))
                        .p99(s(l.p99(), f))
                        .p99_9(s(l.p99_9(), f))
                        .p99_99(s(l.p99_99(), f))
                        .p99_999(s(l.p99_999(), f))
                        .max(s(l.max(), f))
                        .mean(l.mean() * f)
                        .stddev(l.stddev() * f)
                        .build())
                .build();
    }

    private static long s(long value, double factor) {
        return Math.round(value * factor);
    }
}
