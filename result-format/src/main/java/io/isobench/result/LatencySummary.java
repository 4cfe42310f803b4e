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

    public static final LatencySummary EMPTY = builder().build();

    public static LatencySummary of(AbstractHistogram h) {
        if (h.getTotalCount() == 0) {
            return EMPTY;
        }
        return builder()
                .count(h.getTotalCount())
                .min(h.getMinValue())
                .p50(h.getValueAtPercentile(50))
                .p66(h.getValueAtPercentile(66))
                .p75(h.getValueAtPercentile(75))
                .p80(h.getValueAtPercentile(80))
                .p90(h.getValueAtPercentile(90))
                .p95(h.getValueAtPercentile(95))
                .p98(h.getValueAtPercentile(98))
                .p99(h.getValueAtPercentile(99))
                .p99_9(h.getValueAtPercentile(99.9))
                .p99_99(h.getValueAtPercentile(99.99))
                .p99_999(h.getValueAtPercentile(99.999))
                .max(h.getMaxValue())
                .mean(h.getMean())
                .stddev(h.getStdDeviation())
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a summary by name: sixteen numbers in a row give no hint which one is the p99. */
    public static final class Builder {
        private long count;
        private long min;
        private long p50;
        private long p66;
        private long p75;
        private long p80;
        private long p90;
        private long p95;
        private long p98;
        private long p99;
        private long p99_9;
        private long p99_99;
        private long p99_999;
        private long max;
        private double mean;
        private double stddev;

        private Builder() {}

        public Builder count(long v) {
            count = v;
            return this;
        }

        public Builder min(long v) {
            min = v;
            return this;
        }

        public Builder p50(long v) {
            p50 = v;
            return this;
        }

        public Builder p66(long v) {
            p66 = v;
            return this;
        }

        public Builder p75(long v) {
            p75 = v;
            return this;
        }

        public Builder p80(long v) {
            p80 = v;
            return this;
        }

        public Builder p90(long v) {
            p90 = v;
            return this;
        }

        public Builder p95(long v) {
            p95 = v;
            return this;
        }

        public Builder p98(long v) {
            p98 = v;
            return this;
        }

        public Builder p99(long v) {
            p99 = v;
            return this;
        }

        public Builder p99_9(long v) {
            p99_9 = v;
            return this;
        }

        public Builder p99_99(long v) {
            p99_99 = v;
            return this;
        }

        public Builder p99_999(long v) {
            p99_999 = v;
            return this;
        }

        public Builder max(long v) {
            max = v;
            return this;
        }

        public Builder mean(double v) {
            mean = v;
            return this;
        }

        public Builder stddev(double v) {
            stddev = v;
            return this;
        }

        public LatencySummary build() {
            return new LatencySummary(
                    count, min, p50, p66, p75, p80, p90, p95, p98, p99, p99_9, p99_99, p99_999, max, mean, stddev);
        }
    }
}
