package io.isobench.publisher;

import static io.isobench.publisher.SitePublisherTest.json;
import static io.isobench.publisher.SitePublisherTest.l;
import static io.isobench.publisher.SitePublisherTest.m;
import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.compare.RecordedRuns;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.Verdict;
import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.RunKey;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SiteSeriesTest {

    static final Instant DAY_ONE = Instant.parse("2026-01-01T02:00:00Z");
    final Clock clock = Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC);

    /** Nightly run {@code night} of the fixture's benchmark: every latency times {@code factor} and ±1 % of noise. */
    static PublishedRun nightly(PublishedRun template, int night, double factor, Random noise) {
        RunResult r = RecordedRuns.slice(
                template.result(),
                "run-" + night,
                0,
                template.result().steps().getFirst().repetitions().size(),
                factor * (1 + 0.01 * noise.nextGaussian()));
        Instant started = DAY_ONE.plusSeconds(86_400L * night);
        return withResult(
                template,
                "night-" + night,
                r.toBuilder()
                        .startedAt(started)
                        .finishedAt(started.plusSeconds(60))
                        .build());
    }

    static PublishedRun withResult(PublishedRun t, String name, RunResult r) {
        byte[] json = ResultJson.toJson(r).getBytes(StandardCharsets.UTF_8);
        return copy(t, new RunKey("nightly", name, "uid-" + name), t.labels(), t.spec(), json, r, Map.of(), 0);
    }

    /** {@code t} with these fields changed, the others as they were. */
    private static PublishedRun copy(
            PublishedRun t,
            RunKey key,
            Map<String, String> labels,
            Map<String, Object> spec,
            byte[] json,
            RunResult result,
            Map<String, byte[]> files,
            int ignoredFiles) {
        return new PublishedRun(
                key,
                labels,
                t.nodes(),
                t.phase(),
                t.isolation(),
                t.message(),
                t.baseline(),
                t.image(),
                spec,
                t.rerunYaml(),
                t.createdAt(),
                json,
                result,
                files,
                ignoredFiles);
    }

    /** Thirty nights, the last fifteen 20 % slower. */
    static List<PublishedRun> nights(int from, int to, long seed) throws Exception {
        PublishedRun template = LocalRuns.read(SitePublisherTest.FIXTURE);
        Random noise = new Random(seed);
        var runs = new ArrayList<PublishedRun>();
        for (int night = from; night < to; night++) {
            runs.add(nightly(template, night, night >= 15 ? 1.20 : 1, noise));
        }
        return runs;
    }

    static Map<String, Object> series(Path site, PublishedRun run) throws Exception {
        return json(site.resolve(SiteSeries.path(SiteSeries.key(run))));
    }

    @Test
    void runsOfOneBenchmarkOnOneKindOfMachineAreOneSeriesAndEachIndexEntryNamesIt(@TempDir Path site) throws Exception {
        List<PublishedRun> runs = nights(0, 3, 1);
        PublishedRun template = runs.getFirst();
        RunResult other = template.result();
        PublishedRun otherCpu = withResult(
                template,
                "other-cpu",
                other.toBuilder()
                        .environment(other.environment().toBuilder()
                                .cpuModel("Another CPU")
                                .build())
                        .build());
        var all = new ArrayList<>(runs);
        all.add(otherCpu);
        new SitePublisher(new LocalDirectoryStore(site), "", clock).publish(all);

        assertThat(SiteSeries.key(otherCpu))
                .isNotEqualTo(SiteSeries.key(template))
                .matches("[0-9a-f]{16}");
        var series = series(site, template);
        assertThat(series).containsEntry("formatVersion", 1).containsEntry("key", SiteSeries.key(template));
        assertThat(m(series.get("identity")))
                .containsEntry("target", "dispatch")
                .containsEntry("environment.cpuModel", other.environment().cpuModel())
                .containsKeys(
                        "configHash", "environment.kernel", "environment.jvm", "environment.cpusetSize", "isolated");
        assertThat(l(series.get("runs")))
                .extracting(r -> m(r).get("key"))
                .containsExactly(
                        "nightly/night-0/uid-night-0", "nightly/night-1/uid-night-1", "nightly/night-2/uid-night-2");
        var first = m(l(series.get("runs")).getFirst());
        assertThat(first)
                .containsEntry("verdict", "OK")
                .containsEntry("used", true)
                .doesNotContainKey("changePoint");
        assertThat(m(m(first.get("values")).get("isobench_clients-1")).keySet()).containsExactly("p50", "p99", "p99.9");
        assertThat(l(series.get("steps")))
                .extracting(s -> m(s).get("id"))
                .contains("isobench_clients-1", "isobench_clients-16");
        assertThat(l(series(site, otherCpu).get("runs"))).hasSize(1);
        var index = l(json(site.resolve("data/index/runs-0000.json")).get("runs"));
        assertThat(index)
                .extracting(r -> m(r).get("series"))
                .containsOnly(SiteSeries.key(template), SiteSeries.key(otherCpu));
    }

    /** spec.report.seriesLabels: the values of the labels an author chose keep runs of one benchmark in series apart. */
    @Test
    void theLabelsARunChoseSplitItsSeriesAndOtherLabelsDoNot() throws Exception {
        PublishedRun template = nights(0, 1, 1).getFirst();
        PublishedRun main = labelled(template, Map.of("branch", "main", "build", "41"), List.of("branch"));
        PublishedRun release = labelled(template, Map.of("branch", "release-1.2", "build", "41"), List.of("branch"));
        PublishedRun nextBuild = labelled(template, Map.of("branch", "main", "build", "42"), List.of("branch"));

        assertThat(SiteSeries.key(main)).isNotEqualTo(SiteSeries.key(release));
        assertThat(SiteSeries.key(nextBuild))
                .as("a label not chosen splits nothing")
                .isEqualTo(SiteSeries.key(main));
        assertThat(SiteSeries.identity(main)).containsEntry("label.branch", "main");
        assertThat(SiteSeries.key(labelled(template, Map.of("branch", "main"), List.of())))
                .as("no labels chosen: the series of the run without labels")
                .isEqualTo(SiteSeries.key(template));
    }

    private static PublishedRun labelled(PublishedRun t, Map<String, String> labels, List<String> seriesLabels) {
        var spec = new LinkedHashMap<String, Object>(t.spec() == null ? Map.of() : t.spec());
        spec.put("report", Map.of("labels", labels, "seriesLabels", seriesLabels));
        return copy(t, t.key(), labels, spec, t.resultJson(), t.result(), t.files(), t.ignoredFiles());
    }

    @Test
    void aSlowdownIsMarkedWithTheRunsEitherSideAndStoredWithTheRunThatClosedItsWindow(@TempDir Path site)
            throws Exception {
        List<PublishedRun> runs = nights(0, 30, 2);
        var publisher = new SitePublisher(new LocalDirectoryStore(site), "", clock);
        for (PublishedRun run : runs) {
            publisher.publish(List.of(run));
        }
        var entries = l(series(site, runs.getFirst()).get("runs"));
        var closing = entries.stream()
                .map(SitePublisherTest::m)
                .filter(r -> r.containsKey("changePoint"))
                .toList();
        assertThat(closing).hasSize(1);
        // nine of the ten runs after the boundary tested when night 23 came were slower: enough to tell, at this noise
        assertThat(closing.getFirst().get("key")).isEqualTo("nightly/night-23/uid-night-23");
        var cp = m(closing.getFirst().get("changePoint"));
        assertThat(cp)
                .containsEntry("before", "nightly/night-14/uid-night-14")
                .containsEntry("after", "nightly/night-15/uid-night-15");
        // the closed window is nights 4 to 23: 11 before the change, 9 after
        assertThat(l(cp.get("shifts"))).isNotEmpty().allSatisfy(s -> {
            assertThat(m(s))
                    .containsEntry("change", "slower")
                    .containsEntry("runsBefore", 11)
                    .containsEntry("runsAfter", 9);
            assertThat(((Number) m(s).get("ratio")).doubleValue()).isBetween(1.15, 1.25);
        });

        Path batch = site.resolveSibling(site.getFileName() + "-batch");
        new SitePublisher(new LocalDirectoryStore(batch), "", clock).publish(runs);
        String path = SiteSeries.path(SiteSeries.key(runs.getFirst()));
        assertThat(batch.resolve(path))
                .as("one batch and one run at a time give the same series")
                .hasSameBinaryContentAs(site.resolve(path));
    }

    @Test
    void aLaterPublishNeverMovesAPublishedVerdict(@TempDir Path site) throws Exception {
        List<PublishedRun> runs = nights(0, 30, 3);
        new SitePublisher(new LocalDirectoryStore(site), "", clock).publish(runs);
        var before = l(series(site, runs.getFirst()).get("runs"));

        // ten older nights, much faster, arrive late; then later nights, and a failed one
        var late = new ArrayList<PublishedRun>();
        for (PublishedRun r : nights(-10, 0, 4)) {
            late.add(withResult(r, "late" + r.key().name(), RecordedRuns.slice(r.result(), "late", 0, 2, 0.7)));
        }
        late.addAll(nights(30, 32, 5));
        RunResult failed = nights(32, 33, 6).getFirst().result();
        late.add(withResult(
                runs.getFirst(),
                "night-32",
                failed.toBuilder().verdict(Verdict.FAIL, "rate missed").build()));
        new SitePublisher(new LocalDirectoryStore(site), "", clock).publish(late);

        var after = l(series(site, runs.getFirst()).get("runs"));
        assertThat(after).hasSize(43);
        assertThat(after.stream().filter(before::contains).toList())
                .as("every run published before, as it was")
                .isEqualTo(before);
        assertThat(after.subList(0, 10))
                .allSatisfy(r -> assertThat(m(r))
                        .containsEntry("used", false)
                        .containsEntry(
                                "notUsed",
                                "published after a newer run of the series: detection goes forward in time"));
        assertThat(m(after.getLast()))
                .containsEntry("verdict", "FAIL")
                .containsEntry("used", false)
                .containsEntry("notUsed", "the run's verdict is not OK");
        assertThat(after.stream().filter(r -> m(r).containsKey("changePoint")).count())
                .isEqualTo(1);
    }

    @Test
    void aSeriesFileOfAnotherFormatIsRefusedNamingItsPathAndVersion(@TempDir Path site) throws Exception {
        List<PublishedRun> runs = nights(0, 1, 7);
        Path file = site.resolve(SiteSeries.path(SiteSeries.key(runs.getFirst())));
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"formatVersion\": 2, \"runs\": [], \"steps\": []}");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> new SitePublisher(new LocalDirectoryStore(site), "", clock).publish(runs))
                .hasMessageContaining(SiteSeries.path(SiteSeries.key(runs.getFirst())))
                .hasMessageContaining("formatVersion 2");
    }
}
