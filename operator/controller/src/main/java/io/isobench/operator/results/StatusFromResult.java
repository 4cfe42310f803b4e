package io.isobench.operator.results;

import io.isobench.operator.api.RunVerdict;
import io.isobench.operator.api.StepStatus;
import io.isobench.operator.api.SummaryStatus;
import io.isobench.operator.api.VariantComparisonStatus;
import io.isobench.result.LatencySummary;
import io.isobench.result.LoadMode;
import io.isobench.result.PrecisionNote;
import io.isobench.result.ResultPlausibility;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The runner's result.json as status: per step the merged figures (all repetitions), and a headline step for
 * the printer columns. Values a real run cannot produce are refused (the field and value named), so a corrupt or
 * hostile upload fails the run with a reason instead of landing in status.
 */
public final class StatusFromResult {

    private StatusFromResult() {}

    /** Bounds a step's reason in status, so 500 steps stay far below etcd's object size limit. */
    static final int MAX_REASON = 300;

    /**
     * Every variant against the first, as the runner compared them: one line each (null for a run without variants). The
     * summary is the runner's words, bounded like a step's reason.
     */
    public static List<VariantComparisonStatus> variantComparisons(RunResult result) {
        if (result.variantComparisons() == null || result.variantComparisons().isEmpty()) {
            return null;
        }
        return result.variantComparisons().stream()
                .map(c -> new VariantComparisonStatus(c.variant(), c.baseline(), c.outcome(), bounded(c.summary())))
                .toList();
    }

    /** @param expectedTarget the run's target; the result must be a plausible one for it ({@link ResultPlausibility}) */
    public static List<StepStatus> steps(RunResult result, String expectedTarget) {
        ResultPlausibility.check(result, expectedTarget);
        return result.steps().stream().map(StatusFromResult::step).toList();
    }

    private static StepStatus step(StepResult s) {
        LatencySummary l = s.merged().latency();
        var status = new StepStatus();
        status.setId(s.id());
        status.setVariant(s.variant());
        if (s.load() != null && s.load().mode() == LoadMode.OPEN_LOOP) {
            status.setTargetRate(s.load().targetRate());
        } else if (s.load() != null) {
            status.setClients(s.load().concurrency());
        }
        double achieved = s.repetitions() == null
                ? 0
                : s.repetitions().stream()
                        .mapToDouble(r -> r.achievedRate())
                        .average()
                        .orElse(0);
        status.setAchievedRate(Math.round(achieved));
        status.setSamples(l.count());
        status.setRepetitions(s.repetitions() == null ? 0 : s.repetitions().size());
        PrecisionNote.of(s).map(StatusFromResult::bounded).ifPresent(status::setPrecision);
        status.setP50(l.p50());
        status.setP90(l.p90());
        status.setP99(l.p99());
        status.setP99_9(l.p99_9());
        status.setP99_99(l.p99_99());
        status.setP99_999(l.p99_999());
        status.setMax(l.max());
        status.setMean(Math.round(l.mean()));
        status.setVerdict(s.verdict() == null ? null : verdict(s.verdict()));
        status.setReason(bounded(s.reason()));
        return status;
    }

    private static String bounded(String text) {
        return text == null || text.length() <= MAX_REASON ? text : text.substring(0, MAX_REASON - 1) + "…";
    }

    /** The runner's verdict as status words it (every verdict has one: a new one does not compile until it is given here). */
    public static RunVerdict verdict(Verdict verdict) {
        return switch (verdict) {
            case OK -> RunVerdict.OK;
            case FAIL -> RunVerdict.FAIL;
            case INCONCLUSIVE -> RunVerdict.INCONCLUSIVE;
        };
    }

    /** The OK step at the highest load of the first variant, else the first step. */
    public static SummaryStatus summary(List<StepStatus> steps) {
        String firstVariant = steps.getFirst().getVariant();
        Optional<StepStatus> headline = steps.stream()
                .filter(s -> Objects.equals(firstVariant, s.getVariant()) && s.getVerdict() == RunVerdict.OK)
                .max(Comparator.comparingLong(s ->
                        s.getTargetRate() != null ? s.getTargetRate() : s.getClients() == null ? 0 : s.getClients()));
        StepStatus h = headline.orElse(steps.getFirst());
        return new SummaryStatus(h.getId(), nanos(h.getP50()), nanos(h.getP99()));
    }

    /** 463 → "463ns", 2140 → "2.14us", 3_500_000 → "3.5ms" (kubectl columns: ASCII units). */
    static String nanos(Long value) {
        if (value == null) {
            return null;
        }
        long v = value;
        if (v < 1_000) {
            return v + "ns";
        }
        String[] units = {"us", "ms", "s"};
        double scaled = v / 1_000.0;
        int u = 0;
        while (scaled >= 1_000 && u < units.length - 1) {
            scaled /= 1_000;
            u++;
        }
        String text =
                scaled >= 100 ? String.format(Locale.ROOT, "%.0f", scaled) : String.format(Locale.ROOT, "%.3g", scaled);
        if (text.contains(".")) {
            text = text.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return text + units[u];
    }
}
