package io.isobench.runner.harness;

import io.isobench.compare.DecisionRule;
import io.isobench.compare.VariantComparisons;
import io.isobench.result.Environment;
import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.VariantComparison;
import io.isobench.result.VariantRounds;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.Target;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a target's whole sweep (variants × loads × repetitions), merges each step's repetitions
 * losslessly, and writes {@code result.json} last.
 */
public final class BenchmarkRunner {

    private static final DateTimeFormatter RUN_ID_TIME =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Clock clock;
    private final Progress progress;
    private final EnvironmentProbe environmentProbe;
    private final NoiseSource noise;

    public BenchmarkRunner(Clock clock, Progress progress, EnvironmentProbe environmentProbe) {
        this(clock, progress, environmentProbe, null);
    }

    /** @param noise the probes and host counters; null for the machine's own ({@link NoiseSource#system}) */
    public BenchmarkRunner(Clock clock, Progress progress, EnvironmentProbe environmentProbe, NoiseSource noise) {
        this.clock = clock;
        this.progress = progress;
        this.environmentProbe = environmentProbe;
        this.noise = noise;
    }

    public RunResult run(Target target, RunSettings settings, Path runDir, VariantForks forks)
            throws InterruptedException {
        return run(target, settings, runDir, forks, null);
    }

    /**
     * @param parts the other processes making the load with this one, which coordinates them (each step's load is split
     *              over them, every repetition run on all at once and merged), or null: this process makes it alone
     */
    public RunResult run(Target target, RunSettings settings, Path runDir, VariantForks forks, LoadParts parts)
            throws InterruptedException {
        Instant startedAt = Instant.now();
        Map<String, Object> config = config(target, settings);
        String hash = ResultJson.configHash(config);
        List<String> warnings = warnings(target, settings);
        warnings.forEach(progress::warn);
        Environment environment = environmentProbe.collect(settings.placement().cpus(), warnings);

        RunSettings.Forking forking = settings.forking();
        List<String> variants = !forking.optionSets().isEmpty()
                ? forking.optionSets()
                : forking.onlyVariant() == null ? target.variants() : List.of(forking.onlyVariant());
        List<StepResult> steps = new ArrayList<>();
        VariantRounds rounds = null;
        List<VariantComparison> comparisons = null;
        boolean forked = forking.variantsInOwnJvm() && variants.size() > 1 && forks != null;
        if (parts != null && (forked || !forking.optionSets().isEmpty())) {
            // a variant's JVMs would each need their own parts: the CLI refuses the combination before it gets here
            throw new IllegalStateException(
                    "load parts run one variant in one JVM each; variants in JVMs of their own were asked for");
        }
        if (forked) {
            VariantForks.InterleavedRun interleaved = forks.runInterleaved(target, variants, settings, runDir);
            steps.addAll(interleaved.steps());
            rounds = interleaved.rounds();
            steps.forEach(progress::stepFinished);
            if (!forking.optionSets().isEmpty()) {
                comparisons = VariantComparisons.of(steps, variants, DecisionRule.DEFAULT_THRESHOLD);
            }
        } else if (!forking.optionSets().isEmpty()) {
            // option sets differ in JVM flags and target options: only JVMs of their own can hold them apart
            throw new IllegalStateException("--variant option sets need forked JVMs; none were given");
        } else {
            RepetitionRunner repetitions = new RepetitionRunner(
                    clock,
                    settings,
                    progress,
                    noise != null
                            ? noise
                            : NoiseSource.system(settings.timing().probe().toNanos()),
                    runDir,
                    parts);
            for (StepPlan plan : plans(target, settings)) {
                StepResult step = runStep(repetitions, target, plan, settings, runDir);
                progress.stepFinished(step);
                steps.add(step);
            }
        }
        Verdicts.Judgement verdict = Verdicts.combine(
                steps.stream().map(StepResult::id).toList(),
                steps.stream().map(StepResult::verdict).toList(),
                steps.stream().map(StepResult::reason).toList());
        String runId = RUN_ID_TIME.format(startedAt) + "-" + target.name() + "-" + hash.substring(0, 8);
        RunResult result = RunResult.builder()
                .runId(runId)
                .target(target.name())
                .config(config)
                .configHash(hash)
                .startedAt(startedAt)
                .finishedAt(Instant.now())
                .environment(environment)
                .steps(steps)
                .verdict(verdict.verdict(), verdict.reason())
                .variantRounds(rounds)
                .variantComparisons(comparisons)
                .loadParts(parts == null ? List.of() : parts.describe(environment))
                .build();
        ResultJson.writeAtomically(runDir.resolve(RunLayout.RESULT_FILE), result);
        return result;
    }

