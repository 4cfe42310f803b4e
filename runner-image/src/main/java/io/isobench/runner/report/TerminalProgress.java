package io.isobench.runner.report;

import io.isobench.result.RepetitionResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.StepPlan;
import java.io.PrintWriter;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** A live status line on a terminal, rewritten each interval; one summary line per repetition. */
public final class TerminalProgress implements Progress {

    private static final int BAR = 20;
    private final PrintWriter out;
    private int lastLength;

    public TerminalProgress(PrintWriter out) {
        this.out = out;
    }

    @Override
    public synchronized void repetitionStarted(StepPlan step, int repetition, int repetitions) {
        line(String.format(
                Locale.ROOT, "%s %s rep %d/%d: warming up…", name(step), step.label(), repetition, repetitions));
    }

    @Override
    public synchronized void interval(
            StepPlan step, int repetition, long elapsedNanos, long durationNanos, Histogram interval, long completed) {
        int filled = durationNanos <= 0 ? BAR : (int) Math.min(BAR, BAR * elapsedNanos / durationNanos);
        String bar = "#".repeat(filled) + "-".repeat(BAR - filled);
        String latency = interval.getTotalCount() == 0
                ? "no samples"
                : "p50 " + HumanUnits.latency(interval.getValueAtPercentile(50)) + " · p99 "
                        + HumanUnits.latency(interval.getValueAtPercentile(99)) + " · max "
                        + HumanUnits.latency(interval.getMaxValue());
        line(String.format(
                Locale.ROOT,
                "%s %s rep %d [%s] %.1f/%.1f s · %s",
                name(step),
                step.label(),
                repetition,
                bar,
                elapsedNanos / 1e9,
                durationNanos / 1e9,
                latency));
    }

    @Override
    public synchronized void repetitionFinished(StepPlan step, RepetitionResult r) {
        line(String.format(
                Locale.ROOT,
                "%s %s %s rep %d: p50 %s · p99 %s · max %s · %s samples · achieved %s%s",
                r.verdict() == Verdict.OK ? "ok  " : r.verdict().name(),
                name(step),
                step.label(),
                r.index(),
                HumanUnits.latency(r.latency().p50()),
                HumanUnits.latency(r.latency().p99()),
                HumanUnits.latency(r.latency().max()),
                HumanUnits.count(r.latency().count()),
                HumanUnits.rate(r.achievedRate()),
                r.reason() == null ? "" : " · " + r.reason()));
        out.println();
        lastLength = 0;
    }

    @Override
    public void stepFinished(StepResult result) {}

    @Override
    public synchronized void warn(String message) {
        if (lastLength > 0) {
            out.println();
            lastLength = 0;
        }
        out.println("warning: " + message);
    }

    private void line(String text) {
        StringBuilder s = new StringBuilder("\r").append(text);
        for (int i = text.length(); i < lastLength; i++) {
            s.append(' ');
        }
        out.print(s);
        out.flush();
        lastLength = text.length();
    }

    private static String name(StepPlan step) {
        return step.variant() == null ? step.target() : step.target() + "/" + step.variant();
    }
}
