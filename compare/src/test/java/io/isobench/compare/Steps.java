package io.isobench.compare;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LatencySummary;
import io.isobench.result.Load;
import io.isobench.result.MergedResult;
import io.isobench.result.RepetitionResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.ArrayList;
import java.util.List;

/** Small steps for the unit tests: repetitions with given p50s (p99 twice, p99.9 three times that). */
final class Steps {

    private Steps() {}

    static LatencySummary latency(long count, long p50) {
        return LatencySummary.builder()
                .count(count)
                .min(1)
                .p50(p50)
                .p66(p50)
                .p75(p50)
                .p80(p50)
                .p90(p50)
                .p95(p50)
                .p98(p50)
                .p99(2 * p50)
                .p99_9(3 * p50)
                .p99_99(3 * p50)
                .p99_999(3 * p50)
                .max(3 * p50)
                .mean(p50)
                .stddev(1)
                .build();
    }

    static StepResult step(String id, Verdict verdict, long... p50s) {
        List<RepetitionResult> reps = new ArrayList<>();
        long count = 0;
        for (int i = 0; i < p50s.length; i++) {
            long samples = p50s[i] == 0 ? 0 : 100;
            count += samples;
            reps.add(RepetitionResult.builder()
                    .index(i + 1)
                    .latency(samples == 0 ? LatencySummary.EMPTY : latency(samples, p50s[i]))
                    .verdict(verdict)
                    .build());
        }
        return new StepResult(
                id,
                id + " label",
                "isobench",
                Load.closedLoop(1, 0, 1000),
                LatencyMeasure.ONE_WAY,
                reps,
                new MergedResult(count == 0 ? LatencySummary.EMPTY : latency(count, p50s[0]), null, null),
                verdict,
                verdict == Verdict.OK ? null : "why " + id);
    }

    static StepResult step(String id, long... p50s) {
        return step(id, Verdict.OK, p50s);
    }
}
