package io.isobench.runner.harness;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.VariantRounds;
import io.isobench.result.Verdict;
import io.isobench.target.spi.Target;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Runs each step of each variant in JVMs of its own, as JMH forks do: a call site that has seen five queue classes is
 * slower for all of them, one variant's garbage must not trigger another's GC, and a step must not inherit the JIT's
 * and the heap's state from the steps before it (by hand, dispatch's 1M msg/s p50 was 188–225 ns in a JVM of its own
 * and 372–388 ns after 10k and 100k msg/s in the same one: BENCHMARKS.md). Repetitions are interleaved in rounds —
 * round r runs every variant once, in an order drawn at random from a seed (randomized multiple interleaved trials,
 * Laaber et al., EMSE 2019), each of its steps that wants another repetition in sweep order — so the host's drift (on
 * VMs the core-to-core latency switches between modes within seconds) lands on every variant alike; the seed and each
 * round's order go into result.json to be audited. Each child is this runner with the same JVM flags (and the
 * variant's own), its variant's arguments, {@code --only-step} naming its step when the sweep has several, one
 * repetition — or, for a variant of another image, that image's runner ({@link RunnerInstallation}); its files are
 * renamed into the parent's run directory.
 */
public final class JvmVariantForks implements VariantForks {

    static final String FORKS_DIR = ".forks";

    /** What follows the JVM flags in {@link #currentJvm}: -cp, the class path and the main class. */
    private static final int LAUNCH_TOKENS = 3;

    private final List<String> javaCommand;
    private final Function<String, ForkedVariant> children;
    private final long seed;

    /**
     * @param javaCommand as {@link #currentJvm} gives it: java executable, JVM flags, -cp, class path and main class
     * @param children    each variant's JVM flags and runner arguments, by its name
     * @param seed        of the rounds' random orders
     */
    public JvmVariantForks(List<String> javaCommand, Function<String, ForkedVariant> children, long seed) {
        this.javaCommand = List.copyOf(javaCommand);
        this.children = children;
        this.seed = seed;
    }

    /** The target's own variants (dispatch's queues): each child gets the runner's arguments and {@code --only-variant}. */
    public static Function<String, ForkedVariant> ownVariants(List<String> runnerArguments) {
        return variant -> {
            List<String> arguments = new ArrayList<>(runnerArguments);
            arguments.addAll(List.of("--only-variant", variant));
            return new ForkedVariant(List.of(), arguments);
        };
    }

