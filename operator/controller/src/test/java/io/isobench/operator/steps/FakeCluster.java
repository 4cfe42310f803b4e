package io.isobench.operator.steps;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.observability.RunEvents;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.placement.NodeLedger;
import io.isobench.operator.placement.ServerReports;
import io.isobench.operator.results.CollectedArtifacts;
import io.isobench.operator.results.ResultSource;
import io.isobench.operator.results.RunPublisher;
import io.isobench.operator.stepcontract.ActionRejections;
import io.isobench.operator.stepcontract.AttemptOutcomes;
import io.isobench.operator.stepcontract.Publications;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.stepcontract.Services;
import io.isobench.operator.uploads.UploadAccess;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.store.ObjectStoreException;
import io.isobench.store.ObjectTooLargeException;
import io.isobench.store.access.UploadGrant;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Fakes for step tests: nodes with their kubelet configs, runs, Jobs and pods, and an object store in memory. */
final class FakeCluster {

    final OperatorConfig config;
    final List<Node> nodes = new ArrayList<>();
    final Map<String, KubeletFacts> kubelets = new HashMap<>();
    final List<BenchmarkRun> runs = new ArrayList<>();
    final List<Job> jobs = new ArrayList<>();
    final List<Pod> pods = new ArrayList<>();
    final Map<String, byte[]> objects = new HashMap<>();
    boolean storeDown;
    final NodeLedger ledger = new NodeLedger();
    final ActionRejections rejections = new ActionRejections();
    final Publications publications = new Publications();
    final AttemptOutcomes<ObjectStoreException> grantIssues = new AttemptOutcomes<>();
    final AttemptOutcomes<Optional<ObjectStoreException>> revocations = new AttemptOutcomes<>();
    final AttemptOutcomes<CollectedArtifacts.Collection> collections = new AttemptOutcomes<>();
    /** The API server steps' actions talk to; none unless a test gives one. */
    KubernetesClient client;

    final NodeInspector inspector = new NodeInspector(null, null, Duration.ofSeconds(30), java.time.Clock.systemUTC()) {
        @Override
        public List<Node> nodes() {
            return nodes;
        }

        @Override
        public Optional<Node> node(String name) {
            return nodes.stream()
                    .filter(n -> name.equals(n.getMetadata().getName()))
                    .findFirst();
        }

        @Override
        public KubeletFacts kubelet(String node) {
            kubeletReads.add(node);
            notReadYet.remove(node);
            return kubelets.getOrDefault(node, KubeletFacts.unreadable("no kubelet"));
        }

        @Override
        public Optional<KubeletFacts> knownKubelet(String node) {
            return notReadYet.contains(node)
                    ? Optional.empty()
                    : Optional.of(kubelets.getOrDefault(node, KubeletFacts.unreadable("no kubelet")));
        }
    };

    /** Kubelets read (each a blocking call to the node), in order; those in {@link #notReadYet} are known only once read. */
    final List<String> kubeletReads = new ArrayList<>();

    final Set<String> notReadYet = new HashSet<>();

    /** Runs published, and the failure the next publication throws (none: it succeeds). */
    final List<String> published = new ArrayList<>();

    RuntimeException publishFailure;

    final RunPublisher publisher = (run, baseline) -> {
        if (publishFailure != null) {
            throw publishFailure;
        }
        published.add(run.getMetadata().getName());
        return new RunPublisher.Published(
                "http://site/runs/" + run.getMetadata().getName(), 0);
    };

    /** Container logs by API path; a missing one is a 400 (container not started), as the API server answers. */
    final Map<String, String> logs = new HashMap<>();

    final List<String> logsRead = new ArrayList<>();

    final ServerReports serverReports = new ServerReports(null) {
        @Override
        protected String log(String path) {
            logsRead.add(path);
            if (!logs.containsKey(path)) {
                throw new io.fabric8.kubernetes.client.KubernetesClientException(
                        "container \"server\" is waiting to start", 400, null);
            }
            return logs.get(path);
        }
    };

    final ResultSource store = new ResultSource() {
        @Override
        public Optional<byte[]> read(String key, long maxBytes) throws IOException {
            if (storeDown) {
                throw new IOException("connection refused");
            }
            byte[] bytes = objects.get(key);
            if (bytes != null && bytes.length > maxBytes) {
                throw new ObjectTooLargeException(
                        "'" + key + "' holds " + bytes.length + " bytes, over the cap of " + maxBytes + " bytes",
                        bytes.length,
                        maxBytes);
            }
            return Optional.ofNullable(bytes);
        }

        @Override
        public void keep(String key, byte[] content, String contentType) throws IOException {
            if (storeDown) {
                throw new IOException("connection refused");
            }
            objects.put(key, content);
        }

        @Override
        public String describe(String key) {
            return "s3://isobench/" + key;
        }
    };

