package io.isobench.operator.results;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.Phase;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.result.ReadLimits;
import io.isobench.store.BucketLayout;
import io.isobench.store.LocalDirectoryStore;
import io.isobench.store.ObjectStoreException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BucketSitePublisherTest {

    private static final ObjectMapper SUMMARY_JSON = new ObjectMapper();

    @Test
    void anOperatorStartsWhileTheStoreIsDownAndPreparesTheSiteBeforeItsFirstPublish(@TempDir Path dir)
            throws Exception {
        Path bundle = Files.createDirectories(dir.resolve("dist"));
        Files.writeString(bundle.resolve("index.html"), "<!doctype html>");
        var store = new LocalDirectoryStore(dir.resolve("bucket"));
        var down = new AtomicBoolean(true);
        java.util.function.BooleanSupplier bucket = () -> {
            if (down.get()) {
                throw new ObjectStoreException("cannot reach the store: connection refused", true, null);
            }
            return false;
        };

        var publisher = new BucketSitePublisher(
                store, bucket, "http://site/index.html", bundle, ReadLimits.DEFAULTS, Clock.systemUTC());
        assertThat(store.exists("site/index.html"))
                .as("nothing prepared while the store is down")
                .isFalse();

        var run = Runs.dispatch("first", Instant.now());
        assertThatThrownBy(() -> publisher.publish(run, Optional.empty()))
                .isInstanceOf(ObjectStoreException.class)
                .satisfies(
                        e -> assertThat(((ObjectStoreException) e).retryable()).isTrue());

        down.set(false);
        assertThatThrownBy(() -> publisher.publish(run, Optional.empty()))
                .as("prepared, then the run itself has no result yet")
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no result.json");
        assertThat(store.exists("site/index.html")).isTrue();
    }

    /** A finished run whose runner uploaded the fixture result, as collection kept it. */
    private static BenchmarkRun finished(
            LocalDirectoryStore store, String name, String uid, Instant created, String baseline) throws Exception {
        var run = Runs.dispatch(name, created);
        run.getMetadata().setUid(uid);
        run.getSpec().getReport().setBaseline(baseline);
        run.getStatus().setPhase(Phase.Succeeded);
        run.getStatus().setAttempts(1);
        try (InputStream in = BucketSitePublisherTest.class.getResourceAsStream("/runs/dispatch-closed/result.json")) {
            byte[] result = in.readAllBytes();
            store.put(
                    RunNames.attemptPrefix(run, 1, RunnerWorkload.ROLE_CLIENT) + "result.json",
                    result,
                    "application/json");
            store.put(BucketLayout.runResult(RunNames.key(run)), result, "application/json");
        }
        return run;
    }

    private static String baselineOnSite(LocalDirectoryStore store, BenchmarkRun run) throws Exception {
        byte[] summary = store.get("site/data/runs/" + RunNames.key(run) + "/summary.json")
                .orElseThrow();
        return SUMMARY_JSON.readTree(summary).path("baseline").asText(null);
    }

    @Test
    void theBaselineIsPublishedAsTheFullKeyTheSiteComparesWith(@TempDir Path dir) throws Exception {
        var store = new LocalDirectoryStore(dir.resolve("bucket"));
        var publisher = new BucketSitePublisher(store, () -> false, null, null, ReadLimits.DEFAULTS, Clock.systemUTC());
        Instant t0 = Instant.parse("2026-11-23T10:00:00Z");
        var old = finished(store, "sweep", "99999999-9999-9999-9999-999999999999", t0, null);
        publisher.publish(old, Optional.empty());
        var base = finished(
                store,
                "sweep",
                "22222222-2222-2222-2222-222222222222",
                t0.plusSeconds(60),
                null); // the same name again, a newer run
        publisher.publish(base, Optional.empty());

        var after =
                finished(store, "after-change", "33333333-3333-3333-3333-333333333333", t0.plusSeconds(120), "sweep");
        publisher.publish(after, Optional.of(base));
        assertThat(baselineOnSite(store, after)).isEqualTo(RunNames.key(base).toString());

        // the baseline's BenchmarkRun deleted since: the newest run of that name on the site
        publisher.publish(after, Optional.empty());
        assertThat(baselineOnSite(store, after))
                .isEqualTo(RunNames.key(base).toString())
                .isNotEqualTo(RunNames.key(old).toString());

        var orphan =
                finished(store, "orphan", "44444444-4444-4444-4444-444444444444", t0.plusSeconds(180), "never-ran");
        publisher.publish(orphan, Optional.empty());
        assertThat(baselineOnSite(store, orphan))
                .as("no run to compare with: no broken link")
                .isNull();
    }

    @Test
    void theSummaryCarriesTheIsolationReasonAndEachRolesFacts(@TempDir Path dir) throws Exception {
        var facts = IsolationVerdictTest.verifiedFacts(true);
        facts.getServer().setSmtSiblings(java.util.List.of("2:2,6"));
        var isolation = publishedIsolation(dir, facts);
        assertThat(isolation.path("isolated").asBoolean(true)).isFalse();
        assertThat(isolation.path("reason").asText())
                .startsWith("SmtSiblingShared: server pod r1-1-server-x7k2p on node bench-1: granted cpuset 2");
        assertThat(isolation.path("node").asText()).isEqualTo("bench-1");
        assertThat(isolation.path("server").path("smtSiblings").get(0).asText()).isEqualTo("2:2,6");
        assertThat(isolation.path("server").path("threads").get(0).path("role").asText())
                .isEqualTo("server");
    }

    @Test
    void theSummaryOfARunAtTheUsersOwnServerSaysItIsNotIsolatedAndNamesTheEndpoint(@TempDir Path dir) throws Exception {
        var facts = IsolationVerdictTest.verifiedFacts(false);
        facts.setExternalServer("echo.team-a.svc:7000");
        var isolation = publishedIsolation(dir, facts);
        assertThat(isolation.path("isolated").asBoolean(true)).isFalse();
        assertThat(isolation.path("reason").asText())
                .startsWith("ExternalServer: server: external endpoint echo.team-a.svc:7000, not verified");
        assertThat(isolation.path("externalServer").asText()).isEqualTo("echo.team-a.svc:7000");
    }

    /** The isolation part of the summary the site gets for a run judged on these facts. */
    private static com.fasterxml.jackson.databind.JsonNode publishedIsolation(
            Path dir, io.isobench.operator.api.IsolationStatus facts) throws Exception {
        var store = new LocalDirectoryStore(dir.resolve("bucket"));
        var publisher = new BucketSitePublisher(store, () -> false, null, null, ReadLimits.DEFAULTS, Clock.systemUTC());
        var run = finished(
                store, "echo", "55555555-5555-5555-5555-555555555555", Instant.parse("2026-11-23T10:00:00Z"), null);
        run.getStatus().setIsolation(facts);
        var verdict = IsolationVerdict.judge(
                facts,
                io.isobench.result.ResultJson.parse(
                        IsolationVerdictTest.verifiedResult().toString()));
        io.isobench.operator.status.Conditions.set(
                run.getStatus(),
                io.isobench.operator.api.CrdConstants.CONDITION_ISOLATED,
                verdict.isolated(),
                verdict.reason(),
                verdict.message(),
                1,
                Instant.now());
        publisher.publish(run, Optional.empty());

        byte[] summary = store.get("site/data/runs/" + RunNames.key(run) + "/summary.json")
                .orElseThrow();
        return SUMMARY_JSON.readTree(summary).path("isolation");
    }

    @Test
    void noEnvValueNorJvmOptionOfTheRunAuthorReachesTheSiteNamesAndCountsDo(@TempDir Path dir) throws Exception {
        var store = new LocalDirectoryStore(dir.resolve("bucket"));
        var publisher = new BucketSitePublisher(store, () -> false, null, null, ReadLimits.DEFAULTS, Clock.systemUTC());
        var run = finished(
                store, "secrets", "66666666-6666-6666-6666-666666666666", Instant.parse("2026-11-23T10:00:00Z"), null);
        run.getSpec()
                .getRunner()
                .setEnv(java.util.List.of(new io.isobench.operator.api.EnvEntry("API_TOKEN", "env-secret-4f1c")));
        run.getSpec().getRunner().setJvmOptions(java.util.List.of("-XX:+UseZGC", "-Ddb.password=jvm-secret-9b2e"));
        publisher.publish(run, Optional.empty());

        var spec = publishedSpecWithout(store, run, "env-secret-4f1c", "jvm-secret-9b2e", "UseZGC")
                .path("runner");
        assertThat(spec.path("env").get(0).path("name").asText()).isEqualTo("API_TOKEN");
        assertThat(spec.path("jvmOptions")).as("how many, not what").hasSize(2);
    }

    @Test
    void noHttpHeaderValueNorBodyReachesTheSiteTheHeaderNamesDo(@TempDir Path dir) throws Exception {
        var store = new LocalDirectoryStore(dir.resolve("bucket"));
        var publisher = new BucketSitePublisher(store, () -> false, null, null, ReadLimits.DEFAULTS, Clock.systemUTC());
        var run = finished(
                store,
                "http-secrets",
                "77777777-7777-7777-7777-777777777777",
                Instant.parse("2026-11-23T10:00:00Z"),
                null);
        var http = new io.isobench.operator.api.HttpTargetSpec();
        http.setUrl("http://orders.team-a.svc/orders");
        http.setMethod("POST");
        http.setHeaders(java.util.Map.of("Authorization", "Bearer header-secret-7a1d"));
        http.setBody("{\"password\": \"body-secret-3e9f\"}");
        var target = new io.isobench.operator.api.TargetSpec();
        target.setHttp(http);
        run.getSpec().setTarget(target);
        publisher.publish(run, Optional.empty());

        var spec = publishedSpecWithout(store, run, "header-secret-7a1d", "body-secret-3e9f")
                .path("target")
                .path("http");
        assertThat(spec.path("url").asText()).isEqualTo("http://orders.team-a.svc/orders");
        assertThat(spec.path("headers").path("Authorization").asText()).isEqualTo("(not published)");
    }

    /** The published summary's spec, once no object of the site holds any of {@code secrets}. */
    private static com.fasterxml.jackson.databind.JsonNode publishedSpecWithout(
            LocalDirectoryStore store, BenchmarkRun run, String... secrets) throws Exception {
        var site = store.list("site/");
        assertThat(site)
                .as("the run was published")
                .anySatisfy(o -> assertThat(o.key()).endsWith(RunNames.key(run) + "/summary.json"));
        for (var object : site) {
            String text = new String(store.get(object.key()).orElseThrow(), UTF_8);
            assertThat(text).as(object.key()).doesNotContain(secrets);
        }
        return SUMMARY_JSON
                .readTree(store.get("site/data/runs/" + RunNames.key(run) + "/summary.json")
                        .orElseThrow())
                .path("spec");
    }

    /** The chart's set-up job makes the operator's MinIO user after the operator starts: a refusal then is waited out. */
    @Test
    void aStoreThatRefusesAtStartUpIsPreparedOnceItLetsTheOperatorIn(@TempDir Path dir) {
        var refusing = new java.util.concurrent.atomic.AtomicBoolean(true);
        var store = new LocalDirectoryStore(dir);
        java.util.function.BooleanSupplier bucket = () -> {
            if (refusing.get()) {
                throw new ObjectStoreException(
                        "InvalidAccessKeyId (the operator's user does not exist yet)", false, null);
            }
            return false;
        };
        var publisher =
                new BucketSitePublisher(store, bucket, null, bundle(dir), ReadLimits.DEFAULTS, Clock.systemUTC());
        assertThat(store.exists("site/index.html")).isFalse();
        refusing.set(false);
        publisher.keepBucket();
        assertThat(store.exists("site/index.html")).isTrue();
    }

    /** A bucket that went away (MinIO replaced, or the bucket deleted) is made again with the site's pages. */
    @Test
    void aBucketMadeAgainGetsTheSitePagesAgain(@TempDir Path dir) {
        var store = new LocalDirectoryStore(dir);
        var created = new java.util.concurrent.atomic.AtomicBoolean(false);
        var publisher = new BucketSitePublisher(
                store, () -> created.getAndSet(false), null, bundle(dir), ReadLimits.DEFAULTS, Clock.systemUTC());
        store.delete(java.util.List.of("site/index.html"));
        publisher.keepBucket();
        assertThat(store.exists("site/index.html"))
                .as("the same bucket: prepared once")
                .isFalse();
        created.set(true);
        publisher.keepBucket();
        assertThat(store.exists("site/index.html")).isTrue();
    }

    private static Path bundle(Path dir) {
        try {
            Path bundle = java.nio.file.Files.createDirectories(dir.resolveSibling(dir.getFileName() + "-bundle"));
            java.nio.file.Files.writeString(bundle.resolve("index.html"), "<html></html>");
            return bundle;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
