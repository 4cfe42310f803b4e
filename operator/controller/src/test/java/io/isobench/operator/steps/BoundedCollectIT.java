package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.api.Phase;
import io.isobench.operator.results.BucketSitePublisher;
import io.isobench.operator.results.StoreResults;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import io.isobench.result.ReadLimits;
import io.isobench.store.ArtifactUploader;
import io.isobench.store.BucketLayout;
import io.isobench.store.MinioObjectStore;
import io.isobench.store.ObjectInfo;
import io.isobench.store.testing.MinioServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Collection and publication against a real MinIO, as the operator does them: what a runner uploads is read within
 * caps (an oversized upload fails only its run, naming field and size), and the site gets only the histogram files
 * result.json names, as collected and checked, as text/plain.
 */
class BoundedCollectIT {

    @RegisterExtension
    static MinioServer minio = new MinioServer();

    static final Path FIXTURE =
            Path.of(System.getProperty("isobench.repo.root", "../.."), "test-fixtures/runs/dispatch-closed");

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");

    private static RunContext collecting(FakeCluster cluster, BenchmarkRun run, Instant now) {
        BenchmarkRun r = Runs.inPhase(run, Phase.Collecting, "bench-1");
        r.getStatus().setAttempts(1);
        var isolation = new IsolationStatus();
        isolation.setMode("Exclusive");
        r.getStatus().setIsolation(isolation);
        return cluster.context(r, now);
    }

    /** Collection as the reconciler does it: read and checked, kept by the action, ended on in the next reconcile. */
    private RunContext collect(FakeCluster cluster, BenchmarkRun run) throws Exception {
        return cluster.actedOn(new CollectStep(), collecting(cluster, run, now));
    }

