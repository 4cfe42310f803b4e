package io.isobench.runner.report;

import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.StepResult;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.StepPlan;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Machine-readable progress for logs (containers, CI): one JSON object per line, per repetition and warning. */
public final class JsonLogProgress implements Progress {

    private final PrintWriter out;

    public JsonLogProgress(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void repetitionStarted(StepPlan step, int repetition, int repetitions) {
        Map<String, Object> line = event("repetition-started", step);
        line.put("repetition", repetition);
        line.put("repetitions", repetitions);
        emit(line);
    }

    @Override
    public void interval(
            StepPlan step, int repetition, long elapsedNanos, long durationNanos, Histogram interval, long completed) {}

    @Override
    public void repetitionFinished(StepPlan step, RepetitionResult r) {
        Map<String, Object> line = event("repetition-finished", step);
        line.put("repetition", r.index());
        line.put("verdict", r.verdict());
        line.put("samples", r.latency().count());
        line.put("p50Nanos", r.latency().p50());
        line.put("p99Nanos", r.latency().p99());
        line.put("maxNanos", r.latency().max());
        line.put("achievedRate", Math.round(r.achievedRate()));
        if (r.reason() != null) {
            line.put("reason", r.reason());
        }
        if (!r.reruns().isEmpty()) {
            line.put("reruns", r.reruns().size());
        }
        if (!r.notes().isEmpty()) {
            line.put("notes", r.notes());
        }
        emit(line);
    }

    @Override
    public void stepFinished(StepResult result) {}

    @Override
    public void warn(String message) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", Instant.now().toString());
        line.put("event", "warning");
        line.put("message", message);
        emit(line);
    }

    private static Map<String, Object> event(String name, StepPlan step) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("time", Instant.now().toString());
        line.put("event", name);
        line.put("target", step.target());
        line.put("step", step.id());
        return line;
    }

    private synchronized void emit(Map<String, Object> line) {
        try {
            out.println(ResultJson.MAPPER.writeValueAsString(line));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            out.println("{\"event\":\"log-error\"}");
        }
    }
}