    /** What result.json's {@code config} says of a run: every option the user sees, the target and its own options. */
    public static Map<String, Object> config(Target target, RunSettings settings) {
        Map<String, Object> config = new LinkedHashMap<>(settings.config());
        config.put("target", target.name());
        config.putAll(target.options());
        return config;
    }

    /** The steps this JVM runs, in order: each of its variants (or the one it runs) at each load of the sweep. */
    public static List<StepPlan> plans(Target target, RunSettings settings) {
        RunSettings.Forking forking = settings.forking();
        List<String> variants = forking.onlyVariant() == null ? target.variants() : List.of(forking.onlyVariant());
        List<StepPlan> plans = new ArrayList<>();
        for (String variant : variants) {
            for (Load load : settings.loads()) {
                plans.add(new StepPlan(
                        target.name(),
                        forking.stepVariant() != null ? forking.stepVariant() : variant,
                        variant,
                        load,
                        target.label(load)));
            }
        }
        return plans;
    }

    private StepResult runStep(RepetitionRunner runner, Target target, StepPlan plan, RunSettings settings, Path runDir)
            throws InterruptedException {
        List<RepetitionResult> repetitions = new ArrayList<>();
        while (settings.repetitions().wantsAnother(repetitions)) {
            repetitions.add(runner.run(target, plan, repetitions.size() + 1));
        }
        return StepAssembler.assemble(
                plan,
                target.measure(plan.load().mode()),
                RepetitionBudget.noted(repetitions, settings, progress, plan.id()),
                runDir);
    }

    private static List<String> warnings(Target target, RunSettings settings) {
        List<String> warnings = new ArrayList<>();
        int roles = 1 + target.threadRoles().size();
        if (!settings.placement().pin()) {
            warnings.add("pinning disabled: measured threads may migrate between CPUs");
        } else if (io.isobench.runner.platform.Affinity.unavailableReason().isPresent()) {
            warnings.add("CPU pinning unavailable ("
                    + io.isobench.runner.platform.Affinity.unavailableReason().get() + "): threads run unpinned");
        }
        int cpus = settings.placement().cpus().size();
        if (cpus < roles) {
            warnings.add("only " + cpus + " CPU(s) granted for " + roles + " measured threads: some share a CPU");
        } else if (cpus == roles) {
            warnings.add("no spare CPU: JIT, GC and the monitor thread share the measured CPUs (" + cpus + " granted)");
        }
        return warnings;
    }

    /** Exit code of a run that finished with a FAIL verdict (docs/contracts.md). */
    public static final int EXIT_FAIL = 1;
    /** Exit code of a run left INCONCLUSIVE by host noise: its result.json is written, it says nothing about the code. */
    public static final int EXIT_INCONCLUSIVE = 5;

    /** Verdict of a finished run in process exit-code terms: OK 0, FAIL 1, INCONCLUSIVE 5. */
    public static int exitCode(RunResult result) {
        return switch (result.verdict()) {
            case OK -> 0;
            case FAIL -> EXIT_FAIL;
            case INCONCLUSIVE -> EXIT_INCONCLUSIVE;
        };
    }
}
