package io.isobench.publisher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.ObjectInfo;
import io.isobench.store.ObjectStore;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.StoreConfig;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs are written by several writers at once (a bucket answers each put in a round trip): nothing lost, nothing early. */
class SitePublisherWritersTest {

    final Clock clock = Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void runsAreWrittenAtOnceAndEveryWriteIsCountedOnce(@TempDir Path site) throws Exception {
        var store = new SlowStore(new LocalDirectoryStore(site), null);
        var runs = SyntheticRuns.of(60);

        var stats = new SitePublisher(store, "", clock).publish(runs);

        assertThat(store.mostAtOnce.get())
                .as("puts in flight at once")
                .isGreaterThan(1)
                .isLessThanOrEqualTo(store.writesAtOnce());
        long files;
        try (Stream<Path> all = Files.walk(site)) {
            files = all.filter(Files::isRegularFile).count();
        }
        assertThat(stats.written()).as("every file written, counted once").isEqualTo((int) files);
        assertThat(stats.written()).isEqualTo(store.puts.get());
        var catalog = SitePublisherTest.json(site.resolve("data/catalog.json"));
        assertThat(catalog).containsEntry("runCount", 60);
        var shard = SitePublisherTest.l(SitePublisherTest.json(site.resolve("data/index/runs-0000.json"))
                .get("runs"));
        assertThat(shard.stream().map(e -> SitePublisherTest.m(e).get("name")).toList())
                .as("the index newest first, whichever writer finished first")
                .containsExactlyElementsOf(
                        runs.reversed().stream().map(r -> r.key().name()).toList());
        for (PublishedRun run : runs) {
            assertThat(site.resolve("data/runs/" + run.key() + "/result.json")).hasBinaryContent(run.resultJson());
        }
    }

    @Test
    void aStoreFailingMidwayFailsThePublishAsItFailedAndNoIndexNamesARunWithoutItsFiles(@TempDir Path site)
            throws Exception {
        var store = new SlowStore(new LocalDirectoryStore(site), "/run-37/");
        var runs = SyntheticRuns.of(200);

        assertThatThrownBy(() -> new SitePublisher(store, "", clock).publish(runs))
                .isInstanceOf(ObjectStoreException.class)
                .hasMessageContaining("run-37/")
                .hasMessageContaining("refused");
        assertThat(site.resolve("data/catalog.json")).doesNotExist();
        assertThat(site.resolve("data/index")).doesNotExist();
        assertThat(store.putsAfterFailure.get())
                .as("writers stop taking runs: at most the runs in flight finish")
                .isLessThanOrEqualTo(store.writesAtOnce() * 20);
        assertThat(site.resolve("data/runs/" + runs.getLast().key()))
                .as("runs not yet taken are not written")
                .doesNotExist();
    }

    /**
     * How many runs are written at once is the store's to say: a bucket's puts wait on the network and the server, not
     * on this machine's CPUs (into MinIO eight writers took 0.75–0.84× the time of four: BENCHMARKS.md).
     */
    @Test
    void theStoreSaysHowManyRunsAreWrittenAtOnce(@TempDir Path site) throws Exception {
        var store = new SlowStore(new LocalDirectoryStore(site), null) {
            @Override
            public int writesAtOnce() {
                return 12;
            }
        };

        new SitePublisher(store, "", clock).publish(SyntheticRuns.of(120));

        assertThat(store.mostAtOnce.get())
                .as("puts in flight at once")
                .isGreaterThan(8)
                .isLessThanOrEqualTo(12);
        try (var bucket =
                new MinioObjectStore(new StoreConfig(URI.create("http://127.0.0.1:9"), "any", "key", "secret", null))) {
            assertThat(bucket.writesAtOnce())
                    .as("a bucket waits on the network and the server, a folder on this machine's CPUs")
                    .isGreaterThanOrEqualTo(8)
                    .isGreaterThan(new LocalDirectoryStore(site).writesAtOnce());
        }
    }

    /**
     * Into a bucket every stat is a round trip of its own: a run's files are looked up with one listing of the run's
     * folder, not one stat per file (17 for these runs), cold or republished; a file whose bytes changed is written again.
     */
    @Test
    void aRunsFilesAreLookedUpWithOneListingNotAStatEach(@TempDir Path site) throws Exception {
        var store = new SlowStore(new LocalDirectoryStore(site), null);
        var runs = SyntheticRuns.of(40);

        var cold = new SitePublisher(store, "", clock).publish(runs);

        assertThat(store.lists.get())
                .as("one listing per run, one of the index")
                .isEqualTo(runs.size() + 1);
        assertThat(store.stats.get())
                .as("stats: the catalog, index shard, series and references, none per run file")
                .isLessThan(runs.size());
        int filesPerRun = (cold.written() - store.stats.get()) / runs.size();
        assertThat(filesPerRun).isGreaterThan(10);

        Path hgrm;
        try (Stream<Path> all =
                Files.walk(site.resolve("data/runs/" + runs.getFirst().key()))) {
            hgrm = all.filter(f -> f.toString().endsWith(".hgrm")).findFirst().orElseThrow();
        }
        Files.writeString(hgrm, "changed since it was published\n");
        store.stats.set(0);

        var again = new SitePublisher(store, "", clock).publish(runs);

        assertThat(again.written()).as("only the changed file").isEqualTo(1);
        assertThat(again.unchanged()).isEqualTo(cold.written() - 1);
        assertThat(store.stats.get()).isLessThan(runs.size());
        assertThat(Files.readString(hgrm)).isNotEqualTo("changed since it was published\n");
    }

    /** A folder whose puts take a millisecond, as a bucket's round trip does; refuses keys containing {@code refuse}. */
    static class SlowStore implements ObjectStore {
        final ObjectStore folder;
        final String refuse;
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final AtomicInteger puts = new AtomicInteger();
        final AtomicInteger stats = new AtomicInteger();
        final AtomicInteger lists = new AtomicInteger();
        final AtomicInteger putsAfterFailure = new AtomicInteger();
        volatile boolean failed;

        SlowStore(ObjectStore folder, String refuse) {
            this.folder = folder;
            this.refuse = refuse;
        }

        @Override
        public void put(String key, byte[] content, String contentType) {
            if (refuse != null && key.contains(refuse)) {
                failed = true;
                throw new ObjectStoreException("'" + key + "' refused by the test's store", false, null);
            }
            int now = inFlight.incrementAndGet();
            mostAtOnce.accumulateAndGet(now, Math::max);
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            folder.put(key, content, contentType);
            puts.incrementAndGet();
            if (failed) {
                putsAfterFailure.incrementAndGet();
            }
            inFlight.decrementAndGet();
        }

        @Override
        public String describe() {
            return "slow " + folder.describe();
        }

        @Override
        public void putFile(String key, Path file, String contentType) {
            throw new UnsupportedOperationException("the publisher puts bytes");
        }

        @Override
        public Optional<InputStream> open(String key) {
            return folder.open(key);
        }

        @Override
        public Optional<ObjectInfo> stat(String key) {
            stats.incrementAndGet();
            return folder.stat(key);
        }

        @Override
        public boolean holds(ObjectInfo existing, byte[] content) {
            return folder.holds(existing, content);
        }

        @Override
        public List<ObjectInfo> list(String prefix) {
            lists.incrementAndGet();
            return folder.list(prefix);
        }

        @Override
        public void delete(Collection<String> keys) {
            folder.delete(keys);
        }

        @Override
        public void allowAnonymousRead(String prefix) {
            folder.allowAnonymousRead(prefix);
        }

        @Override
        public void close() {
            folder.close();
        }
    }
}
