package io.isobench.runner.cli;

import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import io.isobench.result.RunResult;
import io.isobench.runner.harness.BenchmarkRunner;
import io.isobench.runner.harness.DurationText;
import io.isobench.runner.harness.JvmVariantForks;
import io.isobench.runner.harness.OutputDirectory;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.RunSettings;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.platform.CpuList;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.runner.report.JsonLogProgress;
import io.isobench.runner.report.SweepTable;
import io.isobench.runner.report.TerminalProgress;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;

/** A subcommand that runs one target through the harness: options → settings → run → table. */
abstract class TargetCommand implements Callable<Integer> {

    /** Options a forked child must not inherit (the parent sets them). */
    private static final Set<String> PARENT_ONLY = Set.of(
            "--out",
            "--fork",
            "--only-variant",
            "--only-step",
            "--variant",
            "--as-variant",
            "--variant-seed",
            "--repetitions",
            "--precision",
            "--max-repetitions",
            "--upload-endpoint",
            "--upload-bucket",
            "--upload-prefix",
            "--upload-deadline");

    private static final Duration LEAD = Duration.ofMillis(20);
    private static final Duration MIN_INTERVAL = Duration.ofMillis(10);
    private static final double OVERRUN_FRACTION = 0.5;

    @Mixin
    CommonOptions common;

    @Spec
    CommandLine.Model.CommandSpec spec;

    /** The target, built from this command's own options (throws {@link UsageException} on bad ones). */
    abstract Target target();

    /** The rate sweep when {@code --rates} is not given. */
    abstract String defaultRates();

    /** The open-loop steps: by default one per {@code --rates} entry, each with the common warm-up and window. */
    List<Load> openLoopLoads(long warmupMillis, long durationMillis) {
        return OptionParsers.rates("--rates", common.rates != null ? common.rates : defaultRates()).stream()
                .map(r -> Load.openLoop(r, warmupMillis, durationMillis))
                .toList();
    }

    /** The closed-loop sweep when {@code --clients} is not given. */
    String defaultClients() {
        return "1";
    }

    /**
     * Why this target, as configured, cannot make its load with several processes ({@code --parallelism}), or null when it
     * can: each part runs its own target, so whatever the target measures must be one thing they share.
     */
    String parallelRefusal() {
        return null;
    }

    /** The refusal of a client/server target whose server each part would start for itself. */
    static String ownServerRefusal(ServerOptions server) {
        return server.address != null
                ? null
                : "each load part would start a server of its own; give --server-address (one server, all parts "
                        + "sending to it)";
    }

    /** How this process takes part in the load: alone, or as one of several parts. */
    private ParallelLoad parallel = ParallelLoad.ALONE;

