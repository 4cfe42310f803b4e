package io.isobench.runner.harness;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.Load;
import io.isobench.result.RepetitionResult;
import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import io.isobench.target.spi.Target;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs each variant in JVMs of its own, as JMH forks do: a call site that has seen five queue classes is
 * slower for all of them, and one variant's garbage must not trigger another's GC. Repetitions are
 * interleaved in rounds — round r runs every variant once, starting with a different one each round —
 * so the host's drift (on VMs the core-to-core latency switches between modes within seconds) lands on
 * every variant alike. Each child is this runner with the same JVM flags and arguments, one variant, one
 * repetition; its files are renamed into the parent's run directory.
 */
public final class JvmVariantForks implements VariantForks {

    static final String FORKS_DIR = ".forks";

    private final List<String> javaCommand;
    private final List<String> runnerArguments;

    /**
     * @param javaCommand     java executable, JVM flags, -cp and main class
     * @param runnerArguments the subcommand and its options, without --out/--fork/--only-variant/--repetitions
     */
    public JvmVariantForks(List<String> javaCommand, List<String> runnerArguments) {
        this.javaCommand = List.copyOf(javaCommand);
        this.runnerArguments = List.copyOf(runnerArguments);
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
    public List<StepResult> runInterleaved(Target target, List<String> variants, RunSettings settings, Path runDir)
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
        // precise)
        for (int round = 1; repetitions.values().stream().anyMatch(settings.repetitions()::wantsAnother); round++) {
            for (int i = 0; i < variants.size(); i++) {
                String variant = variants.get((i + round - 1) % variants.size());
                runOne(variant, round, runDir, plans, repetitions);
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
        return steps;
    }

    private void runOne(
            String variant,
            int round,
            Path runDir,
            Map<String, StepPlan> plans,
            Map<String, List<RepetitionResult>> repetitions)
            throws InterruptedException {
        Path childDir = runDir.resolve(FORKS_DIR).resolve("round-" + round + "-" + variant);
        List<String> command = new ArrayList<>(javaCommand);
        command.addAll(runnerArguments);
        command.addAll(List.of(
                "--out", childDir.toString(), "--fork", "none", "--only-variant", variant, "--repetitions", "1"));
        String failure = null;
        try {
            int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
            if (!Files.exists(childDir.resolve(RunLayout.RESULT_FILE))) {
                failure = "the JVM for variant " + variant + " (round " + round + ") exited with code " + exit
                        + " before writing its result";
            }
        } catch (IOException e) {
            failure = "could not start a JVM for variant " + variant + ": " + e.getMessage();
        }
        if (failure != null) {
            for (StepPlan plan : plans.values()) {
                if (plan.variant().equals(variant)) {
                    repetitions.get(plan.id()).add(failedRepetition(round, plan.load(), failure));
                }
            }
            return;
        }
        RunResult child = ResultJson.read(childDir.resolve(RunLayout.RESULT_FILE));
        for (StepResult step : child.steps()) {
            for (RepetitionResult rep : step.repetitions()) {
                repetitions.get(step.id()).add(adopt(rep, round, step.id(), childDir, runDir));
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
