package io.isobench.publisher;

import io.isobench.compare.ChangePoint;
import io.isobench.compare.ChangePointRule;
import io.isobench.compare.Comparability;
import io.isobench.compare.DecisionRule;
import io.isobench.compare.PercentileVerdict;
import io.isobench.compare.SeriesPoint;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A series (docs/site-data.md § Series): the runs that share target, configuration ({@code configHash}), the deciding
 * environment facts of docs/compare.md § Comparable, the operator's isolation verdict and the values of the labels the
 * run's author chose to split series by (spec.report.seriesLabels) — nightly runs of one benchmark
 * on one kind of machine. Its file lists every run, oldest first, with each step's p50, p99 and p99.9, and the change
 * points found ({@link ChangePointRule}), each stored with the run that closed its window. A run is judged once, when it
 * first reaches the series; a later publish never revises an earlier verdict.
 */
final class SiteSeries {

    static final String DIRECTORY = "data/series/";
    private static final String NOT_OK = "the run's verdict is not OK";
    private static final String LATE = "published after a newer run of the series: detection goes forward in time";
    private static final Comparator<Map<String, Object>> OLDEST_FIRST = Comparator.comparing(
                    (Map<String, Object> r) -> String.valueOf(r.get("startedAt")))
            .thenComparing(r -> String.valueOf(r.get("key")));

    private SiteSeries() {}

    /** What makes two runs one series, field by field (shown on the series page). */
    static Map<String, Object> identity(PublishedRun run) {
        RunResult r = run.result();
        var id = new LinkedHashMap<String, Object>();
        id.put("target", r.target());
        id.put("configHash", r.configHash());
        Comparability.environment(r).forEach((field, value) -> id.put("environment." + field, value));
        id.put(
                "isolated",
                run.isolation() == null || run.isolation().isolated() == null
                        ? "never claimed"
                        : run.isolation().isolated().toString());
        // the labels the run's author chose to split its series by (spec.report.seriesLabels), with their values
        for (String label : seriesLabels(run)) {
            id.put("label." + label, run.labels() == null ? null : run.labels().get(label));
        }
        return id;
    }

    /** spec.report.seriesLabels as applied, in order; none for a run without them (and for local runs). */
    private static List<String> seriesLabels(PublishedRun run) {
        if (run.spec() == null
                || !(run.spec().get("report") instanceof Map<?, ?> report)
                || !(report.get("seriesLabels") instanceof List<?> labels)) {
            return List.of();
        }
        return labels.stream().map(String::valueOf).toList();
    }

    /** The series' key: the first 16 hex digits of the SHA-256 of its identity, so a file name says nothing a run author wrote. */
    static String key(PublishedRun run) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(SitePublisher.json(identity(run)));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    static String path(String key) {
        return DIRECTORY + key + ".json";
    }

    /**
     * The series file with these runs added: a run already there keeps its entry and verdict; the new ones are judged in
     * time order, each against the runs before it.
     *
     * @param existing the series file as published, or null for a new series
     * @param runs     runs of this series (same {@link #key})
     */
    @SuppressWarnings("unchecked")
    static Map<String, Object> add(Map<String, Object> existing, List<PublishedRun> runs) {
        if (existing != null && !Integer.valueOf(SiteIndex.FORMAT_VERSION).equals(existing.get("formatVersion"))) {
            throw new IllegalStateException(
                    path(key(runs.getFirst())) + ": formatVersion " + existing.get("formatVersion") + " is not "
                            + SiteIndex.FORMAT_VERSION + " (written by another version of the publisher)");
        }
        Map<String, Object> series = existing == null ? fresh(runs.getFirst()) : new LinkedHashMap<>(existing);
        List<Map<String, Object>> entries = new ArrayList<>((List<Map<String, Object>>) series.get("runs"));
        var known = new HashSet<String>();
        entries.forEach(e -> known.add(String.valueOf(e.get("key"))));
        var steps = new LinkedHashMap<String, Object>();
        ((List<Map<String, Object>>) series.get("steps")).forEach(s -> steps.put(String.valueOf(s.get("id")), s));
        List<Map<String, Object>> added = runs.stream()
                .filter(r -> known.add(r.key().toString()))
                .map(SiteSeries::entry)
                .sorted(OLDEST_FIRST)
                .toList();
        for (PublishedRun run : runs) {
            for (StepResult step : run.result().steps()) {
                steps.putIfAbsent(step.id(), Map.of("id", step.id(), "label", String.valueOf(step.label())));
            }
        }
        for (Map<String, Object> entry : added) {
            boolean late = !entries.isEmpty() && OLDEST_FIRST.compare(entry, entries.getLast()) < 0;
            if (late) {
                entry.put("used", false);
                entry.put("notUsed", LATE);
                entries.add(insertionPoint(entries, entry), entry);
                continue;
            }
            if ("OK".equals(entry.get("verdict"))) {
                entry.put("used", true);
                entries.add(entry);
                ChangePointRule.closeWindow(lastWindow(entries)).ifPresent(cp -> entry.put("changePoint", json(cp)));
            } else {
                entry.put("used", false);
                entry.put("notUsed", NOT_OK);
                entries.add(entry);
            }
        }
        series.put("steps", new ArrayList<>(steps.values()));
        series.put("runs", entries);
        return series;
    }

