package io.isobench.operator.it;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Not a test: the operator benchmarks `make bench-operator` and `make bench-operator-start` run (BENCHMARKS.md). 1,000
 * BenchmarkRuns created at once against the real API server: time until every run is Queued or Scheduled, apply → Job
 * created p50/p99 (Shared runs, so every run gets its Job), and the operator's heap after a GC. Then the operator as
 * its image starts it: process start → leader → a run reconciled, its resident memory; and apply → runner Job on an
 * idle pool, one run at a time.
 */
@Tag("benchmark")
class OperatorScaleBenchmark extends OperatorIT {

    static final int RUNS = Integer.getInteger("isobench.bench.runs", 1000);
    static final int START_ROUNDS = Integer.getInteger("isobench.bench.startRounds", 5);
    static final int IDLE_RUNS = Integer.getInteger("isobench.bench.idleRuns", 100);
    static final int LOAD_RUNS = Integer.getInteger("isobench.bench.loadRuns", 300);
    static final int MEMORY_ROUNDS = Integer.getInteger("isobench.bench.memoryRounds", 3);
    /**
     * The operator image's JVM options (its JAVA_TOOL_OPTIONS, images/operator.jvm-options) after what the JVM in the
     * chart's 768Mi pod sees and picks by itself: that memory limit, and the Serial collector (a container of less than
     * 1792 MiB); on this host it would size its heap from the machine and pick G1.
     */
    static final List<String> IMAGE_JVM_OPTIONS = imageJvmOptions();
    /** A namespace of its own for the started operator's runs: the in-process operator of OperatorIT does not watch it. */
    static final String START_NAMESPACE = "start-bench";
    /** A runtime named so is an image's /opt: {@code image:DIR}. */
    static final String IMAGE = "image:";

    /**
     * The packaged operator jar, run as its image runs it (leader election on, the store, the site bundle), started
     * {@link #START_ROUNDS} times: from process start to holding the Lease, to its first reconcile of a run created
     * before it started, and its resident memory then and 10 s later (VmRSS, and the peak, VmHWM).
     */
    @Test
    void startedAsItsImageStartsIt() throws Exception {
        createStartNamespace();
        // label=java,…: the Java runtimes to start the packaged jar with, or label=image:DIR, an image's /opt under DIR
        // (images/build-oci.sh --opt: its runtime, its jar and its AOT cache), in a random order each round (default:
        // this JVM's)
        var runtimes = labelled(
                "isobench.bench.javas",
                "this JDK=" + ProcessHandle.current().info().command().orElse("java"),
                ",");
        var rows = new StringBuilder();
        var random = new java.util.Random();
        int started = 0;
        for (int round = 1; round <= START_ROUNDS; round++) {
            var order = new ArrayList<>(runtimes.keySet());
            java.util.Collections.shuffle(order, random);
            for (String runtime : order) {
                String name = "start-" + ++started;
                // a pool with no node: the run is reconciled (Pending, then Queued) and no Job outlives the round
                BenchmarkRun run = runSpec(name, "start-bench-nowhere", "1h");
                run.getMetadata().setNamespace(START_NAMESPACE);
                client.resource(run).create();
                Path log = Files.createTempFile("operator-start", ".log");
                String launch = runtimes.get(runtime);
                // AOTMode=on: a cache this runtime and jar cannot use stops the JVM instead of measuring without it
                var builder = operatorProcess(
                        name,
                        operatorCommand(launch, launch.startsWith(IMAGE) ? List.of("-XX:AOTMode=on") : List.of()),
                        log);
                long t0 = System.nanoTime();
                Process operator = builder.start();
                try {
                    long leader = awaitNanos(() -> name.equals(leaseHolder()), t0, log);
                    long reconciled = awaitNanos(
                            () -> {
                                BenchmarkRun r = get(START_NAMESPACE, name);
                                return r.getStatus() != null && r.getStatus().getPhase() != null;
                            },
                            t0,
                            log);
                    long rss = memory(operator, "VmRSS");
                    Thread.sleep(10_000);
                    rows.append(String.format(
                            Locale.ROOT,
                            "| %d | %s | %.2f | %.2f | %.0f | %.0f | %.0f |%n",
                            round,
                            runtime,
                            leader / 1e9,
                            reconciled / 1e9,
                            rss / 1024.0,
                            memory(operator, "VmRSS") / 1024.0,
                            memory(operator, "VmHWM") / 1024.0));
                } finally {
                    stop(operator, name);
                }
            }
        }
        write("operator-start", """
                | round | Java runtime | start → leader (s) | start → first run reconciled (s) | RSS then (MiB) \
                | RSS 10 s later (MiB) | peak RSS (MiB) |
                |---|---|---|---|---|---|---|
                """ + rows);
    }

