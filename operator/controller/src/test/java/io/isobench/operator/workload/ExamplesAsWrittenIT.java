package io.isobench.operator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.api.targets.HttpProfile;
import io.isobench.operator.api.targets.MemoryVolume;
import io.isobench.operator.api.targets.PluginProfile;
import io.isobench.operator.api.targets.TargetProfile;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.RunnerInstallation;
import io.isobench.runner.platform.CpuList;
import io.isobench.runner.platform.EnvironmentProbe;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example runs for real, as written. The operator's own code gives what it would give the pods — the argument
 * files of the client and the server ({@link RunnerWorkload#arguments}), the containers' arguments and environment
 * ({@link RunnerWorkload#clientJob}, {@link RunnerWorkload#serverJob}) and where the client finds its server
 * ({@link ResourcePlan#serverAddress}) — with its topology: a SamePod server container beside the client on the pod's
 * loopback, a server process the runner starts itself when the server has no CPUs, a server pod (SameNode,
 * SeparateNodes) reached at its pod IP. Each container becomes a process of the runner's launcher (the image's
 * entrypoint, {@code runner-image/bin/isobench-runner @ARGS}) on 127.0.0.1, and the run must reach the verdict the
 * example states: OK, unless the example itself says what this machine cannot reach and why.
 *
 * <p>What is changed, and only that, printed for every example: the durations are shortened ({@link Shortened}); the
 * server listens on a free port instead of the example's (other engineers run this test at the same time), and an
 * example at the user's own endpoint gets the runner's server for its target there, standing in for the user's, and an
 * http example's url is pointed at Debian's nginx on that port (its path and query kept; plain http); the pods'
 * paths (/etc/isobench, /results, /queue) and the metrics port map to a temporary directory and a free port; each
 * container's cpuset (its whole CPUs) is mapped onto this machine's CPUs with {@code taskset}, in order, client first,
 * wrapping around when the example asks for more CPUs than there are (the mapping is printed); nothing is uploaded (no
 * store is configured). The server is started first and the client once the server listens: the operator starts the
 * server first too (a SamePod server container before the client's, a server pod until it runs with an IP), but nothing
 * there waits for it to listen.
 */
class ExamplesAsWrittenIT {

    private static final Path ROOT = Path.of(System.getProperty("isobench.repo.root", "../.."));
    private static final Path LAUNCHER = ROOT.resolve("runner-image/bin/isobench-runner");
    private static final Path JAR = ROOT.resolve("runner-image/target/isobench-runner.jar");
    /** The plugin examples' jar, which their image holds in /opt/isobench/plugins (make test-custom-target builds it). */
    private static final Path PLUGIN_JAR = ROOT.resolve("examples/custom-target/target/isobench-custom-target.jar");
    /** No store: the runner writes its run directory and uploads nothing. */
    private static final OperatorConfig CONFIG =
            OperatorConfig.fromEnvironment(Map.of("POD_NAMESPACE", "isobench-system"));

    private static final Duration SERVER_START = Duration.ofSeconds(60);
    private static final Duration RUN_LIMIT = Duration.ofMinutes(5);
    /**
     * Runs of one example until each of its steps has reached its verdict once, while the runner measured that the host
     * (other work on this shared machine) took the measured threads' CPUs in every repetition that failed; a step that
     * failed otherwise (the target failing, a run without noise) fails the check at once.
     */
    private static final int ATTEMPTS = 3;
    /** An example's own statement of the verdict it reaches where it cannot reach OK (read by this check). */
    static final String EXPECTED_VERDICT = "isobench.io/expected-verdict";

    /** The durations an example is cut to; everything else (rates, clients, repetitions, streams, sizes) stays as written. */
    record Shortened(String warmup, String duration, String probeDuration, String rampUp) {
        static final Shortened HERE = new Shortened("500ms", "500ms", "50ms", "2s");

        List<String> apply(BenchmarkRunSpec spec) {
            var changes = new ArrayList<String>();
            changes.add("warmup " + spec.getLoad().getWarmup() + " → " + warmup);
            spec.getLoad().setWarmup(warmup);
            changes.add("duration " + spec.getLoad().getDuration() + " → " + duration);
            spec.getLoad().setDuration(duration);
            changes.add("probeDuration " + spec.getLoad().getProbeDuration() + " → " + probeDuration);
            spec.getLoad().setProbeDuration(probeDuration);
            if (spec.getTarget().getRsocket() != null) {
                changes.add("rampUp " + spec.getTarget().getRsocket().getRampUp() + " → " + rampUp);
                spec.getTarget().getRsocket().setRampUp(rampUp);
            }
            return changes;
        }
    }

    /** Every example, or those named in {@code -Disobench.examples=udp-echo,rsocket} (file names without .yaml). */
    static Stream<Path> examples() throws IOException {
        String only = System.getProperty("isobench.examples", "");
        List<String> names = only.isBlank() ? List.of() : List.of(only.split(","));
        return RunnerArgsContractTest.examples()
                .filter(p -> names.isEmpty()
                        || names.contains(p.getFileName().toString().replace(".yaml", "")));
    }

    @ParameterizedTest
    @MethodSource("examples")
    void theExampleRunsAsWrittenAndReachesTheVerdictItStates(Path example) throws Exception {
        assertThat(JAR)
                .as("the runner jar (mvn package builds it before this module's integration tests)")
                .exists();
        String name = example.getParent().getFileName() + "_"
                + example.getFileName().toString().replace(".yaml", "");
        Path dir =
                ROOT.resolve("operator/controller/target/examples-as-written").resolve(name);
        deleteTree(dir); // an earlier build's runs: the runner refuses to write over a finished run
        try (var log = new PrintWriter(
                Files.newBufferedWriter(Files.createDirectories(dir).resolve("check.log")), true)) {
            // each step must reach its verdict in some attempt; until then, why it has not
            Map<String, String> pending = null;
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                Attempt outcome = attempt(example, dir.resolve("attempt-" + attempt), log);
                Expectation expected = outcome.expectation();
                String context = example + " attempt " + attempt + " (" + dir.resolve("attempt-" + attempt) + ")";
                List<String> wrong = expected.runProblems(outcome.result(), outcome.exit());
                if (!wrong.isEmpty()) {
                    throw new AssertionError(context + ": " + String.join("; ", wrong) + "\n" + outcome.output());
                }
                if (pending == null) {
                    pending = new LinkedHashMap<>();
                    for (StepResult step : outcome.result().steps()) {
                        pending.put(step.id(), "not run");
                    }
                }
                for (StepResult step : outcome.result().steps()) {
                    String problem = expected.problem(step);
                    if (problem == null) {
                        pending.remove(step.id());
                    } else if (!expected.disturbedByTheHost(step)) {
                        throw new AssertionError(context + ": " + problem + "\n" + outcome.output());
                    } else if (pending.containsKey(step.id())) {
                        pending.put(step.id(), "attempt " + attempt + ": " + problem);
                    }
                }
                if (pending.isEmpty()) {
                    log.println("every step reached the verdict the example states, in " + attempt + " run(s)");
                    expected.announce(example);
                    return;
                }
                // the runner measured the host taking the measured threads' CPUs in every failing repetition: run it
                // again
                log.println("attempt " + attempt + " disturbed by host noise; steps still to reach their verdict: "
                        + pending.keySet());
            }
            // what the runner would call INCONCLUSIVE: no verdict about the example either way, said as such (a skipped
            // test with
            // the reason), never a pass; a FAIL that does not name the host's noise, or a wrong verdict, failed above
            // at once
            Assumptions.abort("INCONCLUSIVE: the host was too noisy to judge " + example + " in " + ATTEMPTS
                    + " attempts: these steps never "
                    + "reached their verdict, and every repetition of theirs that failed names host noise (involuntary switches, steal, "
                    + "stalls) — run it on a quieter machine:\n"
                    + pending.entrySet().stream()
                            .map(e -> e.getKey() + ": " + e.getValue())
                            .collect(Collectors.joining("\n")));
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** What one run of an example gave: the result, the client's exit code and output, and what the example expects. */
    record Attempt(RunResult result, int exit, String output, Expectation expectation) {}

    private static Attempt attempt(Path example, Path dir, PrintWriter log) throws Exception {
        BenchmarkRun run = Serialization.unmarshal(Files.readString(example), BenchmarkRun.class);
        run.getMetadata().setNamespace("examples");
        run.getMetadata().setUid(UUID.randomUUID().toString());
        run.getMetadata().setCreationTimestamp(Instant.now().toString());
        BenchmarkRunSpec spec = run.getSpec();
        TargetSpec target = spec.getTarget();
        TargetProfile profile = TargetProfiles.of(target);
        Expectation expected = Expectation.of(run);
        var changes = Shortened.HERE.apply(spec);
        int serverPort = freePort();
        profile.server().ifPresent(s -> changes.add("server port " + s.port() + " → " + serverPort));
        profile.endpoint()
                .ifPresent(e -> changes.add("the user's server " + e + " → the runner's own " + profile.runnerName()
                        + " server on 127.0.0.1:" + serverPort));
        boolean usersHttpServer = profile instanceof HttpProfile;
        if (usersHttpServer) {
            changes.add("the user's server " + profile.externalServer().orElseThrow()
                    + " → Debian's nginx on 127.0.0.1:" + serverPort + " (200 \"ok\" on every path)");
        }
        Path plugins = null;
        if (profile instanceof PluginProfile) {
            assertThat(PLUGIN_JAR)
                    .as("the plugin example's jar (make test-custom-target builds it, before make test's Java tests)")
                    .exists();
            plugins = PLUGIN_JAR;
            changes.add("the image's plugins (/opt/isobench/plugins) → " + PLUGIN_JAR + " (ISOBENCH_PLUGIN_PATH)");
        }
        ResourcePlan plan = ResourcePlan.of(spec);
        int loadPods = plan.loadPods().count();
        // the server pod's IP, and load part 0's, is this machine's loopback: every "pod" runs here
        String serverAddress = plan.serverAddress(target, "127.0.0.1");
        var workload = new RunnerWorkload(CONFIG);
        Map<String, String> files =
                new LinkedHashMap<>(workload.arguments(run, 1, serverAddress, loadPods > 1 ? "127.0.0.1" : null)
                        .getData());
        int partsPort = freePort();
        if (loadPods > 1) {
            changes.add("load part 0's port " + RunnerArgs.PARTS_PORT + " → " + partsPort + " (its pod IP → 127.0.0.1),"
                    + " the parts' secret from its Secret → a test value");
        }
        var clientPod =
                workload.clientJob(run, 1, "here").getSpec().getTemplate().getSpec();
        Container client = clientPod.getContainers().getFirst();
        Container server = profile.endpoint().isPresent()
                ? usersServer(profile, files)
                : profile.server().isEmpty() || plan.serverInClientContainer()
                        ? null
                        : plan.twoPods()
                                ? workload.serverJob(run, 1, "here")
                                        .getSpec()
                                        .getTemplate()
                                        .getSpec()
                                        .getContainers()
                                        .getFirst()
                                : clientPod.getInitContainers().stream()
                                        .filter(c -> c.getName().equals(RunnerWorkload.ROLE_SERVER))
                                        .findFirst()
                                        .orElseThrow();

        Cpus cpus = Cpus.map(plan, EnvironmentProbe.system().grantedCpus());
        String memoryVolume =
                profile.memoryVolume().map(MemoryVolume::mountPath).orElse(null);
        Pod pod = new Pod(Files.createDirectories(dir), freePort(), serverPort, partsPort, memoryVolume, plugins);
        log.println(example + " ("
                + (profile.endpoint().isPresent()
                        ? "one container, the user's server at its endpoint"
                        : server == null
                                ? "one container"
                                : plan.topology() + ", server " + (plan.twoPods() ? "pod" : "container"))
                + ")");
        for (Container init : clientPod.getInitContainers()) {
            if (init.getName().startsWith("variant-")) {
                changes.add(pod.installVariantImage(init));
            }
        }
        log.println("changed here: " + String.join(", ", changes) + "; " + pod.describe() + "; " + cpus.describe());

        Process serverProcess = null;
        try {
            if (usersHttpServer) {
                serverProcess = UsersNginx.start(pod.dir().resolve("nginx"), serverPort);
            } else if (server != null) {
                serverProcess = pod.start("server", server, files, cpus.server(), log);
                pod.awaitListening(serverProcess, "server", SERVER_START);
            }
            Process clientProcess = pod.start("client", client, files, cpus.client(0), log);
            // load.parallelism: the other load pods, each with its own argument file, joining part 0 on the loopback
            var parts = new ArrayList<Process>();
            for (int part = 1; part < loadPods; part++) {
                Container loader = workload.loadPartJob(run, 1, part, "here")
                        .getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .getFirst();
                parts.add(pod.start("part-" + part, loader, files, cpus.client(part), log));
            }
            boolean finished = clientProcess.waitFor(RUN_LIMIT.toSeconds(), TimeUnit.SECONDS);
            if (!finished) {
                clientProcess.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            StringBuilder partsOutput = new StringBuilder();
            for (int part = 1; part < loadPods; part++) {
                Process p = parts.get(part - 1);
                boolean ended = p.waitFor(60, TimeUnit.SECONDS);
                if (!ended) {
                    p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
                String said = pod.output("part-" + part);
                partsOutput
                        .append("\n--- load part ")
                        .append(part)
                        .append(" ---\n")
                        .append(said);
                assertThat(ended && p.exitValue() == 0)
                        .as(example + ": load part " + part + " ended "
                                + (ended ? "with exit " + p.exitValue() : "not at all") + " after part 0\n" + said)
                        .isTrue();
            }
            String output = pod.output("client") + partsOutput;
            assertThat(finished)
                    .as(example + ": the client ran longer than " + RUN_LIMIT + "\n" + output)
                    .isTrue();
            Path resultJson = pod.results().resolve("result.json");
            assertThat(resultJson)
                    .as(example + ": exit " + clientProcess.exitValue() + ", no result\n" + output)
                    .exists();
            RunResult result = ResultJson.read(resultJson);
            log.println("verdict " + result.verdict() + ", exit " + clientProcess.exitValue());
            return new Attempt(result, clientProcess.exitValue(), output, expected);
        } finally {
            if (serverProcess != null) {
                serverProcess.destroy();
                if (!serverProcess.waitFor(10, TimeUnit.SECONDS)) {
                    serverProcess.destroyForcibly();
                }
            }
        }
    }

    /**
     * The verdict an example states: OK, unless its metadata says otherwise under {@value #EXPECTED_VERDICT}, as
     * {@code FAIL: <step id or pattern with *>, …: <why it cannot reach OK>} — only those steps may FAIL, and only on what
     * they measure (rate, lateness, messages lost), never on the target failing (a crash, a connection that cannot be
     * opened, nothing completed); every other step must be OK, and the reason is written where the example's reader sees it.
     */
    record Expectation(List<String> stated, List<Pattern> mayFail, String why) {

        static Expectation of(BenchmarkRun run) {
            var annotations = run.getMetadata().getAnnotations();
            String stated = annotations == null ? null : annotations.get(EXPECTED_VERDICT);
            if (stated == null) {
                return new Expectation(List.of(), List.of(), null);
            }
            int colon = stated.indexOf(':', "FAIL:".length());
            if (!stated.startsWith("FAIL:") || colon < 0) {
                throw new AssertionError(EXPECTED_VERDICT + " '" + stated + "': must read 'FAIL: STEP, …: WHY'");
            }
            List<String> steps = Stream.of(
                            stated.substring("FAIL:".length(), colon).split(","))
                    .map(String::strip)
                    .toList();
            List<Pattern> patterns = steps.stream()
                    .map(step -> Pattern.compile(Pattern.quote(step).replace("*", "\\E.*\\Q")))
                    .toList();
            return new Expectation(steps, patterns, stated.substring(colon + 1).strip());
        }

        private boolean mayFail(StepResult step) {
            return mayFail.stream().anyMatch(p -> p.matcher(step.id()).matches());
        }

        /** Why a step is not what the example states, or null when it is. */
        String problem(StepResult step) {
            if (step.verdict() == Verdict.OK) {
                return null;
            }
            if (!mayFail(step)) {
                return "step " + step.id() + " " + step.verdict() + ": " + step.reason();
            }
            if (step.reason() != null
                    && (step.reason().contains("target failed") || step.reason().contains("no message completed"))) {
                return "step " + step.id() + " may FAIL on what it measures, never on the target failing, but: "
                        + step.reason();
            }
            return null;
        }

        /** What is wrong with a run whatever the host did: a pattern naming no step, an exit code that is not the result's. */
        List<String> runProblems(RunResult result, int exit) {
            var problems = new ArrayList<String>();
            for (int i = 0; i < mayFail.size(); i++) {
                Pattern p = mayFail.get(i);
                if (result.steps().stream()
                        .noneMatch(step -> p.matcher(step.id()).matches())) {
                    problems.add(EXPECTED_VERDICT + " names '" + stated.get(i) + "', which is no step of this run");
                }
            }
            int expectedExit = switch (result.verdict()) {
                case OK -> 0;
                case FAIL -> 1;
                case INCONCLUSIVE -> 5;
            };
            if (exit != expectedExit) {
                problems.add("exit " + exit + " for a " + result.verdict() + " result");
            }
            return problems;
        }

        /**
         * Whether every repetition of the step that failed was disturbed by the host, as the runner measured it (a "host
         * noise during the window" note), and failed on what it measures, not on the target.
         */
        boolean disturbedByTheHost(StepResult step) {
            var failed = step.repetitions().stream()
                    .filter(rep -> rep.verdict() != Verdict.OK)
                    .toList();
            return !failed.isEmpty()
                    && failed.stream()
                            .allMatch(rep -> rep.notes().stream().anyMatch(n -> n.startsWith("host noise"))
                                    && rep.reason() != null
                                    && !rep.reason().contains("target failed")
                                    && !rep.reason().contains("no message completed"));
        }

        void announce(Path example) {
            if (!mayFail.isEmpty()) {
                System.out.println(example + ": steps " + stated + " need not be OK here, as the example says: " + why);
            }
        }
    }

    /**
     * Each container's cpuset: its whole CPUs, taken in order from this machine's, the load pods' clients first, wrapping
     * around.
     */
    record Cpus(
            List<List<Integer>> clients,
            List<Integer> server,
            List<Integer> available,
            boolean serverInClientContainer) {

        static Cpus map(ResourcePlan plan, List<Integer> available) {
            List<List<Integer>> clients = new ArrayList<>();
            int next = 0;
            for (int part = 0; part < plan.loadPods().count(); part++) {
                clients.add(take(available, next, plan.clientCpus()));
                next += plan.clientCpus();
            }
            boolean inClient = plan.serverCpus() == 0;
            return new Cpus(
                    clients,
                    inClient ? clients.getFirst() : take(available, next, plan.serverCpus()),
                    available,
                    inClient);
        }

        /** Load part {@code part}'s client (0: the runner pod's). */
        List<Integer> client(int part) {
            return clients.get(part);
        }

        private static List<Integer> take(List<Integer> available, int from, int count) {
            List<Integer> cpus = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int cpu = available.get((from + i) % available.size());
                if (!cpus.contains(cpu)) {
                    cpus.add(cpu);
                }
            }
            return cpus;
        }

        String describe() {
            List<Integer> client = clients.getFirst();
            String map = "client cpuset " + CpuList.format(client)
                    + (clients.size() > 1
                            ? clients.subList(1, clients.size()).stream()
                                    .map(c -> ", load part " + clients.indexOf(c) + " cpuset " + CpuList.format(c))
                                    .collect(Collectors.joining())
                            : "")
                    + (serverInClientContainer ? "" : ", server cpuset " + CpuList.format(server));
            boolean shared = !serverInClientContainer && server.stream().anyMatch(client::contains)
                    || clients.stream().distinct().count() < clients.size();
            return map + " of this machine's " + CpuList.format(available)
                    + (shared ? " (shared: the example asks for more CPUs)" : "");
        }
    }

    /**
     * The pods' file system and ports, here: /etc/isobench and /results under one directory, a memory volume (ipc's queue)
     * in /dev/shm, a free metrics port, and a free port for the server (its --port, the client's --server-address); a
     * plugin's jar, which its image holds where the launcher looks, through ISOBENCH_PLUGIN_PATH (null: no plugin).
     */
    record Pod(Path dir, int metricsPort, int serverPort, int partsPort, String memoryVolumePath, Path plugins) {

        /** The secret every load part gets here (in a cluster, the attempt's Secret the operator makes). */
        static final String PARTS_TOKEN = "examples-as-written";

        Path results() {
            return dir.resolve("results/run");
        }

        /** A load pod's own results directory (its --out; part 0 writes the run's result.json). */
        private Path results(String role) {
            return role.startsWith("part-") ? dir.resolve(role).resolve("results/run") : results();
        }

        String describe() {
            return "pod paths under " + dir + ", metrics port " + RunnerArgs.METRICS_PORT + " → " + metricsPort;
        }

        /** The runner's launcher with the container's arguments and environment, confined to the container's cpuset. */
        Process start(String role, Container container, Map<String, String> files, List<Integer> cpus, PrintWriter log)
                throws IOException {
            var command = new ArrayList<>(List.of("taskset", "-c", CpuList.format(cpus), LAUNCHER.toString()));
            for (String arg : container.getArgs()) {
                if (arg.startsWith("@/etc/isobench/")) {
                    String file = arg.substring("@/etc/isobench/".length());
                    Path written = Files.writeString(dir.resolve(file), mapped(files.get(file), files, role));
                    command.add("@" + written);
                    log.println(role + ": " + String.join(" ", command) + "\n  " + file + ": "
                            + Files.readString(written).replace("\n", " "));
                } else {
                    command.add(arg);
                }
            }
            var builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve(role + ".log").toFile());
            for (EnvVar e : container.getEnv()) {
                if (e.getValue() != null) {
                    builder.environment().put(e.getName(), e.getValue());
                } else if (RunnerWorkload.PARTS_TOKEN_ENV.equals(e.getName())) {
                    builder.environment().put(e.getName(), PARTS_TOKEN);
                }
            }
            if (plugins != null) {
                builder.environment().put("ISOBENCH_PLUGIN_PATH", plugins.toString());
            }
            return builder.start();
        }

        /**
         * An argument file with the pod's paths and ports mapped (a file of the ConfigMap it names, such as http's body,
         * written beside it); every other token as the operator wrote it.
         */
        private String mapped(String argsFile, Map<String, String> files, String role) throws IOException {
            List<String> tokens = new ArrayList<>(argsFile.lines().toList());
            boolean serverFile = tokens.getFirst().equals("server");
            for (int i = 0; i < tokens.size(); i++) {
                String token = tokens.get(i);
                if (token.equals(RunnerArgs.RESULTS_DIR)) {
                    tokens.set(i, results(role).toString());
                } else if (token.equals("--coordinator")) {
                    // load part 0 listens on its pod's port, the others reach it at its pod IP: here, the loopback
                    tokens.set(++i, "127.0.0.1:" + partsPort);
                } else if (token.equals(memoryVolumePath)) {
                    tokens.set(i, memoryVolume().toString());
                } else if (token.equals("--metrics-port")) {
                    // one port on this machine: the runner pod's; another load pod's is off here
                    tokens.set(++i, role.startsWith("part-") ? "0" : String.valueOf(metricsPort));
                } else if (token.equals("--port") && serverFile) {
                    tokens.set(++i, String.valueOf(serverPort));
                } else if (token.startsWith(TargetProfile.ARGUMENTS_DIR + "/")) {
                    String file = token.substring(TargetProfile.ARGUMENTS_DIR.length() + 1);
                    tokens.set(
                            i,
                            Files.writeString(dir.resolve(file), files.get(file))
                                    .toString());
                } else if (token.equals("--url")) {
                    // the user's http server is nginx on this machine's loopback here; path and query as written
                    URI url = URI.create(tokens.get(++i));
                    tokens.set(
                            i,
                            "http://127.0.0.1:" + serverPort + url.getRawPath()
                                    + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery()));
                } else if (token.contains("--installation=" + VariantImages.MOUNT_PATH + "/")) {
                    // a variant of another image: where its init container's copy is here
                    tokens.set(
                            i,
                            token.replace(
                                    "--installation=" + VariantImages.MOUNT_PATH + "/",
                                    "--installation=" + variants() + "/"));
                } else if (token.equals("--server-address")) {
                    // every server is on this machine's loopback here: a pod's, a server pod's, the user's endpoint
                    tokens.set(++i, "127.0.0.1:" + serverPort);
                }
            }
            return String.join("\n", tokens) + "\n";
        }

        /** The pod's variants volume here. */
        Path variants() {
            return dir.resolve("variants");
        }

        /**
         * A variant image's init container ({@code installation --copy-to /variants/F --image REF}). The image here is
         * this checkout's runner and plugins, so its copy is an installation of them by links: the JDK, and the jars
         * where they are (images/test.sh copies a real image's runner; the e2e runs the init container on a node).
         */
        String installVariantImage(Container init) throws IOException {
            List<String> args = init.getArgs();
            String image = args.get(args.indexOf("--image") + 1);
            Path to = variants()
                    .resolve(Path.of(args.get(args.indexOf("--copy-to") + 1))
                            .getFileName()
                            .toString());
            Files.createDirectories(to);
            Files.createSymbolicLink(to.resolve("java"), Path.of(System.getProperty("java.home")));
            Files.createSymbolicLink(to.resolve("app"), Path.of("/"));
            List<String> classPath =
                    new ArrayList<>(List.of("app" + JAR.toAbsolutePath().normalize()));
            if (plugins != null) {
                classPath.add("app" + plugins.toAbsolutePath().normalize());
            }
            Files.writeString(
                    to.resolve(RunnerInstallation.FILE),
                    ResultJson.toJson(Map.of(
                            "formatVersion",
                            RunnerInstallation.FORMAT_VERSION,
                            "image",
                            image,
                            "javaVersion",
                            Runtime.version().toString(),
                            "java",
                            "java/bin/java",
                            "classPath",
                            classPath)));
            return "variant image " + image + " → this checkout's runner and plugins, installed by links in " + to;
        }

        private Path memoryVolume() throws IOException {
            Path volume = Files.isDirectory(Path.of("/dev/shm"))
                    ? Files.createTempDirectory(Path.of("/dev/shm"), "isobench-queue-")
                    : Files.createDirectories(dir.resolve("queue"));
            volume.toFile().deleteOnExit();
            return volume;
        }

        /** Waits for the server's "listening on" line, as a Ready server container or pod. */
        void awaitListening(Process server, String role, Duration limit) throws Exception {
            long deadline = System.nanoTime() + limit.toNanos();
            while (System.nanoTime() < deadline) {
                if (output(role).contains(" listening on ")) {
                    return;
                }
                assertThat(server.isAlive())
                        .as("the server exited " + (server.isAlive() ? "" : server.exitValue()) + "\n" + output(role))
                        .isTrue();
                Thread.sleep(100);
            }
            throw new AssertionError("the server did not listen within " + limit + "\n" + output(role));
        }

        String output(String role) throws IOException {
            Path file = dir.resolve(role + ".log");
            return Files.exists(file) ? Files.readString(file) : "";
        }
    }

    /**
     * The user's own server of an endpoint example, here: the runner's server for the target (as a user could run it
     * behind their Service), on the free server port; its argument file is added to the pod's for this run only.
     */
    private static Container usersServer(TargetProfile profile, Map<String, String> files) {
        files.put("users-server.args", String.join("\n", "server", profile.runnerName(), "--port", "0") + "\n");
        return new ContainerBuilder()
                .withArgs("@/etc/isobench/users-server.args")
                .withEnv(List.of())
                .build();
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
