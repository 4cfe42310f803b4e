package io.isobench.runner.cli;

import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.report.DispatchGoals;
import io.isobench.runner.report.MarkdownReport;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description =
                "Prints finished runs as markdown: machine, measured machine state, tables laid out as the published write-ups "
                        + "lay theirs out, variants side by side.")
final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN_DIR", arity = "1..*", description = "Run directories (each holding result.json).")
    Path[] runs;

    @Option(
            names = "--command",
            paramLabel = "TEXT",
            description = "The command that produced the runs, quoted in the report.")
    String command;

    @Option(
            names = "--throughput",
            paramLabel = "RUN_DIR",
            description = "A closed-loop saturation run to check dispatch throughput goals against.")
    Path throughput;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (command != null) {
            out.println("Command: `" + command + "`");
            out.println();
        }
        RunResult first = null;
        for (Path dir : runs) {
            RunResult run = read(dir);
            if (first == null) {
                first = run;
                MarkdownReport.environment(run, out);
            }
            MarkdownReport.machineState(run, out);
            MarkdownReport.sweepTables(run, out);
            MarkdownReport.sideBySide(run, out);
        }
        RunResult saturation = throughput == null ? null : read(throughput);
        if (saturation != null) {
            out.println();
            out.println("Saturation (closed loop: the publisher keeps the queue full; achieved = max throughput):");
            MarkdownReport.machineState(saturation, out);
            MarkdownReport.sideBySide(saturation, out);
        }
        if ("dispatch".equals(first.target())) {
            DispatchGoals.print(first, saturation, out);
        }
        out.flush();
        return 0;
    }

    private static RunResult read(Path dir) {
        Path file = dir.resolve(RunLayout.RESULT_FILE);
        if (!Files.exists(file)) {
            throw new UsageException("RUN_DIR " + dir + ": no " + RunLayout.RESULT_FILE + " (not a finished run)");
        }
        return ResultJson.read(file);
    }
}