    /**
     * The operator as its image starts it, under load: {@link #LOAD_RUNS} runs created at once by 16 clients (Shared,
     * so each that fits gets its Job and pod on the kwok pool), reconciled until every one is Queued with a position,
     * Scheduled or Running; then all deleted (the operator removes their Jobs, pods and finalizers). Its resident memory
     * when they have settled, when they are gone, 10 s later, and its peak. The image's command line with each of the
     * option sets of {@code isobench.bench.memoryOptions} ({@code label=OPTIONS;…}: JVM options and {@code NAME=VALUE}
     * environment variables, space-separated; default: none), in a random order each round, on {@code
     * isobench.bench.memoryJava} (a java, or image:DIR; default: this JVM's).
     */
    @Test
    void residentMemoryUnderLoad() throws Exception {
        createStartNamespace();
        var sets = new java.util.LinkedHashMap<String, List<String>>();
        labelled("isobench.bench.memoryOptions", "the image's options=", ";")
                .forEach((label, tokens) -> sets.put(
                        label,
                        tokens.isBlank() ? List.of() : List.of(tokens.strip().split(" +"))));
        String launch = System.getProperty(
                "isobench.bench.memoryJava",
                ProcessHandle.current().info().command().orElse("java"));
        var rows = new StringBuilder();
        var random = new java.util.Random();
        int started = 0;
        for (int round = 1; round <= MEMORY_ROUNDS; round++) {
            var order = new ArrayList<>(sets.keySet());
            java.util.Collections.shuffle(order, random);
            for (String set : order) {
                String name = "memory-" + ++started;
                var options =
                        sets.get(set).stream().filter(t -> t.startsWith("-")).toList();
                Path log = Files.createTempFile("operator-memory", ".log");
                var builder = operatorProcess(name, operatorCommand(launch, options), log);
                sets.get(set).stream()
                        .filter(t -> !t.startsWith("-"))
                        .forEach(t -> builder.environment()
                                .put(t.substring(0, t.indexOf('=')), t.substring(t.indexOf('=') + 1)));
                long t0 = System.nanoTime();
                Process operator = builder.start();
                try {
                    awaitNanos(() -> name.equals(leaseHolder()), t0, log);
                    long loaded = System.nanoTime();
                    createRuns(START_NAMESPACE, name + "-", PlacementSpec.Isolation.Shared, LOAD_RUNS);
                    await().atMost(Duration.ofMinutes(10))
                            .pollInterval(Duration.ofMillis(500))
                            .until(() -> settled(START_NAMESPACE, LOAD_RUNS));
                    double settled = (System.nanoTime() - loaded) / 1e9;
                    long rssSettled = memory(operator, "VmRSS");
                    for (BenchmarkRun r : client.resources(BenchmarkRun.class)
                            .inNamespace(START_NAMESPACE)
                            .list()
                            .getItems()) {
                        client.resource(r).delete();
                    }
                    await().atMost(Duration.ofMinutes(10))
                            .pollInterval(Duration.ofMillis(500))
                            .until(() -> client.resources(BenchmarkRun.class)
                                    .inNamespace(START_NAMESPACE)
                                    .list()
                                    .getItems()
                                    .isEmpty());
                    long rssDeleted = memory(operator, "VmRSS");
                    Thread.sleep(10_000);
                    String row = String.format(
                            Locale.ROOT,
                            "| %d | %s | %d | %.1f | %.0f | %.0f | %.0f | %.0f |%n",
                            round,
                            set,
                            LOAD_RUNS,
                            settled,
                            rssSettled / 1024.0,
                            rssDeleted / 1024.0,
                            memory(operator, "VmRSS") / 1024.0,
                            memory(operator, "VmHWM") / 1024.0);
                    // each row as it is measured: a long benchmark stopped early still leaves its figures in the log
                    System.out.print(row);
                    rows.append(row);
                } finally {
                    stop(operator, null);
                }
                await().atMost(Duration.ofMinutes(5))
                        .until(() -> client.batch()
                                .v1()
                                .jobs()
                                .inNamespace(RUN_NAMESPACE)
                                .list()
                                .getItems()
                                .isEmpty());
            }
        }
        write("operator-memory", """
                | round | options | runs | runs settled (s) | RSS settled (MiB) | RSS all deleted (MiB) \
                | RSS 10 s later (MiB) | peak RSS (MiB) |
                |---|---|---|---|---|---|---|---|
                """ + rows);
    }