    /** This JVM's own command line: the java binary, its input arguments, class path and {@code mainClass}. */
    public static List<String> currentJvm(Class<?> mainClass) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        return command;
    }

    @Override
    public InterleavedRun runInterleaved(Target target, List<String> variants, RunSettings settings, Path runDir)
            throws InterruptedException {
        Map<String, StepPlan> plans = new LinkedHashMap<>();
        Map<String, List<RepetitionResult>> repetitions = new LinkedHashMap<>();
        for (String variant : variants) {
            for (Load load : settings.loads()) {
                StepPlan plan = new StepPlan(target.name(), variant, load, target.label(load));
                plans.put(plan.id(), plan);
                repetitions.put(plan.id(), new ArrayList<>());
            }
        }
        // rounds go on while any step wants another repetition (a fixed count: every round; auto: until each is
        // precise); a round runs only the steps that want one
        Random random = new Random(seed);
        List<List<String>> orders = new ArrayList<>();
        boolean oneStepEach = settings.loads().size() > 1;
        for (int round = 1; repetitions.values().stream().anyMatch(settings.repetitions()::wantsAnother); round++) {
            List<String> order = new ArrayList<>(variants);
            Collections.shuffle(order, random);
            orders.add(order);
            for (String variant : order) {
                List<StepPlan> steps = plans.values().stream()
                        .filter(p -> p.variant().equals(variant))
                        .toList();
                for (int i = 0; i < steps.size(); i++) {
                    if (settings.repetitions()
                            .wantsAnother(repetitions.get(steps.get(i).id()))) {
                        runOne(
                                variant,
                                oneStepEach ? steps.get(i) : null,
                                round,
                                runDir,
                                "round-" + round + "-" + variant + (oneStepEach ? "-step-" + (i + 1) : ""),
                                plans,
                                repetitions);
                    }
                }
            }
        }
        deleteIfEmpty(runDir.resolve(FORKS_DIR));
        List<StepResult> steps = new ArrayList<>();
        for (Map.Entry<String, StepPlan> entry : plans.entrySet()) {
            List<RepetitionResult> reps = repetitions.get(entry.getKey());
            reps.sort(Comparator.comparingInt(RepetitionResult::index));
            StepPlan plan = entry.getValue();
            steps.add(StepAssembler.assemble(
                    plan,
                    target.measure(plan.load().mode()),
                    RepetitionBudget.noted(reps, settings, Progress.NONE, plan.id()),
                    runDir));
        }
        return new InterleavedRun(steps, new VariantRounds(seed, orders));
    }

    /**
     * @param step the one step the child runs ({@code --only-step}), or null: the sweep's only one (the command line is
     *             then the one runners before {@code --only-step} took too)
     */
    private void runOne(
            String variant,
            StepPlan step,
            int round,
            Path runDir,
            String childName,
            Map<String, StepPlan> plans,
            Map<String, List<RepetitionResult>> repetitions)
            throws InterruptedException {
        Path childDir = runDir.resolve(FORKS_DIR).resolve(childName);
        ForkedVariant fork = children.apply(variant);
        List<String> command = new ArrayList<>(
                fork.installation() == null ? javaCommand : fork.installation().command(javaCommand));
        command.addAll(command.size() - LAUNCH_TOKENS, fork.jvmOptions());
        command.addAll(fork.runnerArguments());
        if (step != null) {
            command.addAll(List.of("--only-step", step.label()));
        }
        command.addAll(List.of("--out", childDir.toString(), "--fork", "none", "--repetitions", "1"));
        String failure = null;
        try {
            int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
            if (!Files.exists(childDir.resolve(RunLayout.RESULT_FILE))) {
                failure = "the JVM for variant " + variant + (step == null ? "" : " at " + step.label()) + " (round "
                        + round + ") exited with code " + exit + " before writing its result";
            }
        } catch (IOException e) {
            failure = "could not start a JVM for variant " + variant + ": " + e.getMessage();
        }
        if (failure != null) {
            for (StepPlan plan : plans.values()) {
                if (step == null ? plan.variant().equals(variant) : plan.equals(step)) {
                    repetitions.get(plan.id()).add(failedRepetition(round, plan.load(), failure));
                }
            }
            return;
        }
        RunResult child = ResultJson.read(childDir.resolve(RunLayout.RESULT_FILE));
        for (StepResult childStep : child.steps()) {
            for (RepetitionResult rep : childStep.repetitions()) {
                repetitions.get(childStep.id()).add(adopt(rep, round, childStep.id(), childDir, runDir));
            }
        }
        deleteTree(childDir);
    }

    /** Moves a child's repetition files to their place in the parent's run and renumbers the repetition. */
    private static RepetitionResult adopt(RepetitionResult rep, int round, String stepId, Path childDir, Path runDir) {
        String hlog =
                rep.files().hlog() == null ? null : RunLayout.repetitionFile(stepId, round, rep.verdict(), "hlog");
        String hgrm = RunLayout.repetitionFile(stepId, round, rep.verdict(), "hgrm");
        move(childDir.resolve(rep.files().hgrm()), runDir.resolve(hgrm));
        if (hlog != null) {
            move(childDir.resolve(rep.files().hlog()), runDir.resolve(hlog));
        }
        return rep.toBuilder().index(round).files(new ArtifactFiles(hlog, hgrm)).build();
    }

    private static RepetitionResult failedRepetition(int round, Load load, String reason) {
        return RepetitionResult.builder()
                .index(round)
                .targetRate(load.targetRate())
                .verdict(Verdict.FAIL)
                .reason(reason)
                .build();
    }

    private static void move(Path from, Path to) {
        try {
            Files.createDirectories(to.getParent());
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " to " + to, e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    private static void deleteIfEmpty(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            if (entries.findAny().isEmpty()) {
                Files.delete(dir);
            }
        } catch (IOException e) {
            // nothing was forked, or a child left files behind for inspection: keep them
        }
    }
}
