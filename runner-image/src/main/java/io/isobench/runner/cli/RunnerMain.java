package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code isobench-runner}: runs one benchmark target and writes its result directory. Exit codes:
 * 0 every step OK · 1 the run finished and some step FAILed · 2 bad usage · 3 the run could not finish ·
 * 4 the result was written but its upload failed · 5 the run finished INCONCLUSIVE (host noise beyond --noise-budget,
 * or a rate the host made the rig miss, reruns exhausted; nothing FAILed). {@code compare} has its own: 0 no regression · 1 regression · 3 cannot tell ·
 * 2 bad usage.
 */
@Command(
        name = "isobench-runner",
        mixinStandardHelpOptions = true,
        version = "isobench-runner 0.1.0",
        description = {
            "Runs CPU-pinned, coordinated-omission-correct latency benchmarks",
            "and writes .hlog/.hgrm/result.json."
        },
        subcommands = {
            DispatchCommand.class,
            EchoCommand.Tcp.class,
            EchoCommand.Udp.class,
            HttpMockCommand.class,
            HttpCommand.class,
            RSocketCommand.class,
            IpcCommand.class,
            PluginCommand.class,
            ListCommand.class,
            InstallationCommand.class,
            ServerCommand.class,
            ReportCommand.class,
            CompareCommand.class
        })
public final class RunnerMain implements Runnable {

    public static final int EXIT_USAGE = 2;
    public static final int EXIT_ERROR = 3;
    public static final int EXIT_INCONCLUSIVE = io.isobench.runner.harness.BenchmarkRunner.EXIT_INCONCLUSIVE;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(),
                "name a target: " + String.join(", ", spec.subcommands().keySet()));
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        return execute(
                new java.io.PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new java.io.PrintWriter(System.err, true, StandardCharsets.UTF_8),
                args);
    }

    public static int execute(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new RunnerMain());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof UsageException) {
                commandLine.getErr().println("isobench-runner: " + e.getMessage());
                return EXIT_USAGE;
            }
            commandLine.getErr().println("isobench-runner: the run could not finish: " + e);
            e.printStackTrace(commandLine.getErr());
            return EXIT_ERROR;
        });
        cli.setParameterExceptionHandler((e, a) -> {
            if (e instanceof CommandLine.UnmatchedArgumentException u
                    && u.getCommandLine().getParent() == null
                    && !u.getUnmatched().isEmpty()
                    && !u.getUnmatched().getFirst().startsWith("-")) {
                e.getCommandLine()
                        .getErr()
                        .println("isobench-runner: unknown target '"
                                + u.getUnmatched().getFirst() + "' (commands: "
                                + String.join(", ", cli.getSubcommands().keySet()) + ")");
                return EXIT_USAGE;
            }
            e.getCommandLine().getErr().println("isobench-runner: " + usageMessage(e));
            e.getCommandLine()
                    .getErr()
                    .println("try: isobench-runner "
                            + (e.getCommandLine().getCommandName().equals("isobench-runner")
                                    ? ""
                                    : e.getCommandLine().getCommandName() + " ")
                            + "--help");
            return EXIT_USAGE;
        });
        return cli.execute(args);
    }

    /** A value a converter refused reads as the runner's own checks do: the option, the value as given, what it takes. */
    private static String usageMessage(CommandLine.ParameterException e) {
        if (e.getCause() instanceof CommandLine.TypeConversionException refused
                && e.getArgSpec() instanceof OptionSpec option) {
            return option.longestName() + " '" + e.getValue() + "': " + refused.getMessage();
        }
        return e.getMessage();
    }
}