    /** The {@code label=value} entries of a system property, {@code separator} between them, in their order. */
    private static Map<String, String> labelled(String property, String fallback, String separator) {
        var entries = new java.util.LinkedHashMap<String, String>();
        for (String entry : System.getProperty(property, fallback).split(separator)) {
            entries.put(entry.substring(0, entry.indexOf('=')), entry.substring(entry.indexOf('=') + 1));
        }
        return entries;
    }

    private static void createStartNamespace() {
        client.resource(new io.fabric8.kubernetes.api.model.NamespaceBuilder()
                        .withNewMetadata()
                        .withName(START_NAMESPACE)
                        .endMetadata()
                        .build())
                .serverSideApply();
    }

    /** Every run of the namespace Queued with a position, Scheduled or Running. */
    private static boolean settled(String namespace, int runs) {
        var items = client.resources(BenchmarkRun.class)
                .inNamespace(namespace)
                .list()
                .getItems();
        return items.size() == runs
                && items.stream()
                        .allMatch(r -> r.getStatus() != null
                                && (r.getStatus().getPhase() == Phase.Queued
                                                && r.getStatus().getQueuePosition() != null
                                        || r.getStatus().getPhase() == Phase.Scheduled
                                        || r.getStatus().getPhase() == Phase.Running));
    }

