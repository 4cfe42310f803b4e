package io.isobench.publisher;

import io.isobench.store.BucketLayout;
import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.StoreConfig;
import io.isobench.store.testing.HeldBackAnswers;
import io.isobench.store.testing.MinioServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Not a test: `make bench-site` publishes 10,000 runs into a folder and reports time and bytes (BENCHMARKS.md). */
@Tag("benchmark")
class PublishScaleBenchmark {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    static final int RUNS = Integer.getInteger("isobench.bench.runs", 10_000);
    static final int ROUNDS = Integer.getInteger("isobench.bench.rounds", 3);

    /**
     * A bucket, where every put and stat is an HTTP round trip: the same runs into a real MinIO server on 127.0.0.1,
     * cold (a new bucket each time), one writer against the default, interleaved.
     */
    @Test
    void publishToABucket() throws Exception {
        int count = Integer.getInteger("isobench.bench.bucketRuns", 1_000);
        List<PublishedRun> runs = SyntheticRuns.of(count);
        int bucketWriters;
        try (var store = new MinioObjectStore(
                new StoreConfig(minio.endpoint(), "any", minio.accessKey(), minio.secretKey(), null))) {
            bucketWriters = store.writesAtOnce();
        }
        String rows = interleaved(bucketWriters, (round, writers) -> {
            try (var store = minio.newStore("round-" + round + "-writers-" + writers)) {
                return time(new SitePublisher(store, BucketLayout.SITE_PREFIX, Clock.systemUTC(), writers), runs);
            }
        });
        String table = String.format(
                "Cold publishes of %,d runs into a MinIO bucket on 127.0.0.1 (each put and stat a round trip), one writer "
                        + "against %d, interleaved:%n%n%s",
                count, bucketWriters, rows);
        report("isobench.bench.bucketOut", "target/publish-bucket-bench.md", table);
    }

    /**
     * The same into a bucket whose every answer is held back (5 ms here), as one across a network: the round trips a
     * cold publish pays, per run, and the time they take with the default writers.
     */
    @Test
    void publishToABucketAcrossANetwork() throws Exception {
        int count = Integer.getInteger("isobench.bench.remoteRuns", 200);
        long delay = Long.getLong("isobench.bench.remoteDelayMillis", 5);
        List<PublishedRun> runs = SyntheticRuns.of(count);
        try (var held = new HeldBackAnswers(minio.endpoint(), delay);
                var store = new MinioObjectStore(
                                new StoreConfig(held.endpoint(), "remote", minio.accessKey(), minio.secretKey(), null))
                        .ensureBucket()) {
            long before = held.answers();
            double seconds = time(new SitePublisher(store, BucketLayout.SITE_PREFIX, Clock.systemUTC()), runs);
            String table = String.format(
                    "Cold publish of %,d runs into a MinIO bucket whose every answer is held back %d ms (a relay on "
                            + "127.0.0.1), %d writers:%n%n| runs | time | requests | requests per run |%n|---|---|---|---|%n"
                            + "| %,d | %.1f s | %,d | %.1f |%n",
                    count,
                    delay,
                    store.writesAtOnce(),
                    count,
                    seconds,
                    held.answers() - before,
                    (double) (held.answers() - before) / count);
            report("isobench.bench.remoteOut", "target/publish-remote-bench.md", table);
        }
    }

    /** One cold publish, timed from a settled disk. */
    private static double time(SitePublisher publisher, List<PublishedRun> runs) throws Exception {
        settle();
        long start = System.nanoTime();
        publisher.publish(runs);
        return (System.nanoTime() - start) / 1e9;
    }

    private interface Publish {
        /** Seconds a cold publish of round {@code round} with {@code writers} writers took. */
        double seconds(int round, int writers) throws Exception;
    }

