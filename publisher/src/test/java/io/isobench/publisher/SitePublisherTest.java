package io.isobench.publisher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import io.isobench.result.ResultJson;
import io.isobench.store.LocalDirectoryStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SitePublisherTest {

    /** A runner's run directory, the one copy the modules share (test-fixtures/README.md); tests run in publisher/. */
    static final Path FIXTURE = Path.of("../test-fixtures/runs/dispatch-closed");

    final Clock clock = Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC);

    static Map<String, Object> json(Path file) throws Exception {
        return ResultJson.MAPPER.readValue(Files.readAllBytes(file), new TypeReference<Map<String, Object>>() {});
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> m(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> l(Object o) {
        return (List<Object>) o;
    }

    @Test
    void aRunIsPublishedWithItsSummaryResultAndEveryFileItNames(@TempDir Path site) throws Exception {
        PublishedRun run = LocalRuns.read(FIXTURE);
        var stats = new SitePublisher(new LocalDirectoryStore(site), "", clock).publish(List.of(run));
        Path base = site.resolve("data/runs/" + run.key());
        assertThat(base.resolve("result.json")).hasSameBinaryContentAs(FIXTURE.resolve("result.json"));
        var summary = json(base.resolve("summary.json"));
        assertThat(summary)
                .containsEntry("formatVersion", 1)
                .containsEntry("namespace", "local")
                .containsEntry("phase", "Succeeded");
        assertThat(m(summary.get("isolation")).get("isolated")).isNull();
        assertThat(m(summary.get("isolation")).get("reason"))
                .isEqualTo("run outside Kubernetes: isolation not verified");
        assertThat((String) summary.get("rerunYaml"))
                .contains("kind: BenchmarkRun")
                .contains("dispatch: {}")
                .contains("mode: Closed");
        for (var step : run.result().steps()) {
            for (var rep : step.repetitions()) {
                assertThat(base.resolve(rep.files().hlog())).exists();
                assertThat(base.resolve(rep.files().hgrm())).exists();
            }
        }
        var catalog = json(site.resolve("data/catalog.json"));
        assertThat(catalog).containsEntry("runCount", 1).containsEntry("shardSize", 500);
        var shard = json(site.resolve("data/index/runs-0000.json"));
        var entry = m(l(shard.get("runs")).getFirst());
        assertThat(entry.get("key")).isEqualTo(run.key().toString());
        assertThat(entry.get("target")).isEqualTo("dispatch");
        assertThat(m(entry.get("headline")).keySet())
                .contains("stepId", "p50", "p99", "max", "achievedRate", "samples");
        assertThat(site.resolve("data/references.json")).exists();
        assertThat(stats.written()).isPositive();
    }

    @Test
    void publishingAgainWritesNothing(@TempDir Path site) throws Exception {
        PublishedRun run = LocalRuns.read(FIXTURE);
        var publisher = new SitePublisher(new LocalDirectoryStore(site), "", clock);
        publisher.publish(List.of(run));
        var again = new SitePublisher(
                        new LocalDirectoryStore(site), "", Clock.offset(clock, java.time.Duration.ofHours(1)))
                .publish(List.of(run));
        assertThat(again.written()).isZero();
        assertThat(again.unchanged()).isPositive();
    }

    @Test
    void thousandsOfRunsAreShardedNewestFirstWithFacetsPerShard(@TempDir Path site) throws Exception {
        var runs = SyntheticRuns.of(1234);
        new SitePublisher(new LocalDirectoryStore(site), "", clock).publish(runs);
        var catalog = json(site.resolve("data/catalog.json"));
        assertThat(catalog).containsEntry("runCount", 1234);
        var shards = l(catalog.get("shards"));
        assertThat(shards.stream().map(x -> m(x).get("count")).toList()).containsExactly(500, 500, 234);
        var first = l(json(site.resolve("data/index/runs-0000.json")).get("runs"));
        assertThat(m(first.getFirst()).get("name")).isEqualTo("run-1233");
        assertThat(m(shards.getLast()).get("oldestStartedAt")).isEqualTo("2026-01-01T00:00:00Z");
        assertThat(m(m(catalog.get("facets")).get("labels")).keySet()).contains("build");
        assertThat(l(m(shards.getFirst()).get("nodes")).stream()
                        .map(String::valueOf)
                        .toList())
                .containsExactly("bench-0", "bench-1", "bench-2", "bench-3");
    }
}
