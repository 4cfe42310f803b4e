package io.isobench.operator.config;

import io.isobench.operator.api.CrdConstants;
import io.isobench.result.ReadLimits;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Everything the operator is configured with, bound once at start-up from environment variables
 * (docs/contracts.md; the chart sets them through a ConfigMap). A bad value stops the operator with a
 * message naming the variable and the value. What travels together is grouped: the operator instance, the runner
 * pods it creates, the object store, the site, its timing and how it reaches kubelets.
 *
 * @param instance  this operator: what it watches, who it is, where it serves
 * @param runners   where and how runner pods are created
 * @param store     the object store runs are uploaded to and collected from
 * @param site      the report site published into the store's bucket
 * @param timing    how long the operator waits for runners and between reconciles
 * @param kubelets  how kubelets are reached and their configz read
 */
public record OperatorConfig(
        Instance instance, Runners runners, Store store, Site site, Timing timing, Kubelets kubelets) {

    /**
     * @param namespaces     namespaces whose BenchmarkRuns are reconciled; empty = all
     * @param podNamespace   the operator's own namespace (the Lease lives there)
     * @param podName        the operator pod's name (leader identity)
     * @param leaderElection whether to hold a Lease before reconciling
     * @param httpPort       /metrics, /healthz, /readyz
     */
    public record Instance(
            Set<String> namespaces, String podNamespace, String podName, boolean leaderElection, int httpPort) {}

    /**
     * @param namespace        where runner Jobs, ConfigMaps and upload-grant Secrets are created
     * @param image            default runner image
     * @param imagePullSecrets Secrets in that namespace runner pods pull their image with (a private registry)
     * @param poolLabel        node label naming a dedicated node's pool
     * @param dedicatedTaint   taint key of dedicated nodes, tolerated by runner pods
     */
    public record Runners(
            String namespace, String image, List<String> imagePullSecrets, String poolLabel, String dedicatedTaint) {}

    /**
     * @param endpoint   S3/MinIO endpoint, as seen from pods and from the operator; null: no store
     * @param bucket     bucket of runs and site
     * @param accessKey  the operator's own MinIO user (from its Secret, via env; never root); never logged
     * @param secretKey  see accessKey
     * @param readLimits caps on what is read of a runner's upload: result.json, one histogram file, all of a run's
     */
    public record Store(URI endpoint, String bucket, String accessKey, String secretKey, ReadLimits readLimits) {

        @Override
        public String toString() {
            // Credentials never appear in logs.
            return endpoint + "/" + bucket + ", readLimits=" + readLimits;
        }
    }

    /**
     * @param url    public URL of the report site, or null
     * @param bundle the prebuilt site pages (reports-site/dist) copied to the bucket's site/ prefix at start-up
     */
    public record Site(String url, Path bundle) {}

    /**
     * @param uploadDeadline       how long a runner may retry its upload after the run
     * @param collectGrace         how long after the runner ended (its container, or else its Job) the operator waits for result.json
     * @param maxReconcileInterval the longest a run goes without a reconcile, even after JOSDK gave up retrying a failing
     *                             one, so spec.timeout is enforced at most this late
     * @param ttlAfterFinished     how long after it finished a run without spec.ttlSecondsAfterFinished is deleted; null:
     *                             never
     */
    public record Timing(
            Duration uploadDeadline, Duration collectGrace, Duration maxReconcileInterval, Duration ttlAfterFinished) {}

    /**
     * @param caFile       the CA that signs the kubelets' serving certificates; null: the CA the operator trusts for the
     *                     API server
     * @param addressTypes which node address to dial a kubelet at, first match wins
     * @param configzTtl   how long a node's kubelet config read through configz is trusted
     */
    public record Kubelets(Path caFile, List<String> addressTypes, Duration configzTtl) {}

    public static final String DEFAULT_RUNNER_IMAGE = "isobench/runner:0.1.0";
    /** Every type a node address can have (as the API server's --kubelet-preferred-address-types takes them). */
    public static final List<String> NODE_ADDRESS_TYPES =
            List.of("InternalIP", "ExternalIP", "InternalDNS", "ExternalDNS", "Hostname");
    /** Node addresses a kubelet is dialled at, in order: pods reach kubelets at their internal addresses. */
    public static final List<String> DEFAULT_KUBELET_ADDRESS_TYPES = List.of("InternalIP", "InternalDNS", "Hostname");
    /** Where the operator image holds the site pages. */
    public static final String DEFAULT_SITE_BUNDLE = "/opt/isobench/site";

    /** Binds the environment; collects every problem before failing so one restart fixes them all. */
    public static OperatorConfig fromEnvironment(Map<String, String> env) {
        var problems = new ArrayList<String>();
        var reader = new Reader(env, problems);
        String podNamespace = reader.string("POD_NAMESPACE", "isobench-system");
        var config = new OperatorConfig(
                new Instance(
                        reader.namespaces("ISOBENCH_NAMESPACES"),
                        podNamespace,
                        reader.string("POD_NAME", hostName()),
                        reader.bool("ISOBENCH_LEADER_ELECTION", true),
                        reader.port("ISOBENCH_HTTP_PORT", 8080)),
                new Runners(
                        reader.dnsLabel("ISOBENCH_RUN_NAMESPACE", podNamespace),
                        reader.string("ISOBENCH_RUNNER_IMAGE", DEFAULT_RUNNER_IMAGE),
                        reader.secretNames("ISOBENCH_IMAGE_PULL_SECRETS"),
                        reader.string("ISOBENCH_POOL_LABEL", CrdConstants.POOL_LABEL),
                        reader.string("ISOBENCH_DEDICATED_TAINT", CrdConstants.DEDICATED_TAINT)),
                new Store(
                        reader.uri("ISOBENCH_STORE_ENDPOINT"),
                        reader.string("ISOBENCH_STORE_BUCKET", "isobench"),
                        reader.secret("ISOBENCH_STORE_ACCESS_KEY"),
                        reader.secret("ISOBENCH_STORE_SECRET_KEY"),
                        reader.readLimits()),
                new Site(
                        env.get("ISOBENCH_SITE_URL"),
                        Path.of(reader.string("ISOBENCH_SITE_BUNDLE", DEFAULT_SITE_BUNDLE))),
                new Timing(
                        reader.duration("ISOBENCH_UPLOAD_DEADLINE", Duration.ofMinutes(10)),
                        reader.duration("ISOBENCH_COLLECT_GRACE", Duration.ofMinutes(2)),
                        reader.positiveDuration("ISOBENCH_MAX_RECONCILE_INTERVAL", Duration.ofMinutes(1)),
                        reader.optionalSeconds("ISOBENCH_TTL_SECONDS_AFTER_FINISHED")),
                new Kubelets(
                        reader.readableFile("ISOBENCH_KUBELET_CA_FILE"),
                        reader.addressTypes("ISOBENCH_KUBELET_ADDRESS_TYPES"),
                        reader.duration("ISOBENCH_CONFIGZ_TTL", Duration.ofSeconds(30))));
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(
                    "operator configuration is invalid:\n  " + String.join("\n  ", problems));
        }
        return config;
    }

    /** Whether the operator has a store to collect from (tests without one drive collection themselves). */
    public boolean hasStore() {
        return store.endpoint() != null;
    }

    @Override
    public String toString() {
        var namespaces = instance.namespaces();
        return "OperatorConfig[namespaces=" + (namespaces.isEmpty() ? "all" : namespaces) + ", runNamespace="
                + runners.namespace() + ", runnerImage=" + runners.image() + ", store=" + store
                + ", poolLabel=" + runners.poolLabel() + ", leaderElection=" + instance.leaderElection()
                + ", httpPort=" + instance.httpPort() + ", maxReconcileInterval=" + timing.maxReconcileInterval()
                + ", ttlAfterFinished=" + (timing.ttlAfterFinished() == null ? "never" : timing.ttlAfterFinished())
                + ", kubelets at " + kubelets.addressTypes() + " trusted by "
                + (kubelets.caFile() == null ? "the API server's CA" : kubelets.caFile()) + "]";
    }

    private static String hostName() {
        String host = System.getenv("HOSTNAME");
        return host == null || host.isBlank() ? "isobench-operator" : host;
    }

    private record Reader(Map<String, String> env, List<String> problems) {

        String string(String name, String fallback) {
            String value = env.get(name);
            return value == null || value.isBlank() ? fallback : value.trim();
        }

        String secret(String name) {
            String value = env.get(name);
            return value == null || value.isBlank() ? null : value;
        }

        String dnsLabel(String name, String fallback) {
            String value = string(name, fallback);
            if (!value.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")) {
                problems.add(name + "=\"" + value
                        + "\" is not a namespace name (lowercase letters, digits and '-', at most 63)");
            }
            return value;
        }

        Set<String> namespaces(String name) {
            String value = string(name, "");
            var result = new TreeSet<String>();
            Arrays.stream(value.split(","))
                    .map(String::trim)
                    .filter(s -> !s.isEmpty())
                    .forEach(ns -> {
                        if (!ns.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")) {
                            problems.add(name + " names \"" + ns + "\", which is not a namespace name");
                        }
                        result.add(ns);
                    });
            return Set.copyOf(result);
        }

        /** Comma-separated Secret names (DNS subdomains). */
        List<String> secretNames(String name) {
            var names = new ArrayList<String>();
            Arrays.stream(string(name, "").split(","))
                    .map(String::trim)
                    .filter(s -> !s.isEmpty())
                    .forEach(secret -> {
                        if (!secret.matches("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?")) {
                            problems.add(name + " names \"" + secret
                                    + "\", which is not a Secret name (lowercase letters, digits, '-' and '.')");
                        }
                        names.add(secret);
                    });
            return List.copyOf(names);
        }

        URI uri(String name) {
            String value = string(name, null);
            if (value == null) {
                return null;
            }
            try {
                URI uri = URI.create(value);
                if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                    problems.add(
                            name + "=\"" + value + "\" must be an http(s) URL, e.g. http://minio.isobench-system:9000");
                }
                return uri;
            } catch (IllegalArgumentException e) {
                problems.add(name + "=\"" + value + "\" is not a URL: " + e.getMessage());
                return null;
            }
        }

        boolean bool(String name, boolean fallback) {
            String value = string(name, String.valueOf(fallback));
            if (!value.equals("true") && !value.equals("false")) {
                problems.add(name + "=\"" + value + "\" must be true or false");
            }
            return Boolean.parseBoolean(value);
        }

        int port(String name, int fallback) {
            String value = string(name, String.valueOf(fallback));
            try {
                int port = Integer.parseInt(value);
                if (port < 0 || port > 65535) {
                    throw new NumberFormatException();
                }
                return port;
            } catch (NumberFormatException e) {
                problems.add(name + "=\"" + value + "\" must be a port number (1-65535; 0: any free port)");
                return fallback;
            }
        }

        /** A file that must be there when named (a missing CA would otherwise show only as every kubelet untrusted). */
        Path readableFile(String name) {
            String value = string(name, null);
            if (value == null) {
                return null;
            }
            Path file = Path.of(value);
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                problems.add(name + "=\"" + value + "\" is not a readable file");
            }
            return file;
        }

        List<String> addressTypes(String name) {
            String value = string(name, String.join(",", DEFAULT_KUBELET_ADDRESS_TYPES));
            List<String> types = Arrays.stream(value.split(","))
                    .map(String::trim)
                    .filter(t -> !t.isEmpty())
                    .toList();
            for (String type : types) {
                if (!NODE_ADDRESS_TYPES.contains(type)) {
                    problems.add(name + " names \"" + type + "\", which is not a node address type ("
                            + String.join(", ", NODE_ADDRESS_TYPES) + ")");
                }
            }
            if (types.isEmpty()) {
                problems.add(name + "=\"" + value + "\" names no node address type");
            }
            return types;
        }

        ReadLimits readLimits() {
            var limits = new ReadLimits(
                    bytes("ISOBENCH_MAX_RESULT_BYTES", ReadLimits.DEFAULTS.resultJson()),
                    bytes("ISOBENCH_MAX_HISTOGRAM_FILE_BYTES", ReadLimits.DEFAULTS.histogramFile()),
                    bytes("ISOBENCH_MAX_RUN_FILES_BYTES", ReadLimits.DEFAULTS.runFiles()));
            if (limits.runFiles() < limits.histogramFile()) {
                problems.add("ISOBENCH_MAX_RUN_FILES_BYTES=\"" + limits.runFiles()
                        + "\" is below ISOBENCH_MAX_HISTOGRAM_FILE_BYTES=\"" + limits.histogramFile()
                        + "\" (a run holds at least one file)");
            }
            return limits;
        }

        /** A size in bytes: a count, or a count with Ki, Mi or Gi (as Kubernetes quantities write it). */
        long bytes(String name, long fallback) {
            String value = string(name, null);
            if (value == null) {
                return fallback;
            }
            var m = Pattern.compile("([0-9]{1,10})(Ki|Mi|Gi)?").matcher(value);
            long bytes = m.matches()
                    ? Long.parseLong(m.group(1))
                            << switch (m.group(2) == null ? "" : m.group(2)) {
                                case "Ki" -> 10;
                                case "Mi" -> 20;
                                case "Gi" -> 30;
                                default -> 0;
                            }
                    : -1;
            if (bytes < 1 || bytes > ReadLimits.MAX_CAP) {
                problems.add(name + "=\"" + value + "\" must be a size between 1 and " + ReadLimits.MAX_CAP
                        + " bytes, e.g. 8Mi, 512Ki, 1048576");
                return fallback;
            }
            return bytes;
        }

        /** Whole seconds, 0 or more (as spec.ttlSecondsAfterFinished takes them); unset or empty: null. */
        Duration optionalSeconds(String name) {
            String value = string(name, null);
            if (value == null) {
                return null;
            }
            if (!value.matches("[0-9]{1,9}")) {
                problems.add(name + "=\"" + value
                        + "\" must be a whole number of seconds, 0 or more (e.g. 86400 for a day; empty: never)");
                return null;
            }
            return Duration.ofSeconds(Long.parseLong(value));
        }

        Duration positiveDuration(String name, Duration fallback) {
            Duration value = duration(name, fallback);
            if (value.isZero()) {
                problems.add(name + "=\"" + env.get(name) + "\" must be longer than zero");
                return fallback;
            }
            return value;
        }

        Duration duration(String name, Duration fallback) {
            String value = string(name, null);
            if (value == null) {
                return fallback;
            }
            var m = Pattern.compile("([0-9]+)(ms|s|m|h)").matcher(value);
            if (!m.matches()) {
                problems.add(name + "=\"" + value + "\" must be a duration such as 500ms, 30s, 10m, 1h");
                return fallback;
            }
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        }
    }
}