    private static Map<String, Object> fresh(PublishedRun first) {
        var s = new LinkedHashMap<String, Object>();
        s.put("formatVersion", SiteIndex.FORMAT_VERSION);
        s.put("key", key(first));
        s.put("identity", identity(first));
        var rule = new LinkedHashMap<String, Object>();
        rule.put("window", ChangePointRule.WINDOW);
        rule.put("alphaPerBoundary", ChangePointRule.ALPHA_PER_BOUNDARY);
        rule.put("statedRuns", ChangePointRule.STATED_RUNS);
        rule.put("threshold", DecisionRule.DEFAULT_THRESHOLD);
        s.put("rule", rule);
        s.put("steps", List.of());
        s.put("runs", List.of());
        return s;
    }

    /** One run's point: per step measured OK, the geometric mean of its repetitions' p50, p99 and p99.9, in whole ns. */
    private static Map<String, Object> entry(PublishedRun run) {
        var e = new LinkedHashMap<String, Object>();
        e.put("key", run.key().toString());
        e.put("startedAt", String.valueOf(run.result().startedAt()));
        e.put(
                "verdict",
                run.result().verdict() == null
                        ? Verdict.FAIL.name()
                        : run.result().verdict().name());
        var values = new LinkedHashMap<String, Object>();
        SeriesPoint.of(run.key().toString(), run.result()).values().forEach((step, byPercentile) -> {
            var rounded = new LinkedHashMap<String, Object>();
            DecisionRule.PERCENTILES.forEach(p -> rounded.put(p, Math.round(byPercentile.get(p))));
            values.put(step, rounded);
        });
        e.put("values", values);
        return e;
    }

    /**
     * The runs detection looks at when the last entry arrives: the used ones since the last change point's "after" run,
     * at most two windows of them (the rule looks no further back). Read from the published values, so a run judged in
     * a batch and one judged alone see the same numbers.
     */
    @SuppressWarnings("unchecked")
    private static List<SeriesPoint> lastWindow(List<Map<String, Object>> entries) {
        var window = new ArrayList<SeriesPoint>();
        String since = null;
        for (int i = entries.size() - 1; i >= 0 && window.size() < 2 * ChangePointRule.WINDOW; i--) {
            Map<String, Object> e = entries.get(i);
            if (Boolean.TRUE.equals(e.get("used"))) {
                var values = new LinkedHashMap<String, Map<String, Double>>();
                ((Map<String, Map<String, Number>>) e.get("values")).forEach((step, byPercentile) -> {
                    var v = new LinkedHashMap<String, Double>();
                    byPercentile.forEach((p, n) -> v.put(p, n.doubleValue()));
                    values.put(step, v);
                });
                window.addFirst(new SeriesPoint(String.valueOf(e.get("key")), values));
            }
            if (since != null && since.equals(e.get("key"))) {
                break;
            }
            if (since == null && e.get("changePoint") instanceof Map<?, ?> cp) {
                since = String.valueOf(cp.get("after"));
            }
        }
        return window;
    }

    private static int insertionPoint(List<Map<String, Object>> entries, Map<String, Object> entry) {
        int i = entries.size();
        while (i > 0 && OLDEST_FIRST.compare(entries.get(i - 1), entry) > 0) {
            i--;
        }
        return i;
    }

    private static Map<String, Object> json(ChangePoint cp) {
        var m = new LinkedHashMap<String, Object>();
        m.put("before", cp.before());
        m.put("after", cp.after());
        var shifts = new ArrayList<Map<String, Object>>();
        for (PercentileVerdict v : cp.shifts()) {
            var s = new LinkedHashMap<String, Object>();
            s.put("step", v.step());
            s.put("percentile", v.percentile());
            s.put("change", v.change().text());
            s.put("ratio", v.ratio());
            s.put("low", v.low());
            s.put("high", v.high());
            s.put("pHolm", v.pHolm());
            s.put("runsBefore", v.repetitionsA());
            s.put("runsAfter", v.repetitionsB());
            shifts.add(s);
        }
        m.put("shifts", shifts);
        return m;
    }
}