    /** Upload grants issued and revoked, by prefix; {@link #storeDown} makes both fail as an unreachable store would. */
    final List<String> issued = new ArrayList<>();

    final List<String> revoked = new ArrayList<>();

    final UploadAccess uploads = new UploadAccess() {
        @Override
        public UploadGrant issue(String prefix, Instant expires) {
            if (storeDown) {
                throw new ObjectStoreException(
                        "cannot add a service account: cannot reach http://127.0.0.1:29999", true, null);
            }
            issued.add(prefix);
            return new UploadGrant(
                    "isobench",
                    prefix,
                    expires,
                    Map.of(
                            "policy",
                            "p",
                            "x-amz-algorithm",
                            "AWS4-HMAC-SHA256",
                            "x-amz-credential",
                            "ibr/c",
                            "x-amz-date",
                            "20261123T100000Z",
                            "x-amz-signature",
                            "s"));
        }

        @Override
        public boolean revoke(String prefix) {
            if (storeDown) {
                throw new ObjectStoreException(
                        "cannot delete a service account: cannot reach http://127.0.0.1:29999", true, null);
            }
            revoked.add(prefix);
            return true;
        }
    };

    /** What collection reads: the in-memory {@link #store} unless a test points it at a real one. */
    ResultSource results = store;

    FakeCluster() {
        this(Map.of());
    }

    /** @param env settings added to the operator's configuration (e.g. read caps) */
    FakeCluster(Map<String, String> env) {
        var all = new HashMap<>(Map.of(
                "ISOBENCH_STORE_ENDPOINT",
                "http://127.0.0.1:29999",
                "POD_NAMESPACE",
                "isobench-system",
                "ISOBENCH_COLLECT_GRACE",
                "3s"));
        all.putAll(env);
        config = OperatorConfig.fromEnvironment(all);
    }

    FakeCluster node(String name, int cpus, String policy, String pool) {
        nodes.add(new NodeBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("isobench.io/pool", pool)
                .endMetadata()
                .withNewStatus()
                .addToAllocatable("cpu", new Quantity(String.valueOf(cpus)))
                .addToAllocatable("memory", new Quantity("16Gi"))
                .addNewCondition()
                .withType("Ready")
                .withStatus("True")
                .withLastTransitionTime("2026-11-23T09:00:00Z")
                .endCondition()
                .endStatus()
                .build());
        kubelets.put(name, KubeletFacts.read(policy, "static".equals(policy) ? "0" : null));
        return this;
    }

    RunContext context(BenchmarkRun run, Instant now) {
        var services = new Services(
                config,
                client,
                inspector,
                ledger,
                serverReports,
                new RunnerWorkload(config),
                results,
                publisher,
                uploads,
                rejections,
                publications,
                grantIssues,
                revocations,
                collections,
                new RunEvents(client, Clock.systemUTC(), "fake-cluster"));
        return new RunContext(
                run, Serialization.clone(run.getStatus()), now, services, jobs, pods, () -> runs, () -> pods);
    }

    /** The run's next reconcile, at {@code now}: its status as {@code ctx} left it, stored. */
    RunContext next(RunContext ctx, Instant now) {
        BenchmarkRun stored = Serialization.clone(ctx.run());
        stored.setStatus(Serialization.clone(ctx.status()));
        return context(stored, now);
    }

    /**
     * A step as the reconciler runs it: it decides, its action is done (once the status is stored), and it decides again
     * in the run's next reconcile, whose context this is.
     */
    RunContext actedOn(ReconcileStep step, RunContext ctx) throws Exception {
        var outcome = step.apply(ctx);
        if (outcome.action() == null) {
            return ctx;
        }
        outcome.action().run();
        RunContext next = next(ctx, ctx.now());
        step.apply(next);
        return next;
    }

    /** A client of an API server that is not there: an action that reaches the cluster fails (after what it did before). */
    static KubernetesClient unreachableApiServer() throws IOException {
        int port;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        return new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(Config.empty())
                        .withMasterUrl("http://127.0.0.1:" + port)
                        .withRequestRetryBackoffLimit(0)
                        .build())
                .build();
    }
}
