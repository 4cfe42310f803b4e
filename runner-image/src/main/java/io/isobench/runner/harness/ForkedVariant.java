package io.isobench.runner.harness;

import java.util.List;

/**
 * How a forked JVM runs one variant: its own JVM flags (a {@code --variant}'s {@code --jvm-option}s; none for a
 * target's own variants) and the runner arguments it gets, without --out, --fork and --repetitions (the parent sets
 * those per round).
 */
public record ForkedVariant(List<String> jvmOptions, List<String> runnerArguments) {

    public ForkedVariant {
        jvmOptions = List.copyOf(jvmOptions);
        runnerArguments = List.copyOf(runnerArguments);
    }
}