    /** The Completed condition as "reason: message". */
    private static String completed(RunContext ctx) {
        var completed =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_COMPLETED).orElseThrow();
        return completed.getReason() + ": " + completed.getMessage();
    }

    /** What the runner does: its run directory uploaded, result.json last. */
    private static void upload(MinioObjectStore store, BenchmarkRun run, Path runDir) throws Exception {
        new ArtifactUploader(store, m -> {})
                .upload(
                        runDir,
                        RunNames.attemptPrefix(run, 1, "client"),
                        Instant.now().plusSeconds(30));
    }

    private static Path copyOfFixture(Path dir) throws Exception {
        Path run = dir.resolve("run");
        try (Stream<Path> files = Files.walk(FIXTURE)) {
            for (Path f : files.toList()) {
                Path target = run.resolve(FIXTURE.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        return run;
    }

    @Test
    void aResultJsonOverTheCapFailsItsRunNamingTheSizeAndTheNextRunIsCollected() throws Exception {
        try (var store = minio.newStore("bounded")) {
            var cluster = new FakeCluster();
            cluster.results = new StoreResults(store);
            var big = Runs.dispatch("big", now.minusSeconds(60));
            byte[] fixture = Files.readAllBytes(FIXTURE.resolve("result.json"));
            long cap = ReadLimits.DEFAULTS.resultJson();
            byte[] padded = Arrays.copyOf(fixture, (int) cap + 1);
            Arrays.fill(padded, fixture.length, padded.length, (byte) ' '); // still valid JSON: only its size is wrong
            store.put(RunNames.attemptPrefix(big, 1, "client") + "result.json", padded, "application/json");

            RunContext ctx = collect(cluster, big);
            assertThat(ctx.phase()).isEqualTo(Phase.Failed);
            assertThat(completed(ctx)).startsWith("ResultTooLarge: ");
            assertThat(ctx.status().getMessage())
                    .contains("result.json", "holds " + (cap + 1) + " bytes, over the cap of " + cap + " bytes");
            assertThat(ctx.status().getSteps()).isNullOrEmpty();

            var next = Runs.dispatch("next", now.minusSeconds(30));
            store.put(RunNames.attemptPrefix(next, 1, "client") + "result.json", fixture, "application/json");
            assertThat(collect(cluster, next).phase())
                    .as("the operator goes on")
                    .isEqualTo(Phase.Succeeded);
        }
    }

    @Test
    void aHistogramFileOverTheCapFailsItsRunNamingTheField(@TempDir Path dir) throws Exception {
        try (var store = minio.newStore("bounded-file")) {
            var cluster = new FakeCluster(Map.of("ISOBENCH_MAX_HISTOGRAM_FILE_BYTES", "4Ki"));
            cluster.results = new StoreResults(store);
            var run = Runs.dispatch("big-file", now.minusSeconds(60));
            upload(store, run, copyOfFixture(dir));
            long size = Files.size(FIXTURE.resolve("steps/isobench_clients-1/rep-1_OK.hgrm"));

            RunContext ctx = collect(cluster, run);
            assertThat(ctx.phase()).isEqualTo(Phase.Failed);
            assertThat(completed(ctx))
                    .startsWith(
                            "ResultTooLarge: steps[0].repetitions[0].files.hgrm = 'steps/isobench_clients-1/rep-1_OK.hgrm': ");
            assertThat(ctx.status().getMessage()).contains("holds " + size + " bytes, over the cap of 4096 bytes");
            assertThat(ctx.status().getSteps()).as("nothing of it in status").isNullOrEmpty();
        }
    }

    @Test
    void theSiteGetsOnlyTheNamedHistogramFilesAsCollectedAndAsPlainText(@TempDir Path dir) throws Exception {
        try (var store = minio.newStore("hostile")) {
            var cluster = new FakeCluster();
            cluster.results = new StoreResults(store);
            var run = Runs.dispatch("hostile", now.minusSeconds(60));
            Path runDir = copyOfFixture(dir);
            Path step = runDir.resolve("steps/isobench_clients-1");
            Files.writeString(runDir.resolve("steps/x.html"), "<script>window.__xss=1</script>");
            Files.writeString(
                    step.resolve("evil.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>");
            Files.writeString(step.resolve("evil.js"), "alert(1)");
            Files.copy(step.resolve("rep-1_OK.hgrm"), step.resolve("rep-9_OK.hgrm"));
            Files.writeString(
                    step.resolve("rep-2_OK.hlog"),
                    "<html><script>window.__xss=2</script></html>"); // named, not an interval log
            upload(store, run, runDir);

            RunContext ctx = collect(cluster, run);
            assertThat(ctx.phase()).as(ctx.status().getMessage()).isEqualTo(Phase.Succeeded);
            String own = BucketLayout.runPrefix(RunNames.key(run));
            assertThat(store.list(own + "steps/"))
                    .extracting(ObjectInfo::key)
                    .hasSize(14)
                    .allMatch(k -> k.endsWith(".hgrm") || k.endsWith(".hlog"))
                    .doesNotContain(own + "steps/isobench_clients-1/rep-2_OK.hlog");

            // after collection the runner (or anyone with its credential) swaps a named file: the site is published
            // from the copy
            String named = RunNames.attemptPrefix(run, 1, "client") + "steps/isobench_clients-1/rep-1_OK.hgrm";
            store.put(named, "<script>window.__xss=3</script>".getBytes(StandardCharsets.UTF_8), "text/html");

            BenchmarkRun finished = Serialization.clone(run);
            finished.setStatus(ctx.status());
            var publisher =
                    new BucketSitePublisher(store, () -> false, null, null, ReadLimits.DEFAULTS, Clock.systemUTC());
            var published = publisher.publish(finished, Optional.empty());
            assertThat(published.ignoredFiles())
                    .as("x.html, evil.svg, evil.js, rep-9_OK.hgrm, the rep-2 .hlog that is none")
                    .isEqualTo(5);
            String site = "site/data/runs/" + RunNames.key(run) + "/";
            assertThat(store.list(site).stream()
                            .map(o -> o.key().substring(site.length()))
                            .toList())
                    .hasSize(16)
                    .contains("result.json", "summary.json")
                    .allMatch(k -> k.matches("(result|summary)\\.json|steps/.+\\.(hgrm|hlog)"))
                    .doesNotContain("steps/isobench_clients-1/rep-2_OK.hlog", "steps/isobench_clients-1/rep-9_OK.hgrm");
            assertThat(store.get(site + "steps/isobench_clients-1/rep-1_OK.hgrm"))
                    .hasValueSatisfying(
                            b -> assertThat(b).isEqualTo(readFixture("steps/isobench_clients-1/rep-1_OK.hgrm")));

            HttpClient http = HttpClient.newHttpClient();
            String base = minio.endpoint() + "/hostile/" + site;
            for (String hostile :
                    List.of("steps/x.html", "steps/isobench_clients-1/evil.svg", "steps/isobench_clients-1/evil.js")) {
                assertThat(http.send(
                                        HttpRequest.newBuilder(URI.create(base + hostile))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode())
                        .as(hostile)
                        .isNotEqualTo(200);
            }
            var hgrm = http.send(
                    HttpRequest.newBuilder(URI.create(base + "steps/isobench_clients-1/rep-1_OK.hgrm"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(hgrm.statusCode()).isEqualTo(200);
            assertThat(hgrm.headers().firstValue("Content-Type"))
                    .hasValueSatisfying(t -> assertThat(t).startsWith("text/plain"));
            assertThat(hgrm.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        }
    }

    private static byte[] readFixture(String path) {
        try {
            return Files.readAllBytes(FIXTURE.resolve(path));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
