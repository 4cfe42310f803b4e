package io.isobench.publisher;

import com.fasterxml.jackson.core.type.TypeReference;
import io.isobench.result.HistogramFiles;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ResultJson;
import io.isobench.store.ContentTypes;
import io.isobench.store.ObjectInfo;
import io.isobench.store.ObjectKeys;
import io.isobench.store.ObjectStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Writes the report site's data (docs/site-data.md) under a prefix of a store: a folder ({@code make demo}) or a
 * bucket's {@code site/} prefix (the operator). Per run: summary.json, result.json and the histogram files it names, as
 * {@code text/plain} whatever else a run holds (an uploaded {@code .html} or {@code .svg} would be active content on the
 * site's origin): any other file is ignored and counted. For all runs: the index, newest first in shards of 500, and the
 * catalog with facets; per series of runs (same target, configuration and machine), its runs and change points. Writing is idempotent —
 * an object already holding the same bytes is not written again — so publishing twice changes nothing.
 * Nothing secret is written: the spec comes in with runner.env values and runner.jvmOptions removed, and credentials never
 * reach here.
 */
public final class SitePublisher {

    /** What a publish did; {@code ignored}: files of the runs not published (not named by result.json, or not a histogram file). */
    public record Stats(int runs, int written, int unchanged, long bytesWritten, int ignored) {}

    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private final ObjectStore out;
    private final String prefix;
    private final Clock clock;
    private final int writers;
    private final AtomicInteger written = new AtomicInteger();
    private final AtomicInteger unchanged = new AtomicInteger();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicInteger ignored = new AtomicInteger();

    /**
     * Writes as many runs (and series) at once as the store takes to good effect ({@link ObjectStore#writesAtOnce()}):
     * one writer would leave the CPUs idle while a bucket answers each put and stat in a round trip of its own.
     *
     * @param prefix where the site lives in the store: "" for a folder of its own, "site/" in a bucket
     */
    public SitePublisher(ObjectStore out, String prefix, Clock clock) {
        this(out, prefix, clock, out.writesAtOnce());
    }

    /** @param writers runs written at once (the benchmark compares one with the store's own count) */
    SitePublisher(ObjectStore out, String prefix, Clock clock, int writers) {
        this.out = out;
        this.prefix = prefix.isEmpty() ? "" : ObjectKeys.requireSafePrefix("site prefix", prefix);
        this.clock = clock;
        this.writers = writers;
    }

    /** Publishes these runs (new or updated) and refreshes the index and catalog once. */
    public synchronized Stats publish(List<PublishedRun> runs) {
        written.set(0);
        unchanged.set(0);
        bytes.set(0);
        ignored.set(0);
        var entries = new LinkedHashMap<String, Map<String, Object>>();
        readIndex().forEach(e -> entries.put(String.valueOf(e.get("key")), e));
        // each run's files, then its index entry, in the runs' order whichever writer finished first
        for (Map<String, Object> entry : eachAtOnce(runs, this::writeRun)) {
            entries.put(String.valueOf(entry.get("key")), entry);
        }
        writeIndex(new ArrayList<>(entries.values()));
        writeSeries(runs);
        write("data/references.json", resource("references.json"), ContentTypes.JSON);
        return new Stats(runs.size(), written.get(), unchanged.get(), bytes.get(), ignored.get());
    }

    /**
     * One run's summary, result and histogram files; its index entry. What the run's folder already holds is read with
     * one listing: into a bucket every stat is a round trip, and a run has a dozen files or more.
     */
    private Map<String, Object> writeRun(PublishedRun run) {
        String base = "data/runs/" + run.key() + "/";
        var present = new HashMap<String, ObjectInfo>();
        out.list(prefix + base).forEach(o -> present.put(o.key(), o));
        Function<String, Optional<ObjectInfo>> held = key -> Optional.ofNullable(present.get(key));
        write(base + "summary.json", json(summary(run)), ContentTypes.JSON, held);
        write(base + "result.json", run.resultJson(), ContentTypes.JSON, held);
        writeHistogramFiles(base, run, held);
        return SiteIndex.entry(run);
    }

    /** Each series these runs belong to gets them added (docs/site-data.md § Series); earlier verdicts stay as published. */
    private void writeSeries(List<PublishedRun> runs) {
        var bySeries = new LinkedHashMap<String, List<PublishedRun>>();
        runs.forEach(r -> bySeries.computeIfAbsent(SiteSeries.key(r), k -> new ArrayList<>())
                .add(r));
        // series are apart: each is read, judged and written by one writer
        eachAtOnce(List.copyOf(bySeries.entrySet()), series -> {
            String path = SiteSeries.path(series.getKey());
            Map<String, Object> existing =
                    out.get(prefix + path).map(SitePublisher::parse).orElse(null);
            write(path, compactJson(SiteSeries.add(existing, series.getValue())), ContentTypes.JSON);
            return path;
        });
    }

    /**
     * {@code work} applied to every item by up to {@code writers} threads, the results in the items' order. After the
     * first failure (a store that refuses or is gone) no writer takes another item; it is thrown as it was once the
     * items in flight are done, and the index is not written (a run never appears in the index before its files).
     */
    private <T, R> List<R> eachAtOnce(List<T> items, Function<T, R> work) {
        if (items.size() <= 1 || writers == 1) {
            return items.stream().map(work).toList();
        }
        var results = new ArrayList<R>(items.size());
        int threads = Math.min(writers, items.size());
        try (ExecutorService pool = Executors.newFixedThreadPool(
                threads,
                Thread.ofPlatform().name("isobench-publish-", 1).daemon().factory())) {
            var pending = new ArrayList<Future<R>>(items.size());
            var failed = new AtomicBoolean();
            items.forEach(item -> pending.add(pool.submit(() -> {
                if (failed.get()) {
                    return null; // a writer failed: none takes another item, the failure is what is thrown
                }
                try {
                    return work.apply(item);
                } catch (RuntimeException | Error e) {
                    failed.set(true);
                    throw e;
                }
            })));
            try {
                for (Future<R> result : pending) {
                    results.add(result.get());
                }
            } catch (ExecutionException e) {
                pending.forEach(f -> f.cancel(false));
                throw rethrown(e.getCause());
            } catch (InterruptedException e) {
                pending.forEach(f -> f.cancel(true));
                Thread.currentThread().interrupt();
                throw new IllegalStateException("publishing was interrupted", e);
            }
        }
        return results;
    }

    private static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("publishing failed: " + cause, cause);
    }

    /** Only what result.json names, only histogram files, only as plain text, whoever built the run's file map. */
    private void writeHistogramFiles(String base, PublishedRun run, Function<String, Optional<ObjectInfo>> held) {
        ignored.addAndGet(run.ignoredFiles());
        Map<String, String> named = HistogramFiles.named(run.result());
        run.files().forEach((path, content) -> {
            if (publishable(named.get(path), path)) {
                write(base + path, content, ContentTypes.TEXT, held);
            } else {
                ignored.incrementAndGet();
            }
        });
    }

    /** @param field the result.json field naming the path ({@code ….files.hgrm} or {@code ….files.hlog}), or null */
    private static boolean publishable(String field, String path) {
        if (field == null) {
            return false;
        }
        try {
            HistogramFiles.requirePath(field, path, field.substring(field.lastIndexOf('.') + 1));
            return true;
        } catch (ResultFormatException e) {
            return false;
        }
    }

    /** Copies the prebuilt site bundle (reports-site/dist: index.html, assets/…) beside the data. */
    public synchronized void copyBundle(Path dist) {
        try (Stream<Path> files = Files.walk(dist)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String path = dist.relativize(f).toString().replace('\\', '/');
                write(path, Files.readAllBytes(f), ContentTypes.of(path));
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot copy the site bundle from " + dist + ": " + e.getMessage(), e);
        }
    }

    private Map<String, Object> summary(PublishedRun run) {
        var s = new LinkedHashMap<String, Object>();
        s.put("formatVersion", SiteIndex.FORMAT_VERSION);
        s.put("key", run.key().toString());
        s.put("namespace", run.key().namespace());
        s.put("name", run.key().name());
        s.put("uid", run.key().uid());
        s.put("labels", run.labels() == null ? Map.of() : run.labels());
        s.put("nodes", run.nodes() == null ? List.of() : run.nodes());
        s.put("phase", run.phase());
        s.put("message", run.message());
        s.put("createdAt", run.createdAt());
        var isolation = new LinkedHashMap<String, Object>();
        if (run.isolation() != null) {
            isolation.put("isolated", run.isolation().isolated());
            isolation.put("reason", run.isolation().reason());
            if (run.isolation().facts() != null) {
                isolation.putAll(run.isolation().facts());
            }
        }
        s.put("isolation", isolation);
        s.put("image", run.image());
        s.put("baseline", run.baseline());
        s.put("series", SiteSeries.key(run));
        s.put("spec", run.spec());
        s.put("rerunYaml", run.rerunYaml());
        s.put("result", "result.json");
        return s;
    }

    private List<Map<String, Object>> readIndex() {
        Optional<byte[]> catalog = out.get(prefix + "data/catalog.json");
        if (catalog.isEmpty()) {
            return List.of();
        }
        var entries = new ArrayList<Map<String, Object>>();
        Map<String, Object> c = parse(catalog.get());
        for (Object shard : (List<?>) c.getOrDefault("shards", List.of())) {
            String path = String.valueOf(((Map<?, ?>) shard).get("path"));
            out.get(prefix + path).ifPresent(bytes -> {
                for (Object e : (List<?>) parse(bytes).getOrDefault("runs", List.of())) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> entry = (Map<String, Object>) e;
                    entries.add(entry);
                }
            });
        }
        return entries;
    }

    private void writeIndex(List<Map<String, Object>> entries) {
        entries.sort(SiteIndex.NEWEST_FIRST);
        var shards = SiteIndex.shards(entries);
        var shardInfo = new ArrayList<Map<String, Object>>();
        for (int i = 0; i < shards.size(); i++) {
            var shard = shards.get(i);
            write(
                    SiteIndex.shardPath(i),
                    json(Map.of("formatVersion", SiteIndex.FORMAT_VERSION, "runs", shard)),
                    ContentTypes.JSON);
            var info = new LinkedHashMap<String, Object>();
            info.put("path", SiteIndex.shardPath(i));
            info.put("count", shard.size());
            info.put("newestStartedAt", shard.getFirst().get("startedAt"));
            info.put("oldestStartedAt", shard.getLast().get("startedAt"));
            info.putAll(SiteIndex.facets(shard));
            shardInfo.add(info);
        }
        // shards beyond the new count (runs can only be added, but a republish may change order) are removed
        List<String> stale = out.list(prefix + "data/index/").stream()
                .map(ObjectInfo::key)
                .filter(k -> shardInfo.stream().noneMatch(s -> (prefix + s.get("path")).equals(k)))
                .toList();
        out.delete(stale);
        var catalog = new LinkedHashMap<String, Object>();
        catalog.put("formatVersion", SiteIndex.FORMAT_VERSION);
        catalog.put("runCount", entries.size());
        catalog.put("shardSize", SiteIndex.SHARD_SIZE);
        catalog.put("shards", shardInfo);
        catalog.put("facets", SiteIndex.facets(entries));
        catalog.put("references", "data/references.json");
        Optional<byte[]> previous = out.get(prefix + "data/catalog.json");
        // generatedAt moves only when the catalog's content does, so an unchanged republish writes nothing
        catalog.put(
                "generatedAt",
                previous.map(p -> parse(p))
                        .filter(p -> sameExceptTime(p, catalog))
                        .map(p -> p.get("generatedAt"))
                        .orElse(clock.instant().toString()));
        write("data/catalog.json", json(catalog), ContentTypes.JSON);
    }

    private static boolean sameExceptTime(Map<String, Object> previous, Map<String, Object> next) {
        var p = new HashMap<>(previous);
        p.remove("generatedAt");
        return parse(json(p)).equals(parse(json(next)));
    }

    private void write(String path, byte[] content, String contentType) {
        write(path, content, contentType, out::stat);
    }

    /** @param held what the store holds under a key, as a stat says or as a listing taken before said */
    private void write(String path, byte[] content, String contentType, Function<String, Optional<ObjectInfo>> held) {
        String key = prefix + path;
        Optional<ObjectInfo> existing = held.apply(key);
        if (existing.isPresent() && out.holds(existing.get(), content)) {
            unchanged.incrementAndGet();
            return;
        }
        out.put(key, content, contentType);
        written.incrementAndGet();
        bytes.addAndGet(content.length);
    }

    static byte[] json(Object value) {
        return ResultJson.toJson(value).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Without indentation: a series is the largest file the site reads at once (10,000 runs: 2 MiB instead of 5), and its
     * view is held to one second (BENCHMARKS.md § A series of 10,000 runs).
     */
    static byte[] compactJson(Object value) {
        try {
            return ResultJson.MAPPER.writeValueAsBytes(value);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    private static Map<String, Object> parse(byte[] bytes) {
        try {
            return ResultJson.MAPPER.readValue(bytes, MAP);
        } catch (IOException e) {
            throw new IllegalStateException("the published index is not valid JSON: " + e.getMessage(), e);
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = SitePublisher.class.getResourceAsStream(name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(name + " is missing from the publisher", e);
        }
    }
}
