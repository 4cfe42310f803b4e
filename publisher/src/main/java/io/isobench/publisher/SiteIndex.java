package io.isobench.publisher;

import io.isobench.result.LatencySummary;
import io.isobench.result.LoadMode;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/** The run index of docs/site-data.md: one entry per run, newest first, in shards of {@link #SHARD_SIZE}, and the catalog's facets. */
final class SiteIndex {

    static final int SHARD_SIZE = 500;
    static final int FORMAT_VERSION = 1;

    static final Comparator<Map<String, Object>> NEWEST_FIRST = Comparator.comparing(
                    (Map<String, Object> e) -> String.valueOf(e.get("startedAt")))
            .reversed()
            .thenComparing(e -> String.valueOf(e.get("key")));

    private SiteIndex() {}

    /** A RunEntry (field table in docs/site-data.md). */
    static Map<String, Object> entry(PublishedRun run) {
        RunResult r = run.result();
        var e = new LinkedHashMap<String, Object>();
        e.put("key", run.key().toString());
        e.put("namespace", run.key().namespace());
        e.put("name", run.key().name());
        e.put("uid", run.key().uid());
        e.put("target", r.target());
        e.put(
                "variants",
                r.steps().stream()
                        .map(StepResult::variant)
                        .filter(Objects::nonNull)
                        .distinct()
                        .toList());
        e.put("labels", run.labels() == null ? Map.of() : new TreeMap<>(run.labels()));
        e.put("nodes", run.nodes() == null ? List.of() : run.nodes());
        e.put("startedAt", String.valueOf(r.startedAt()));
        e.put("finishedAt", String.valueOf(r.finishedAt()));
        e.put("phase", run.phase());
        e.put("verdict", r.verdict() == null ? "FAIL" : r.verdict().name());
        e.put("isolated", run.isolation() == null ? null : run.isolation().isolated());
        e.put("cpuModel", r.environment() == null ? null : r.environment().cpuModel());
        e.put(
                "jvm",
                r.environment() == null || r.environment().jvm() == null
                        ? null
                        : r.environment().jvm().vendor() + " "
                                + r.environment().jvm().version());
        e.put(
                "loadModes",
                r.steps().stream()
                        .filter(s -> s.load() != null)
                        .map(s -> s.load().mode().json())
                        .distinct()
                        .toList());
        e.put("headline", headline(r));
        e.put("baseline", run.baseline());
        e.put("series", SiteSeries.key(run));
        e.put("message", run.message());
        return e;
    }

    /** The OK step with the highest load of the first variant, else the first step. */
    static Map<String, Object> headline(RunResult r) {
        if (r.steps() == null || r.steps().isEmpty()) {
            return null;
        }
        String first = r.steps().getFirst().variant();
        StepResult pick = r.steps().stream()
                .filter(s -> Objects.equals(first, s.variant()) && s.verdict() == Verdict.OK && s.load() != null)
                .max(Comparator.comparingLong(SiteIndex::loadSize))
                .orElse(r.steps().getFirst());
        LatencySummary l =
                pick.merged() == null ? LatencySummary.EMPTY : pick.merged().latency();
        var h = new LinkedHashMap<String, Object>();
        h.put("stepId", pick.id());
        h.put("label", pick.label());
        h.put("p50", l.p50());
        h.put("p99", l.p99());
        h.put("max", l.max());
        h.put(
                "achievedRate",
                pick.repetitions() == null
                        ? 0
                        : Math.round(pick.repetitions().stream()
                                .mapToDouble(x -> x.achievedRate())
                                .average()
                                .orElse(0)));
        h.put("samples", l.count());
        return h;
    }

    private static long loadSize(StepResult s) {
        return s.load().mode() == LoadMode.OPEN_LOOP
                ? s.load().targetRate()
                : s.load().concurrency();
    }

    /** Splits the entries (already newest first) into shards. */
    static List<List<Map<String, Object>>> shards(List<Map<String, Object>> entries) {
        var shards = new ArrayList<List<Map<String, Object>>>();
        for (int i = 0; i < entries.size(); i += SHARD_SIZE) {
            shards.add(entries.subList(i, Math.min(entries.size(), i + SHARD_SIZE)));
        }
        return shards;
    }

    static String shardPath(int index) {
        return "data/index/runs-%04d.json".formatted(index);
    }

    /** Facet values of some entries: targets, verdicts, nodes, label values per key. */
    static Map<String, Object> facets(List<Map<String, Object>> entries) {
        var targets = new TreeSet<String>();
        var verdicts = new TreeSet<String>();
        var nodes = new TreeSet<String>();
        var labels = new TreeMap<String, TreeSet<String>>();
        for (var e : entries) {
            targets.add(String.valueOf(e.get("target")));
            verdicts.add(String.valueOf(e.get("verdict")));
            for (Object n : (List<?>) e.get("nodes")) {
                nodes.add(String.valueOf(n));
            }
            ((Map<?, ?>) e.get("labels"))
                    .forEach((k, v) -> labels.computeIfAbsent(String.valueOf(k), x -> new TreeSet<>())
                            .add(String.valueOf(v)));
        }
        var f = new LinkedHashMap<String, Object>();
        f.put("targets", targets);
        f.put("verdicts", verdicts);
        f.put("nodes", nodes);
        f.put("labels", labels);
        return f;
    }
}
