package io.isobench.operator.results;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.IsolationStatus;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.workload.RunNames;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.publisher.PublishedRun;
import io.isobench.publisher.SitePublisher;
import io.isobench.result.HistogramFiles;
import io.isobench.result.ReadLimits;
import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.store.BucketLayout;
import io.isobench.store.ObjectInfo;
import io.isobench.store.ObjectStore;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.RunKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a finished run from the bucket to the bucket's site/ prefix: the run's manifest (run.json, spec with
 * runner.env values, runner.jvmOptions and target.http's header values and body removed), then the site data, from
 * what collection kept under the run's own prefix
 * ({@link CollectedArtifacts}: result.json and the histogram files it names, read once and checked), never from the
 * attempt's upload, which only the count of files left out is taken from. Only the client measures latency, so the
 * run's result is the client's of the attempt that counted. One run is published at a time: the operator holds at
 * most one run's files.
 */
public final class BucketSitePublisher implements RunPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(BucketSitePublisher.class);
    private static final String NOT_PUBLISHED = "(not published)";
    /** The CRD model's objects as the API server has them (Fabric8's mapper, as the client writes them). */
    private static final KubernetesSerialization KUBERNETES = new KubernetesSerialization();
    /** The site's own summary files: plain JSON, no Kubernetes type in them. */
    private static final ObjectMapper SUMMARY_JSON = new ObjectMapper();

    private final ObjectStore store;
    private final SitePublisher site;
    private final String siteUrl;
    private final BooleanSupplier createBucket;
    private final Path bundle;
    private final ReadLimits limits;
    private boolean prepared;
    private String lastProblem;

    /**
     * @param createBucket  creates the bucket when missing; true when it had to (a new bucket has no policy and no pages)
     * @param bundle        the site pages to copy beside the data (unchanged objects are not rewritten); absent: data only, said in the log
     * @param limits        caps on what is read back of a collected run
     */
    public BucketSitePublisher(
            ObjectStore store,
            BooleanSupplier createBucket,
            String siteUrl,
            Path bundle,
            ReadLimits limits,
            Clock clock) {
        this.store = store;
        this.site = new SitePublisher(store, BucketLayout.SITE_PREFIX, clock);
        this.siteUrl = siteUrl;
        this.createBucket = createBucket;
        this.bundle = bundle;
        this.limits = limits;
        keepBucket();
    }

    /**
     * Makes sure the bucket is there, and with it the anonymous read of site/ and the site pages: at start-up, before each
     * publish and every few seconds ({@code IsobenchOperator}), so a MinIO that lost its bucket (or was replaced) gets them
     * back without a restart. A store that cannot be reached, or does not know the operator yet (the chart's set-up job
     * makes its user after the operator starts), is said in the log — once per new problem — and asked again later.
     */
    public synchronized void keepBucket() {
        try {
            prepare();
            if (lastProblem != null) {
                LOG.info("object store ready again: bucket {} and site prepared", BucketLayout.SITE_PREFIX);
            }
            lastProblem = null;
        } catch (ObjectStoreException e) {
            if (!e.getMessage().equals(lastProblem)) {
                LOG.warn("object store not ready ({}): bucket and site are prepared as soon as it is", e.getMessage());
            }
            lastProblem = e.getMessage();
        }
    }

    /** The bucket; once per bucket, anonymous read of site/ only and the site pages. */
    private synchronized void prepare() {
        if (createBucket.getAsBoolean()) {
            prepared = false;
        }
        if (prepared) {
            return;
        }
        store.allowAnonymousRead(BucketLayout.SITE_PREFIX);
        if (bundle != null && Files.isRegularFile(bundle.resolve("index.html"))) {
            site.copyBundle(bundle);
        } else {
            LOG.warn("no site pages at {} (ISOBENCH_SITE_BUNDLE): publishing the site's data only", bundle);
        }
        prepared = true;
    }

    @Override
    public synchronized Published publish(BenchmarkRun run, Optional<BenchmarkRun> baseline) {
        prepare();
        var status = run.getStatus();
        RunKey key = RunNames.key(run);
        byte[] result = store.get(BucketLayout.runResult(key), limits.resultJson())
                .orElseThrow(
                        () -> new IllegalStateException("no result.json collected at " + BucketLayout.runResult(key)));
        RunResult parsed = ResultJson.parse(new String(result, StandardCharsets.UTF_8));
        var files = new LinkedHashMap<String, byte[]>();
        for (String path : HistogramFiles.named(parsed).keySet()) {
            store.get(BucketLayout.runFile(key, path), limits.histogramFile()).ifPresent(b -> files.put(path, b));
        }
        Map<String, Object> spec = publicSpec(run.getSpec());
        store.put(
                BucketLayout.manifest(key),
                ResultJson.toJson(Map.of(
                                "apiVersion",
                                CrdConstants.API_VERSION,
                                "kind",
                                CrdConstants.KIND,
                                "metadata",
                                Map.of(
                                        "namespace",
                                        run.getMetadata().getNamespace(),
                                        "name",
                                        run.getMetadata().getName(),
                                        "uid",
                                        run.getMetadata().getUid()),
                                "spec",
                                spec))
                        .getBytes(StandardCharsets.UTF_8),
                "application/json");
        var isolated = Conditions.get(status, CrdConstants.CONDITION_ISOLATED);
        var published = new PublishedRun(
                key,
                run.getSpec().getReport().getLabels() == null
                        ? Map.of()
                        : run.getSpec().getReport().getLabels(),
                status.getNodes() == null ? List.of() : status.getNodes(),
                status.getPhase().name(),
                new PublishedRun.Isolation(
                        isolated.map(c -> "True".equals(c.getStatus())).orElse(false),
                        isolated.map(c -> c.getReason() + ": " + c.getMessage()).orElse("not judged"),
                        facts(status.getIsolation())),
                status.getMessage(),
                baselineKey(run, baseline),
                run.getSpec().getRunner().getImage(),
                spec,
                rerunYaml(run),
                run.getMetadata().getCreationTimestamp(),
                result,
                parsed,
                files,
                leftOut(run, files.keySet()));
        var stats = site.publish(List.of(published));
        if (stats.ignored() > 0) {
            LOG.warn(
                    "run={}: {} uploaded file(s) not published (not a histogram file result.json names, or not a valid one)",
                    key,
                    stats.ignored());
        }
        String page = "index.html#/run/" + key;
        String where = siteUrl == null || siteUrl.isBlank()
                ? BucketLayout.SITE_PREFIX + page
                : siteUrl.replaceFirst("index\\.html.*$", "") + page;
        return new Published(where, stats.ignored());
    }

    /** What the attempt uploaded besides result.json and the files published: listed, never read. */
    private int leftOut(BenchmarkRun run, Set<String> published) {
        int attempt =
                run.getStatus().getAttempts() == null ? 1 : run.getStatus().getAttempts();
        String uploaded = RunNames.attemptPrefix(run, attempt, RunnerWorkload.ROLE_CLIENT);
        return (int) store.list(uploaded).stream()
                .map(o -> o.key().substring(uploaded.length()))
                .filter(path -> !path.equals(RunLayout.RESULT_FILE) && !published.contains(path))
                .count();
    }

    /**
     * The spec as published: runner.env values, runner.jvmOptions, target.http's header values and body removed (env and
     * header names kept, options counted). All are the run author's and may carry a secret (a token, a -Dpassword=…); a
     * re-run from the site then fails admission or the request until they are given again, rather than running without
     * them.
     */
    static Map<String, Object> publicSpec(BenchmarkRunSpec spec) {
        Map<String, Object> map = asMap(spec);
        if (map.get("runner") instanceof Map<?, ?> runner) {
            @SuppressWarnings("unchecked")
            Map<String, Object> r = (Map<String, Object>) runner;
            if (runner.get("env") instanceof List<?> env) {
                r.put(
                        "env",
                        env.stream()
                                .map(e -> Map.of(
                                        "name", String.valueOf(((Map<?, ?>) e).get("name")), "value", NOT_PUBLISHED))
                                .toList());
            }
            if (runner.get("jvmOptions") instanceof List<?> options) {
                r.put("jvmOptions", options.stream().map(o -> NOT_PUBLISHED).toList());
            }
        }
        if (map.get("target") instanceof Map<?, ?> target && target.get("http") instanceof Map<?, ?> http) {
            @SuppressWarnings("unchecked")
            Map<String, Object> h = (Map<String, Object>) http;
            if (http.get("headers") instanceof Map<?, ?> headers) {
                var names = new LinkedHashMap<String, Object>();
                headers.keySet().forEach(name -> names.put(String.valueOf(name), NOT_PUBLISHED));
                h.put("headers", names);
            }
            if (http.get("body") != null) {
                h.put("body", NOT_PUBLISHED);
            }
        }
        return map;
    }

    /**
     * The baseline's site key ({@code namespace/name/uid}, what the site's compare view loads): the run the cluster has
     * under that name, else (deleted since) the newest run of that name already on the site; null when there is none.
     */
    private String baselineKey(BenchmarkRun run, Optional<BenchmarkRun> baseline) {
        String name = run.getSpec().getReport().getBaseline();
        if (name == null) {
            return null;
        }
        if (baseline.isPresent()) {
            return RunNames.key(baseline.get()).toString();
        }
        String published =
                BucketLayout.SITE_PREFIX + "data/runs/" + run.getMetadata().getNamespace() + "/" + name + "/";
        Optional<String> newest = store.list(published).stream()
                .map(ObjectInfo::key)
                .filter(k -> k.endsWith("/summary.json")
                        && k.indexOf('/', published.length()) == k.length() - "/summary.json".length())
                .max(Comparator.comparing(
                        k -> store.get(k).map(BucketSitePublisher::createdAt).orElse("")));
        if (newest.isEmpty()) {
            LOG.warn(
                    "{}: baseline {} is neither in the cluster nor on the site; published without a comparison",
                    RunNames.key(run),
                    name);
        }
        return newest.map(k -> k.substring(
                        BucketLayout.SITE_PREFIX.length() + "data/runs/".length(),
                        k.length() - "/summary.json".length()))
                .orElse(null);
    }

    private static String createdAt(byte[] summary) {
        try {
            return SUMMARY_JSON.readTree(summary).path("createdAt").asText("");
        } catch (IOException e) {
            return "";
        }
    }

    private static Map<String, Object> facts(IsolationStatus isolation) {
        var facts = new LinkedHashMap<String, Object>();
        if (isolation != null) {
            facts.put("mode", isolation.getMode());
            facts.put("cpuManagerPolicy", isolation.getCpuManagerPolicy());
            facts.put("reservedSystemCpus", isolation.getReservedSystemCpus());
            facts.put("cpusRequested", isolation.getCpusRequested());
            facts.put("qosClass", isolation.getQosClass());
            facts.put("cpusetGranted", isolation.getCpusetGranted());
            facts.put("node", isolation.getNode());
            facts.put("externalServer", isolation.getExternalServer());
            if (isolation.getServer() != null) {
                facts.put("server", asMap(isolation.getServer()));
            }
        }
        facts.values().removeIf(v -> v == null);
        return facts;
    }

    /** A part of a run as a map of its JSON fields, in their order. */
    private static Map<String, Object> asMap(Object crdPart) {
        return KUBERNETES.unmarshal(KUBERNETES.asJson(crdPart), new TypeReference<LinkedHashMap<String, Object>>() {});
    }

    private static String rerunYaml(BenchmarkRun run) {
        var copy = new LinkedHashMap<String, Object>();
        copy.put("apiVersion", CrdConstants.API_VERSION);
        copy.put("kind", CrdConstants.KIND);
        copy.put(
                "metadata",
                Map.of(
                        "name",
                        run.getMetadata().getName() + "-rerun",
                        "namespace",
                        run.getMetadata().getNamespace()));
        copy.put("spec", publicSpec(run.getSpec()));
        return KUBERNETES.asYaml(copy).replaceFirst("^---\\n", "");
    }
}
