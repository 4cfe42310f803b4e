package io.isobench.publisher;

import io.isobench.store.ContentTypes;
import io.isobench.store.LocalDirectoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Not a test: {@code make bench-series} judges a series of 10,000 nightly runs (the fixture's benchmark, ±1 % of noise,
 * 10 % slower every 2,500 runs) with the publisher's own series code, run by run, and writes its file beside the site
 * bundle, for the series view's time in Chromium (BENCHMARKS.md).
 */
@Tag("benchmark")
class SeriesScaleBenchmark {

    static final int RUNS = Integer.getInteger("isobench.bench.runs", 10_000);

    @Test
    void judgeTenThousandRunsOfOneSeries() throws Exception {
        Path out = Path.of(System.getProperty("isobench.bench.site", "target/series-10k"));
        PublishedRun template = LocalRuns.read(SitePublisherTest.FIXTURE);
        Random noise = new Random(10_000);
        var runs = new ArrayList<PublishedRun>(RUNS);
        for (int night = 0; night < RUNS; night++) {
            // 10 % slower every 2,500 runs: steps, not a slope, so the whole division is meant
            int steps = night / 2_500;
            runs.add(SiteSeriesTest.nightly(template, night, Math.pow(1.10, steps), noise));
        }
        long t0 = System.nanoTime();
        Map<String, Object> series = null;
        // one run at a time, as the operator publishes them
        for (PublishedRun run : runs) {
            series = SiteSeries.add(series, java.util.List.of(run));
        }
        double judged = (System.nanoTime() - t0) / 1e9;
        var store = new LocalDirectoryStore(out);
        byte[] json = SitePublisher.compactJson(series);
        store.put(SiteSeries.path(SiteSeries.key(runs.getFirst())), json, ContentTypes.JSON);
        Path bundle = Path.of(System.getProperty("isobench.bench.bundle", "../reports-site/dist"));
        if (Files.isDirectory(bundle)) {
            new SitePublisher(store, "", Clock.systemUTC()).copyBundle(bundle);
        }
        long found = ((java.util.List<?>) series.get("runs"))
                .stream()
                        .filter(r -> ((Map<?, ?>) r).containsKey("changePoint"))
                        .count();
        String row = String.format(
                Locale.ROOT,
                "| %,d | %.1f s (%.2f ms a run) | %.1f MiB | %d |%n",
                RUNS,
                judged,
                1000 * judged / RUNS,
                json.length / 1048576.0,
                found);
        Path md = Path.of(System.getProperty("isobench.bench.out", "target/series-bench.md"));
        Files.createDirectories(md.toAbsolutePath().getParent());
        Files.writeString(
                md,
                "| runs in the series | judged one at a time (publisher) | series file | change points found |\n"
                        + "|---|---|---|---|\n" + row);
        Files.writeString(out.resolve("series-key.txt"), SiteSeries.key(runs.getFirst()));
        System.out.print(row);
    }
}