    /**
     * {@link #ROUNDS} rounds of one writer against {@code many}, the order alternating by round: a table of the rounds
     * and the median ratio.
     */
    private static String interleaved(int many, Publish publish) throws Exception {
        var rows = new StringBuilder("| round | 1 writer | " + many + " writers | ratio |\n|---|---|---|---|\n");
        var ratios = new ArrayList<Double>();
        for (int round = 1; round <= ROUNDS; round++) {
            var seconds = new java.util.TreeMap<Integer, Double>();
            for (int writers : round % 2 == 1 ? new int[] {1, many} : new int[] {many, 1}) {
                seconds.put(writers, publish.seconds(round, writers));
            }
            double ratio = seconds.get(many) / seconds.get(1);
            ratios.add(ratio);
            rows.append(String.format(
                    "| %d | %.1f s | %.1f s | %.2f× |%n", round, seconds.get(1), seconds.get(many), ratio));
        }
        ratios.sort(null);
        return rows + String.format("%nMedian ratio: %.2f×.%n", ratios.get(ratios.size() / 2));
    }

    /**
     * The previous round's gigabyte written back to disk before the next is timed, so no round pays for another's
     * writeback.
     */
    private static void settle() throws Exception {
        new ProcessBuilder("sync").inheritIO().start().waitFor();
    }

    private static void delete(Path dir) throws java.io.IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * Every timed publish goes into a folder of its own and nothing is deleted until all are timed: on this VM's ext4
     * (no journal) a new file skips every inode freed in the last 60 s (360 s while its table block is unwritten), and
     * after 170,000 files were deleted that scan took a third of the CPU (perf: {@code recently_deleted} under
     * {@code ext4_create}) and the same publish 66 s instead of 20 s. The last row times that case on purpose.
     */
    @Test
    void publishTenThousandRuns() throws Exception {
        Path out = Path.of(System.getProperty("isobench.bench.site", "target/site-10k"));
        List<PublishedRun> runs = SyntheticRuns.of(RUNS);
        Path scratch = out.resolveSibling(out.getFileName() + "-rounds-" + System.nanoTime());
        int folderWriters = new LocalDirectoryStore(out.toAbsolutePath().getParent()).writesAtOnce();
        String rounds = interleaved(
                folderWriters,
                (round, writers) -> time(
                        new SitePublisher(
                                new LocalDirectoryStore(scratch.resolve("round-" + round + "-writers-" + writers)),
                                "",
                                Clock.systemUTC(),
                                writers),
                        runs));
        // an earlier site is moved aside (a rename frees no inode) and deleted once everything is timed
        Path earlier = out.resolveSibling(out.getFileName() + "-earlier-" + System.nanoTime());
        if (Files.exists(out)) {
            Files.move(out, earlier);
        }
        settle();
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
        long bytes = bytesUnder(out);
        long indexBytes = bytesUnder(out.resolve("data/index")) + Files.size(out.resolve("data/catalog.json"));

        // the case avoided above, timed: a cold publish right after one site of the same size was deleted
        delete(scratch.resolve("round-1-writers-1"));
        settle();
        double afterDelete = time(
                new SitePublisher(new LocalDirectoryStore(scratch.resolve("after-delete")), "", Clock.systemUTC()),
                runs);
        delete(scratch);
        delete(earlier);

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
        report(
                "isobench.bench.out",
                "target/publish-bench.md",
                "| runs | publish all (folder) | objects written | site size | index + catalog | republish one run |\n|---|---|---|---|---|---|\n"
                        + row
                        + String.format("%nCold publishes of the same %,d runs, one writer against ", RUNS)
                        + folderWriters
                        + " (the default here), interleaved, each into a new folder, nothing deleted before all are timed:\n\n"
                        + rounds
                        + String.format(
                                "%nThe same cold publish (%d writers) right after one of those sites was deleted "
                                        + "(%,d files): %.1f s.%n",
                                folderWriters, stats.written(), afterDelete));
    }

    /** The table into the file the system property names (BENCHMARKS.md is made of these), and onto the console. */
    private static void report(String property, String fallback, String table) throws java.io.IOException {
        Path md = Path.of(System.getProperty(property, fallback));
        Files.createDirectories(md.toAbsolutePath().getParent());
        Files.writeString(md, table);
        System.out.print(table);
    }

    private static long bytesUnder(Path dir) throws java.io.IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }
}
