package io.isobench.operator;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.observability.HttpEndpoints;
import io.isobench.operator.observability.OperatorMetrics;
import io.isobench.operator.observability.ReconcileMetrics;
import io.isobench.operator.observability.RunEvents;
import io.isobench.operator.observability.TimedPublisher;
import io.isobench.operator.placement.KubeletConfigz;
import io.isobench.operator.placement.NodeInspector;
import io.isobench.operator.placement.NodeLedger;
import io.isobench.operator.placement.ServerReports;
import io.isobench.operator.reconcile.BenchmarkRunReconciler;
import io.isobench.operator.results.BucketSitePublisher;
import io.isobench.operator.results.ResultSource;
import io.isobench.operator.results.RunPublisher;
import io.isobench.operator.schedules.BenchmarkScheduleReconciler;
import io.isobench.operator.stepcontract.ActionRejections;
import io.isobench.operator.stepcontract.AttemptOutcomes;
import io.isobench.operator.stepcontract.Publications;
import io.isobench.operator.stepcontract.Services;
import io.isobench.operator.uploads.StoreUploadAccess;
import io.isobench.operator.uploads.UploadAccess;
import io.isobench.operator.workload.RunnerWorkload;
import io.isobench.store.ObjectStore;
import io.javaoperatorsdk.operator.Operator;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The operator assembled: JOSDK with the BenchmarkRun and BenchmarkSchedule reconcilers, node view, ledger, metrics and HTTP endpoints. */
public final class IsobenchOperator implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(IsobenchOperator.class);
    /** Connecting to a kubelet and its answer: a configz read is a few KB on the node's own network. */
    private static final Duration KUBELET_TIMEOUT = Duration.ofSeconds(10);

    private final Operator operator;
    private final NodeInspector nodes;
    private final HttpEndpoints http;

    /** The operator with the object store and publisher its configuration names. */
    public static IsobenchOperator fromConfig(OperatorConfig config, KubernetesClient client, String httpBind)
            throws IOException {
        var store = StoreWiring.store(config);
        var uploads = store.map(s -> StoreWiring.uploads(config));
        var publisher = store.map(s -> StoreWiring.publisher(s, config));
        var operator = new IsobenchOperator(
                config,
                client,
                store.map(StoreWiring::results).orElse(null),
                publisher.orElse(null),
                uploads.orElse(null),
                httpBind);
        operator.store = store.orElse(null);
        operator.sitePublisher = publisher.orElse(null);
        operator.uploads = uploads.orElse(null);
        return operator;
    }

    private ObjectStore store;
    private StoreUploadAccess uploads;
    private BucketSitePublisher sitePublisher;
    /** Keeps the bucket (and its site policy and pages) there: runners retry an upload to a bucket that went away until it is back. */
    private RepeatedCheck bucketKeeper;

    static final Duration BUCKET_CHECK = Duration.ofSeconds(10);

    IsobenchOperator(
            OperatorConfig config,
            KubernetesClient client,
            ResultSource results,
            RunPublisher publisher,
            UploadAccess uploads,
            String httpBind)
            throws IOException {
        Clock clock = Clock.systemUTC();
        var kubelets = new KubeletConfigz(
                client.getConfiguration(),
                config.kubelets().caFile(),
                config.kubelets().addressTypes(),
                KUBELET_TIMEOUT);
        nodes = new NodeInspector(client, kubelets, config.kubelets().configzTtl(), clock);
        AtomicReference<BenchmarkRunReconciler> reconcilerRef = new AtomicReference<>();
        var metrics = new OperatorMetrics(
                () -> reconcilerRef.get() == null
                        ? List.of()
                        : reconcilerRef.get().allRuns(),
                clock);
        var events = new RunEvents(client, clock, config.instance().podName());
        var services = new Services(
                config,
                client,
                nodes,
                new NodeLedger(),
                new ServerReports(client),
                new RunnerWorkload(config),
                results,
                publisher == null ? null : new TimedPublisher(publisher, metrics),
                uploads,
                new ActionRejections(),
                new Publications(),
                new AttemptOutcomes<>(),
                new AttemptOutcomes<>(),
                new AttemptOutcomes<>(),
                events);
        ReconcileMetrics.jvm(metrics.registry());
        var reconciler = new BenchmarkRunReconciler(services, clock, metrics);
        operator = new Operator(o -> {
            o.withKubernetesClient(client)
                    .withCloseClientOnStop(false)
                    .withConcurrentReconciliationThreads(8)
                    .withMetrics(ReconcileMetrics.josdk(metrics.registry()));
            if (config.instance().leaderElection()) {
                o.withLeaderElectionConfiguration(
                        LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration("isobench-operator")
                                .withLeaseNamespace(config.instance().podNamespace())
                                .withIdentity(config.instance().podName())
                                .withLeaseDuration(Duration.ofSeconds(15))
                                .withRenewDeadline(Duration.ofSeconds(10))
                                .withRetryPeriod(Duration.ofSeconds(2))
                                .build());
            }
        });
        reconcilerRef.set(reconciler);
        operator.register(reconciler, o -> {
            // JOSDK gives up retrying a reconcile that keeps failing and would wait 10 h for the next: the run's
            // deadline
            // must still be looked at
            o.withName("benchmarkrun")
                    .withFinalizer(CrdConstants.FINALIZER)
                    .withReconciliationMaxInterval(config.timing().maxReconcileInterval())
                    .withRetry(reconciler.retry());
            if (config.instance().namespaces().isEmpty()) {
                o.watchingAllNamespaces();
            } else {
                o.settingNamespaces(config.instance().namespaces());
            }
        });
        // schedules make runs in the namespaces the operator watches for runs
        operator.register(new BenchmarkScheduleReconciler(client, clock, events), o -> {
            o.withName("benchmarkschedule");
            if (config.instance().namespaces().isEmpty()) {
                o.watchingAllNamespaces();
            } else {
                o.settingNamespaces(config.instance().namespaces());
            }
        });
        http = new HttpEndpoints(
                httpBind, config.instance().httpPort(), metrics.registry(), this::liveness, this::readiness);
        LOG.info("configured: {}", config);
    }

    /**
     * Alive while every informer (JOSDK's event sources for runs, Jobs and pods, and the nodes') is running and watching:
     * an operator that no longer sees changes would leave runs unreconciled while looking fine. Informers run on a standby
     * replica too, so it is judged the same way. Before the start has finished there is nothing to judge yet.
     */
    HttpEndpoints.Health liveness() {
        var runtime = operator.getRuntimeInfo();
        if (!runtime.isStarted()) {
            return new HttpEndpoints.Health(true, "starting");
        }
        var unhealthy = new TreeSet<String>();
        runtime.unhealthyEventSources()
                .forEach((controller, sources) ->
                        sources.keySet().forEach(source -> unhealthy.add(controller + "/" + source)));
        if (!nodes.watching()) {
            unhealthy.add("nodes");
        }
        return unhealthy.isEmpty()
                ? new HttpEndpoints.Health(true, "ok")
                : new HttpEndpoints.Health(false, "not watching: " + String.join(", ", unhealthy));
    }

    HttpEndpoints.Health readiness() {
        if (!operator.getRuntimeInfo().isStarted()) {
            return new HttpEndpoints.Health(false, "starting");
        }
        var live = liveness();
        return live.ok() ? new HttpEndpoints.Health(true, "ready") : live;
    }

    public void start() {
        nodes.start();
        operator.start();
        if (sitePublisher != null) {
            bucketKeeper = new RepeatedCheck("bucket-keeper", sitePublisher::keepBucket, BUCKET_CHECK);
        }
    }

    public int httpPort() {
        return http.port();
    }

    @Override
    public void close() {
        if (bucketKeeper != null) {
            bucketKeeper.close();
        }
        operator.stop();
        nodes.close();
        http.close();
        if (store != null) {
            store.close();
        }
        if (uploads != null) {
            uploads.close();
        }
    }
}
