package io.isobench.runner.metrics;

import io.isobench.result.RepetitionResult;
import io.isobench.result.StepResult;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.StepPlan;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.HdrHistogram.Histogram;

/**
 * Live figures for Prometheus (docs/contracts.md § Runner CLI), fed by the progress callbacks of the monitor
 * thread — never by a measured thread — and passed on to the next progress sink. Per step: messages received
 * so far, the last interval's p50/p99/max and achieved rate.
 */
public final class RunnerMetrics implements Progress {

    private final Progress next;
    private final String target;
    private final Map<String, StepFigures> steps = new ConcurrentHashMap<>();

    private static final class StepFigures {
        final String variant;
        final String step;
        volatile long received;
        volatile double p50Seconds;
        volatile double p99Seconds;
        volatile double maxSeconds;
        volatile double ratePerSecond;

        StepFigures(String variant, String step) {
            this.variant = variant;
            this.step = step;
        }
    }

    public RunnerMetrics(String target, Progress next) {
        this.target = target;
        this.next = next;
    }

    @Override
    public void repetitionStarted(StepPlan step, int repetition, int repetitions) {
        steps.computeIfAbsent(step.id(), id -> new StepFigures(step.variant(), id));
        next.repetitionStarted(step, repetition, repetitions);
    }

    @Override
    @SuppressWarnings(
            "NonAtomicVolatileUpdate") // the run's one thread writes the figures; volatile only for the scrape thread
    public void interval(
            StepPlan step, int repetition, long elapsedNanos, long durationNanos, Histogram interval, long completed) {
        StepFigures f = steps.computeIfAbsent(step.id(), id -> new StepFigures(step.variant(), id));
        f.received += completed;
        if (interval.getTotalCount() > 0) {
            f.p50Seconds = interval.getValueAtPercentile(50) / 1e9;
            f.p99Seconds = interval.getValueAtPercentile(99) / 1e9;
            f.maxSeconds = interval.getMaxValue() / 1e9;
        }
        f.ratePerSecond = completed * 1e9 / intervalLength(elapsedNanos, f);
        next.interval(step, repetition, elapsedNanos, durationNanos, interval, completed);
    }

    // The interval's own length: time since the previous callback of this step.
    private final Map<String, Long> lastElapsed = new ConcurrentHashMap<>();

    private long intervalLength(long elapsedNanos, StepFigures f) {
        Long previous = lastElapsed.put(f.step, elapsedNanos);
        long length = previous == null || previous >= elapsedNanos ? elapsedNanos : elapsedNanos - previous;
        return Math.max(1, length);
    }

    @Override
    public void repetitionFinished(StepPlan step, RepetitionResult result) {
        lastElapsed.remove(step.id());
        next.repetitionFinished(step, result);
    }

    @Override
    public void stepFinished(StepResult result) {
        next.stepFinished(result);
    }

    @Override
    public void warn(String message) {
        next.warn(message);
    }

    /** The Prometheus text exposition (version 0.0.4) of the current figures. */
    public String scrape() {
        var out = new StringBuilder(1024);
        header(out, "isobench_runner_step_info", "gauge", "Steps of this run (target, variant, step id)");
        steps.values()
                .forEach(f -> out.append("isobench_runner_step_info{")
                        .append(labels(f))
                        .append(",target=\"")
                        .append(escape(target))
                        .append("\"} 1\n"));
        header(
                out,
                "isobench_runner_messages_received_total",
                "counter",
                "Messages completed (latency recorded or not) so far");
        steps.values().forEach(f -> line(out, "isobench_runner_messages_received_total", labels(f), f.received));
        header(
                out,
                "isobench_runner_interval_latency_seconds",
                "gauge",
                "Latency of the last interval, from intended send time");
        steps.values().forEach(f -> {
            line(out, "isobench_runner_interval_latency_seconds", labels(f) + ",quantile=\"0.5\"", f.p50Seconds);
            line(out, "isobench_runner_interval_latency_seconds", labels(f) + ",quantile=\"0.99\"", f.p99Seconds);
            line(out, "isobench_runner_interval_latency_seconds", labels(f) + ",quantile=\"1\"", f.maxSeconds);
        });
        header(out, "isobench_runner_achieved_rate", "gauge", "Messages per second completed in the last interval");
        steps.values().forEach(f -> line(out, "isobench_runner_achieved_rate", labels(f), f.ratePerSecond));
        return out.toString();
    }

    private static void header(StringBuilder out, String name, String type, String help) {
        out.append("# HELP ")
                .append(name)
                .append(' ')
                .append(help)
                .append('\n')
                .append("# TYPE ")
                .append(name)
                .append(' ')
                .append(type)
                .append('\n');
    }

    private static void line(StringBuilder out, String name, String labels, double value) {
        out.append(name)
                .append('{')
                .append(labels)
                .append("} ")
                .append(String.format(Locale.ROOT, "%.9g", value))
                .append('\n');
    }

    private static String labels(StepFigures f) {
        return "variant=\"" + escape(f.variant) + "\",step=\"" + escape(f.step) + "\"";
    }

    private static String escape(String value) {
        return value == null
                ? ""
                : value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