    @Override
    public Integer call() throws Exception {
        parallel = ParallelLoad.parse(common, parallelRefusal(), System.getenv());
        Target target = target();
        OptionSetVariants optionSets = OptionSetVariants.parse(
                common.variants, spec, target, common.fork == RunChoices.Fork.AUTO, forkArguments());
        if (!parallel.alone()
                && common.fork == RunChoices.Fork.AUTO
                && common.onlyVariant == null
                && target.variants().size() > 1) {
            throw new UsageException("--parallelism '" + parallel.parts() + "': "
                    + target.variants().size()
                    + " variants would each run in JVMs of their own, which load parts cannot follow; give --fork none or"
                    + " --only-variant");
        }
        RunSettings settings = settings(target, optionSets);
        RunUpload upload = RunUpload.from(common, System.getenv());
        Path runDir = OutputDirectory.prepare(
                Path.of(
                        common.out != null
                                ? common.out
                                : "results/" + target.name() + "-"
                                        + LocalDateTime.now(ZoneId.systemDefault())
                                                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))),
                "--out");
        JvmVariantForks forks = new JvmVariantForks(
                JvmVariantForks.currentJvm(RunnerMain.class),
                optionSets.isEmpty() ? JvmVariantForks.ownVariants(forkArguments()) : optionSets.children(),
                common.variantSeed != null
                        ? common.variantSeed
                        : ThreadLocalRandom.current().nextLong());
        RunResult result;
        try (LiveMetrics live = LiveMetrics.start(common.metricsPort, target, settings, progress())) {
            if (parallel.part() > 0) {
                return parallel.serve(
                        target,
                        settings,
                        runDir,
                        live.progress(),
                        spec.commandLine().getErr());
            }
            BenchmarkRunner runner = new BenchmarkRunner(Clock.SYSTEM, live.progress(), EnvironmentProbe.system());
            result = parallel.alone()
                    ? runner.run(target, settings, runDir, forks)
                    : parallel.coordinate(
                            runner,
                            target,
                            settings,
                            runDir,
                            forks,
                            live.progress(),
                            grantedOrGivenCpus(),
                            partArguments(),
                            spec.commandLine().getErr());
        }
        if (settings.forking().onlyVariant() == null) {
            java.io.PrintWriter out = spec.commandLine().getOut();
            SweepTable.print(result, out);
            out.println();
            out.println("result: " + runDir.resolve("result.json") + " (" + result.verdict() + ")");
            judged(result, out);
            out.flush();
            if (upload != null && !upload.send(runDir, spec.commandLine().getErr())) {
                return RunUpload.EXIT_UPLOAD_FAILED;
            }
        }
        return BenchmarkRunner.exitCode(result);
    }

    /** What a command says of a finished run after its table and result line (nothing, unless it has a check of its own). */
    void judged(RunResult result, java.io.PrintWriter out) {}

    RunSettings settings(Target target, OptionSetVariants optionSets) {
        LoadMode mode = common.mode.loadMode;
        long warmup = OptionParsers.durationNanos("--warmup", common.warmup, true);
        long duration = OptionParsers.durationNanos("--duration", common.duration, false);
        RepetitionCount repetitions =
                RepetitionCount.parse(common.repetitions, common.precision, common.maxRepetitions);
        List<Load> loads = new ArrayList<>();
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("mode", mode.json());
        if (mode == LoadMode.OPEN_LOOP) {
            if (common.clients != null) {
                throw new UsageException("--clients '" + common.clients
                        + "': only applies with --mode closed (open loop takes --rates)");
            }
            loads.addAll(openLoopLoads(TimeUnit.NANOSECONDS.toMillis(warmup), TimeUnit.NANOSECONDS.toMillis(duration)));
            config.put("rates", loads.stream().map(Load::targetRate).toList());
        } else {
            if (common.rates != null) {
                throw new UsageException(
                        "--rates '" + common.rates + "': only applies with --mode open (closed loop takes --clients)");
            }
            List<Integer> clients = OptionParsers.counts(
                    "--clients", common.clients != null ? common.clients : defaultClients(), 1_000_000);
            clients.forEach(c -> loads.add(Load.closedLoop(
                    c, TimeUnit.NANOSECONDS.toMillis(warmup), TimeUnit.NANOSECONDS.toMillis(duration))));
            config.put("clients", clients);
        }
        if (common.onlyStep != null) {
            List<String> labels = loads.stream().map(target::label).toList();
            if (!labels.contains(common.onlyStep)) {
                throw new UsageException(
                        "--only-step '" + common.onlyStep + "': not one of this sweep's steps " + labels);
            }
            loads.removeIf(load -> !target.label(load).equals(common.onlyStep));
        }
        parallel.checkLoads(loads);
        List<Integer> cpus = parallel.ownCpus(grantedOrGivenCpus());
        Duration probe = OptionParsers.duration("--probe-duration", common.probeDuration, true);
        Duration noiseBudget = common.noiseBudget == null
                ? Duration.ZERO
                : OptionParsers.duration("--noise-budget", common.noiseBudget, false);
        if (noiseBudget.isPositive() && probe.isZero()) {
            throw new UsageException("--noise-budget '" + common.noiseBudget
                    + "': needs the probes it judges; give --probe-duration more than 0");
        }
        if (common.maxReruns < 0 || common.maxReruns > 10) {
            throw new UsageException("--max-reruns '" + common.maxReruns + "': must be between 0 and 10");
        }
        double generatorLimit = OptionParsers.fraction("--generator-limit", common.generatorLimit);
        if (generatorLimit <= 0) {
            throw new UsageException("--generator-limit '" + common.generatorLimit + "': must be above 0%");
        }
        Duration interval = OptionParsers.duration("--interval", common.interval, false);
        if (interval.compareTo(MIN_INTERVAL) < 0) {
            throw new UsageException(
                    "--interval '" + common.interval + "': must be at least " + DurationText.of(MIN_INTERVAL));
        }
        Duration drain = OptionParsers.duration("--drain-timeout", common.drainTimeout, false);
        double tolerance = OptionParsers.fraction("--rate-tolerance", common.rateTolerance);
        if (common.onlyVariant != null && !target.variants().contains(common.onlyVariant)) {
            throw new UsageException("--only-variant '" + common.onlyVariant + "': not one of " + target.variants());
        }
        config.put("warmup", common.warmup);
        config.put("duration", common.duration);
        repetitions.describe(config);
        config.put("cpus", CpuList.format(cpus));
        config.put("pin", !common.noPin);
        config.put("probeDuration", common.probeDuration);
        config.put("interval", common.interval);
        config.put("drainTimeout", common.drainTimeout);
        config.put("rateTolerance", tolerance);
        config.put("fork", OptionWords.word(common.fork));
        if (!optionSets.isEmpty()) {
            config.put("variants", optionSets.describe());
        }
        if (!parallel.alone()) {
            config.put("parallelism", parallel.parts());
        }
        if (common.noiseBudget != null) {
            config.put("noiseBudget", common.noiseBudget);
            config.put("maxReruns", common.maxReruns);
        }
        config.put("generatorLimit", generatorLimit);
        return new RunSettings(
                loads,
                new RunSettings.Repetitions(repetitions.most(), repetitions.precision()),
                new RunSettings.Placement(cpus, !common.noPin),
                new RunSettings.Timing(probe, interval, LEAD, drain, OVERRUN_FRACTION),
                new RunSettings.Limits(tolerance, generatorLimit),
                new RunSettings.NoiseGating(noiseBudget, common.maxReruns),
                new RunSettings.Forking(
                        common.fork == RunChoices.Fork.AUTO, common.onlyVariant, optionSets.names(), common.asVariant),
                config);
    }

    /** The CPUs the run may use: {@code --cpus} (checked against the granted cpuset), else the granted cpuset. */
    private List<Integer> grantedOrGivenCpus() {
        List<Integer> granted = EnvironmentProbe.system().grantedCpus();
        if (common.cpus == null) {
            return granted;
        }
        List<Integer> cpus;
        try {
            cpus = CpuList.parse(common.cpus);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--cpus '" + common.cpus + "': " + e.getMessage());
        }
        if (cpus.isEmpty() || !granted.containsAll(cpus)) {
            throw new UsageException("--cpus '" + common.cpus + "': must be a non-empty subset of the granted cpuset "
                    + CpuList.format(granted));
        }
        return cpus;
    }

    @SuppressWarnings(
            "SystemConsoleNull") // Console's contract still allows null (no console, or jdk.console chosen so)
    private Progress progress() {
        java.io.PrintWriter err = spec.commandLine().getErr();
        boolean terminal = System.console() != null && System.console().isTerminal();
        return switch (common.progress) {
            case AUTO -> terminal ? new TerminalProgress(err) : new JsonLogProgress(err);
            case BAR -> new TerminalProgress(err);
            case LOG -> new JsonLogProgress(err);
            case NONE -> Progress.NONE;
        };
    }

    /** This command's arguments as given, minus the options only the parent decides. */
    private List<String> forkArguments() {
        List<String> kept = argumentsWithout(PARENT_ONLY);
        if (!kept.contains("--progress") && kept.stream().noneMatch(a -> a.startsWith("--progress="))) {
            // children inherit the terminal; keep their output in the parent's style
            kept.add("--progress=" + OptionWords.word(common.progress));
        }
        return kept;
    }

    /**
     * A load part's arguments when part 0 starts it here: the same command, so its configuration is part 0's, without
     * what each part gets of its own (part, coordinator, CPUs, output, progress) and what only part 0 does (upload, live
     * metrics on one port).
     */
    private List<String> partArguments() {
        return argumentsWithout(PART_OWN);
    }

    private static final Set<String> PART_OWN = Set.of(
            "--part",
            "--coordinator",
            "--cpus",
            "--out",
            "--progress",
            "--metrics-port",
            "--upload-endpoint",
            "--upload-bucket",
            "--upload-prefix",
            "--upload-deadline");

    private List<String> argumentsWithout(Set<String> dropped) {
        List<String> original = spec.root()
                .commandLine()
                .getParseResult()
                .expandedArgs(); // @file arguments (how the operator passes them) expanded
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < original.size(); i++) {
            String arg = original.get(i);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (dropped.contains(name)) {
                if (!arg.contains("=")) {
                    i++;
                }
                continue;
            }
            kept.add(arg);
        }
        return kept;
    }
}
