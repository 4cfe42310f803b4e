package io.isobench.runner.harness;

import java.util.List;

/**
 * How a forked JVM runs one variant: its own JVM flags (a {@code --variant}'s {@code --jvm-option}s; none for a
 * target's own variants), the runner arguments it gets, without --out, --fork and --repetitions (the parent sets
 * those per round), and the runner installation its JVMs start from (another image's java and class path; null: this
 * JVM's own).
 */
public record ForkedVariant(List<String> jvmOptions, List<String> runnerArguments, RunnerInstallation installation) {

    public ForkedVariant {
        jvmOptions = List.copyOf(jvmOptions);
        runnerArguments = List.copyOf(runnerArguments);
    }

    /** A variant whose JVMs are this runner's. */
    public ForkedVariant(List<String> jvmOptions, List<String> runnerArguments) {
        this(jvmOptions, runnerArguments, null);
    }
}
