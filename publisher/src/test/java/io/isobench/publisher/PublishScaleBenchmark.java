package io.isobench.publisher;

import io.isobench.result.ResultJson;
import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.RunKey;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Not a test: `make bench-site` publishes 10,000 runs into a folder and reports time and bytes (BENCHMARKS.md). */
@Tag("benchmark")
class PublishScaleBenchmark {

    static final int RUNS = Integer.getInteger("isobench.bench.runs", 10_000);
    static final String[] TARGETS = {"dispatch", "tcp-echo", "udp-echo"};

    @Test
    void publishTenThousandRuns() throws Exception {
        Path out = Path.of(System.getProperty("isobench.bench.site", "target/site-10k"));
        PublishedRun template = LocalRuns.read(SitePublisherTest.FIXTURE);
        String json = new String(template.resultJson(), StandardCharsets.UTF_8);
        var runs = new ArrayList<PublishedRun>(RUNS);
        for (int i = 0; i < RUNS; i++) {
            String started =
                    Instant.parse("2026-01-01T00:00:00Z").plusSeconds(i * 97L).toString();
            String target = TARGETS[i % TARGETS.length];
            var tree = (com.fasterxml.jackson.databind.node.ObjectNode) ResultJson.MAPPER.readTree(json);
            tree.put("startedAt", started).put("target", target);
            String text = ResultJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(tree);
            runs.add(new PublishedRun(
                    new RunKey("team-" + (i % 5), "run-" + i, "uid-" + i),
                    Map.of("build", "b" + (i % 50), "team", "t" + (i % 5)),
                    List.of("bench-" + (i % 4)),
                    i % 17 == 0 ? "Failed" : "Succeeded",
                    new PublishedRun.Isolation(i % 3 != 0, "ExclusiveCpusVerified", Map.of()),
                    null,
                    null,
                    "isobench/runner:0.1.0",
                    Map.of(),
                    "",
                    started,
                    text.getBytes(StandardCharsets.UTF_8),
                    ResultJson.parse(text),
                    template.files(),
                    0));
        }
        long t0 = System.nanoTime();
        var publisher = new SitePublisher(new LocalDirectoryStore(out), "", Clock.systemUTC());
        Path bundle = Path.of(System.getProperty("isobench.bench.bundle", "../reports-site/dist"));
        if (Files.isDirectory(bundle)) {
            publisher.copyBundle(bundle);
        }
        var stats = publisher.publish(runs);
        double first = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        var again =
                new SitePublisher(new LocalDirectoryStore(out), "", Clock.systemUTC()).publish(List.of(runs.getLast()));
        double incremental = (System.nanoTime() - t1) / 1e9;
        long bytes;
        try (Stream<Path> files = Files.walk(out)) {
            bytes = files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
        long indexBytes;
        try (Stream<Path> files = Files.walk(out.resolve("data/index"))) {
            indexBytes = files.filter(Files::isRegularFile)
                            .mapToLong(f -> f.toFile().length())
                            .sum()
                    + Files.size(out.resolve("data/catalog.json"));
        }
        String row = String.format(
                "| %,d | %.1f s | %,d | %.1f MiB | %.1f MiB (%d shards) | %.2f s (%d written) |%n",
                RUNS,
                first,
                stats.written(),
                bytes / 1048576.0,
                indexBytes / 1048576.0,
                (RUNS + 499) / 500,
                incremental,
                again.written());
        Path md = Path.of(System.getProperty("isobench.bench.out", "target/publish-bench.md"));
        Files.createDirectories(md.toAbsolutePath().getParent());
        Files.writeString(
                md,
                "| runs | publish all (folder) | objects written | site size | index + catalog | republish one run |\n|---|---|---|---|---|---|\n"
                        + row);
        System.out.print(row);
    }
}