    /**
     * Apply → runner Job on an idle pool, {@link #IDLE_RUNS} runs one after the other: each created once the last one's
     * Job and pod are gone, the time from the create call to the Job's arrival on a watch (this JVM's clock both).
     */
    @Test
    void applyToJobOnAnIdlePool() throws Exception {
        var jobSeen = new ConcurrentHashMap<String, Long>();
        try (var jobs = client.batch().v1().jobs().inNamespace(RUN_NAMESPACE).watch(new Watcher<Job>() {
            @Override
            public void eventReceived(Action action, Job job) {
                String uid = job.getMetadata().getLabels().get(CrdConstants.LABEL_RUN_UID);
                if (action == Action.ADDED && uid != null) {
                    jobSeen.putIfAbsent(uid, System.nanoTime());
                }
            }

            @Override
            public void onClose(WatcherException cause) {}
        })) {
            var latencies = new ArrayList<Long>();
            for (int i = 0; i < IDLE_RUNS; i++) {
                String name = "idle-" + i;
                long t0 = System.nanoTime();
                String uid = client.resource(runSpec(name, "bench", "1h"))
                        .create()
                        .getMetadata()
                        .getUid();
                await().atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(5))
                        .until(() -> jobSeen.containsKey(uid));
                latencies.add((jobSeen.get(uid) - t0) / 1_000_000);
                client.resources(BenchmarkRun.class)
                        .inNamespace(USER_NAMESPACE)
                        .withName(name)
                        .delete();
                await().atMost(Duration.ofSeconds(60))
                        .until(() -> get(name) == null
                                && client.pods()
                                        .inNamespace(RUN_NAMESPACE)
                                        .withLabel(CrdConstants.LABEL_RUN_UID, uid)
                                        .list()
                                        .getItems()
                                        .isEmpty());
            }
            latencies.sort(Long::compare);
            write(
                    "operator-idle",
                    String.format(
                            Locale.ROOT,
                            """
                            | runs, one at a time | apply→Job p50 (ms) | p90 (ms) | p99 (ms) | max (ms) |
                            |---|---|---|---|---|
                            | %d | %s | %s | %s | %d |
                            """,
                            latencies.size(),
                            percentile(latencies, 50),
                            percentile(latencies, 90),
                            percentile(latencies, 99),
                            latencies.getLast()));
        }
    }

    private static List<String> imageJvmOptions() {
        var options = new ArrayList<>(List.of("-XX:MaxRAM=768m", "-XX:+UseSerialGC"));
        try {
            for (String line : Files.readAllLines(Path.of("../../images/operator.jvm-options"))) {
                String option = line.replaceAll("#.*", "").strip();
                if (!option.isEmpty()) {
                    options.add(option);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return List.copyOf(options);
    }

    /**
     * The operator's java command line as its image has it: {@code image:DIR}, an image's /opt (its runtime, jar and
     * AOT cache), or a java to run the packaged jar with; {@code options} after the image's JVM options.
     */
    private static List<String> operatorCommand(String launch, List<String> options) {
        var command = new ArrayList<String>();
        if (launch.startsWith(IMAGE)) {
            Path opt = Path.of(launch.substring(IMAGE.length()), "opt");
            command.add(opt.resolve("java/bin/java").toString());
            command.add("-XX:AOTCache=" + opt.resolve("isobench/operator.aot"));
            command.addAll(IMAGE_JVM_OPTIONS);
            command.addAll(options);
            command.addAll(List.of(
                    "-jar", opt.resolve("isobench/isobench-operator.jar").toString()));
        } else {
            command.add(launch);
            command.addAll(IMAGE_JVM_OPTIONS);
            command.addAll(options);
            command.addAll(List.of(
                    "-jar",
                    Path.of("target/isobench-operator.jar").toAbsolutePath().toString()));
        }
        return command;
    }

    /** A replica named {@code name} watching the start namespace, with the store and site bundle configured. */
    private static ProcessBuilder operatorProcess(String name, List<String> command, Path log) {
        var builder = OperatorProcess.replica(
                command, log, cluster.stateDir.resolve("kubeconfig"), RUN_NAMESPACE, name, START_NAMESPACE);
        var env = builder.environment();
        env.put("ISOBENCH_STORE_ENDPOINT", minio.endpoint().toString());
        env.put("ISOBENCH_STORE_ACCESS_KEY", OPERATOR_USER);
        env.put("ISOBENCH_STORE_SECRET_KEY", OPERATOR_SECRET);
        env.put("ISOBENCH_SITE_BUNDLE", siteBundle.toString());
        return builder;
    }

    /**
     * Stops a started operator and clears what it held, so the next one starts with no Lease to wait out and no run of
     * this one's (the stopped operator would have removed its finalizer).
     */
    private static void stop(Process operator, String run) throws Exception {
        operator.destroy();
        if (!operator.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
            operator.destroyForcibly().waitFor();
        }
        client.leases().inNamespace(RUN_NAMESPACE).withName("isobench-operator").delete();
        if (run != null) {
            client.resources(BenchmarkRun.class)
                    .inNamespace(START_NAMESPACE)
                    .withName(run)
                    .patch(MERGE, "{\"metadata\":{\"finalizers\":null}}");
            client.resources(BenchmarkRun.class)
                    .inNamespace(START_NAMESPACE)
                    .withName(run)
                    .delete();
        }
    }

    /** Nanoseconds from {@code t0} until {@code condition} holds, polled every 10 ms, at most 60 s. */
    private static long awaitNanos(Callable<Boolean> condition, long t0, Path log) throws Exception {
        long deadline = t0 + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.call()) {
                return System.nanoTime() - t0;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the operator did not get there within 60 s; its log:\n" + Files.readString(log));
    }

    /** A field of /proc/PID/status in KiB (VmRSS, VmHWM). */
    private static long memory(Process process, String field) throws IOException {
        return Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status")).stream()
                .filter(l -> l.startsWith(field + ":"))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                .findFirst()
                .orElseThrow();
    }

    private static String leaseHolder() {
        var lease = client.leases()
                .inNamespace(RUN_NAMESPACE)
                .withName("isobench-operator")
                .get();
        return lease == null || lease.getSpec() == null ? null : lease.getSpec().getHolderIdentity();
    }

    /** Prints a table and writes it to {@code isobench.bench.<name>} (a file path), else target/NAME.md. */
    private static void write(String name, String table) throws IOException {
        System.out.println(table);
        Path out = Path.of(System.getProperty("isobench.bench." + name, "target/" + name + ".md"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, table);
    }

    @Test
    void thousandRunsAtOnce() throws Exception {
        var report = new StringBuilder();
        for (PlacementSpec.Isolation isolation : PlacementSpec.Isolation.values()) {
            Instant start = Instant.now();
            createRuns(USER_NAMESPACE, "scale-" + isolation.name().toLowerCase(Locale.ROOT) + "-", isolation, RUNS);
            Instant created = Instant.now();
            await().atMost(Duration.ofMinutes(10))
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> settled(USER_NAMESPACE, RUNS));
            Instant settledAt = Instant.now();
            var jobLatencies = jobLatenciesMillis();
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            report.append(String.format(
                    "| %s | %d | %.1f | %.1f | %d | %s | %s | %.0f |%n",
                    isolation,
                    RUNS,
                    Duration.between(start, created).toMillis() / 1000.0,
                    Duration.between(start, settledAt).toMillis() / 1000.0,
                    jobLatencies.size(),
                    percentile(jobLatencies, 50),
                    percentile(jobLatencies, 99),
                    heap / 1048576.0));
            writeReport(report);
            // one by one: a collection delete of 1,000 finalized runs can outlast the client's request timeout here
            for (BenchmarkRun r : client.resources(BenchmarkRun.class)
                    .inNamespace(USER_NAMESPACE)
                    .list()
                    .getItems()) {
                client.resource(r).delete();
            }
            await().atMost(Duration.ofMinutes(10))
                    .until(() -> client.resources(BenchmarkRun.class)
                            .inNamespace(USER_NAMESPACE)
                            .list()
                            .getItems()
                            .isEmpty());
        }
    }

    private static void writeReport(StringBuilder rows) throws java.io.IOException {
        String header = """
                | isolation | runs | create all (s) | all Queued/Scheduled (s) | Jobs | apply→Job p50 (ms) | apply→Job p99 (ms) \
                | operator+test heap after GC (MiB) |
                |---|---|---|---|---|---|---|---|
                """;
        System.out.println(header + rows);
        Path out = Path.of(System.getProperty("isobench.bench.out", "target/operator-bench.md"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, header + rows);
    }

    /** {@code count} runs named {@code prefix0…} created at once by 16 clients. */
    private static void createRuns(String namespace, String prefix, PlacementSpec.Isolation isolation, int count)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(16);
        var futures = new ArrayList<java.util.concurrent.Future<?>>();
        for (int i = 0; i < count; i++) {
            String name = prefix + i;
            futures.add(pool.submit(() -> {
                BenchmarkRun run = runSpec(name, "bench", "1h");
                run.getMetadata().setNamespace(namespace);
                run.getSpec().getPlacement().setIsolation(isolation);
                client.resource(run).create();
            }));
        }
        for (var f : futures) {
            f.get();
        }
        pool.shutdown();
    }

    private List<Long> jobLatenciesMillis() {
        Map<String, Instant> createdByUid = new HashMap<>();
        client.resources(BenchmarkRun.class)
                .inNamespace(USER_NAMESPACE)
                .list()
                .getItems()
                .forEach(r -> createdByUid.put(
                        r.getMetadata().getUid(), Instant.parse(r.getMetadata().getCreationTimestamp())));
        var latencies = new ArrayList<Long>();
        client.batch().v1().jobs().inNamespace(RUN_NAMESPACE).list().getItems().forEach(job -> {
            Instant runCreated = createdByUid.get(job.getMetadata().getLabels().get(CrdConstants.LABEL_RUN_UID));
            if (runCreated != null) {
                latencies.add(Duration.between(
                                runCreated, Instant.parse(job.getMetadata().getCreationTimestamp()))
                        .toMillis());
            }
        });
        latencies.sort(Long::compare);
        return latencies;
    }

    private static String percentile(List<Long> sorted, int p) {
        if (sorted.isEmpty()) {
            return "–";
        }
        return String.valueOf(sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1)));
    }
}
