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

    /**
     * Starts a thread that waits (up to 30 s) for a descendant process started as the server of {@code target}
     * ({@code -Disobench.server=TARGET} on its command line), lets it run {@code afterMillis}, then kills it.
     */
    public static Thread killServerProcessLater(String target, long afterMillis) {
        return killServerProcessLater(target, () -> true, afterMillis);
    }

    /** As above, counting {@code afterMillis} from when {@code serving} first says the server is at work. */
    public static Thread killServerProcessLater(
            String target, java.util.function.BooleanSupplier serving, long afterMillis) {
        return killDescendantLater("-Disobench.server=" + target, serving, afterMillis);
    }

    /**
     * Starts a thread that waits (up to 30 s) for a descendant process whose command line (arguments NUL-separated, as
     * /proc has them) holds {@code fragment}, lets it run {@code afterMillis} from when {@code serving} says so, then
     * kills it.
     */
    public static Thread killDescendantLater(
            String fragment, java.util.function.BooleanSupplier serving, long afterMillis) {
        Thread killer = new Thread(
                () -> {
                    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
                    try {
                        while (System.nanoTime() < deadline) {
                            var server = ProcessHandle.current()
                                    .descendants()
                                    .filter(p -> cmdline(p).contains(fragment))
                                    .findFirst();
                            if (server.isPresent() && serving.getAsBoolean()) {
                                Thread.sleep(afterMillis);
                                server.get().destroyForcibly();
                                return;
                            }
                            Thread.sleep(50);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "test-server-killer");
        killer.start();
        return killer;
    }

    // /proc directly: ProcessHandle.Info leaves out the arguments of a long java command line
    private static String cmdline(ProcessHandle process) {
        try {
            return new String(
                    java.nio.file.Files.readAllBytes(Path.of("/proc", String.valueOf(process.pid()), "cmdline")),
                    java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return ""; // already gone
        }
    }

    /** {@code target}: one repetition, a 200 ms warm-up and a 700 ms window (unless {@code extra} sets them), output in {@code dir/run}. */
    public static List<String> shortRun(String target, Path dir, String... extra) {
        var args = new ArrayList<>(List.of(
                target,
                "--probe-duration",
                "0s",
                "--progress",
                "none",
                "--out",
                dir.resolve("run").toString()));
        args.addAll(List.of(extra));
        if (!args.contains("--repetitions")) {
            args.addAll(List.of("--repetitions", "1"));
        }
        if (!args.contains("--warmup")) {
            args.addAll(List.of("--warmup", "200ms"));
        }
        if (!args.contains("--duration")) {
            args.addAll(List.of("--duration", "700ms"));
        }
        return args;
    }
}
