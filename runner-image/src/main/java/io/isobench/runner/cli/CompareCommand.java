package io.isobench.runner.cli;

import io.isobench.compare.ComparisonReport;
import io.isobench.compare.RunComparison;
import io.isobench.result.ResultFormatException;
import io.isobench.result.ResultJson;
import io.isobench.result.RunLayout;
import io.isobench.result.RunResult;
import io.isobench.runner.harness.UsageException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code isobench-runner compare BASE CANDIDATE}: the CI gate (docs/compare.md). Exit codes: 0 no regression, 1 regression,
 * 3 cannot tell (incomparable runs, no step both measured OK, too few repetitions), 2 bad usage.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Compares a candidate run with a baseline run, step by step: slower, faster, no change or too few repetitions "
                    + "to tell for p50, p99 and p99.9, at a stated error rate (docs/compare.md).",
            "Exit codes: 0 no regression · 1 regression · 3 cannot tell (the runs are not comparable, no step both measured OK, "
                    + "or too few repetitions) · 2 bad usage."
        })
final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "BASE", description = "The baseline's run directory (holding result.json).")
    Path base;

    @Parameters(index = "1", paramLabel = "CANDIDATE", description = "The candidate's run directory.")
    Path candidate;

    @Option(
            names = "--threshold",
            paramLabel = "PERCENT",
            description = "Smaller changes are no change. Default: ${DEFAULT-VALUE}.",
            defaultValue = "5%")
    String threshold;

    @Option(
            names = "--format",
            paramLabel = "text|markdown|json",
            description = "text (a terminal), markdown (a pull-request comment), "
                    + "json (a pipeline's next step). Default: ${DEFAULT-VALUE}.",
            defaultValue = "text",
            converter = FormatWords.class)
    Format format;

    /** {@code --format}: who reads the comparison. */
    enum Format {
        /** A terminal. */
        TEXT,
        /** A pull-request comment. */
        MARKDOWN,
        /** A pipeline's next step. */
        JSON
    }

    static final class FormatWords extends OptionWords<Format> {
        FormatWords() {
            super(Format.class);
        }
    }

    @Option(
            names = "--compare-anyway",
            description = "Compare across differences that decide what is measured (another config, "
                    + "kernel, JVM, CPU…); they are still listed.")
    boolean anyway;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        double fraction = OptionParsers.fraction("--threshold", threshold);
        RunResult a = read("BASE", base);
        RunResult b = read("CANDIDATE", candidate);
        RunComparison comparison = RunComparison.of(a, b, fraction, anyway);
        PrintWriter out = spec.commandLine().getOut();
        out.print(
                switch (format) {
                    case MARKDOWN -> ComparisonReport.markdown(comparison, ComparisonReport.labels(a, b));
                    case JSON -> ComparisonReport.json(comparison) + "\n";
                    case TEXT -> ComparisonReport.text(comparison, ComparisonReport.labels(a, b));
                });
        out.flush();
        return comparison.outcome().exitCode();
    }

    /** A finished run, or bad usage naming the argument, the path and what is wrong with it. */
    private static RunResult read(String argument, Path dir) {
        Path file = dir.resolve(RunLayout.RESULT_FILE);
        if (!Files.isRegularFile(file)) {
            throw new UsageException(
                    argument + " " + dir + ": no " + RunLayout.RESULT_FILE + " (not a finished run directory)");
        }
        try {
            return ResultJson.read(file);
        } catch (ResultFormatException e) {
            throw new UsageException(argument + " " + file + ": " + e.getMessage());
        }
    }
}
