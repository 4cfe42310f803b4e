package io.isobench.result;

import org.HdrHistogram.AbstractHistogram;

/**
 * Percentiles of one latency distribution, all in nanoseconds. The set covers both the seeds' tables:
 * the dispatch sweep (p50…p99.999, max) and the HTTP client sweep (50/66/75/80/90/95/98/99/99.9/99.99%).
 */
public record LatencySummary(
        long count,
        long min,
        long p50,
        long p66,
        long p75,
        long p80,
        long p90,
        long p95,
        long p98,
        long p99,
        long p99_9,
        long p99_99,
        long p99_999,
        long max,
        double mean,
        double stddev) {

    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public static LatencySummary of(AbstractHistogram h) {
        if (h.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(
                h.getTotalCount(),
                h.getMinValue(),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(66),
                h.getValueAtPercentile(75),
                h.getValueAtPercentile(80),
                h.getValueAtPercentile(90),
                h.getValueAtPercentile(95),
                h.getValueAtPercentile(98),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9),
                h.getValueAtPercentile(99.99),
                h.getValueAtPercentile(99.999),
                h.getMaxValue(),
                h.getMean(),
                h.getStdDeviation());
    }
}
