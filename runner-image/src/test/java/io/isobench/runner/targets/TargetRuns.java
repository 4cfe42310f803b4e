package io.isobench.runner.targets;

import io.isobench.runner.cli.RunnerMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the runner CLI in-process, as the target tests do: short, one repetition, no probes. */
public final class TargetRuns {

    public record Outcome(int exit, String out, String err) {}

    private TargetRuns() {}

    public static Outcome run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int exit = RunnerMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    public static Outcome run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    /** {@code target} with a 200 ms warm-up, 700 ms window (unless {@code extra} sets --duration), output in {@code dir/run}. */
    public static List<String> shortRun(String target, Path dir, String... extra) {
        var args = new ArrayList<>(List.of(target, "--warmup", "200ms", "--repetitions", "1", "--probe-duration", "0s",
                "--progress", "none", "--out", dir.resolve("run").toString()));
        args.addAll(List.of(extra));
        if (!args.contains("--duration")) {
            args.addAll(List.of("--duration", "700ms"));
        }
        return args;
    }
}
