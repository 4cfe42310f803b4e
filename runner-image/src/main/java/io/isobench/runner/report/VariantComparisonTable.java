package io.isobench.runner.report;

import io.isobench.result.RunResult;
import io.isobench.result.VariantComparison;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A run of {@code --variant}s: each variant against the first, per load and percentile — ratio, its 95 % interval
 * and the verdict, as {@code isobench-runner compare} words them (docs/compare.md).
 */
public final class VariantComparisonTable {

    private VariantComparisonTable() {}

    public static void print(RunResult result, PrintWriter out) {
        if (result.variantComparisons() == null) {
            return;
        }
        if (result.variantRounds() != null) {
            out.println();
            out.printf(
                    Locale.ROOT,
                    "rounds (seed %d): %s%n",
                    result.variantRounds().seed(),
                    String.join(
                            " · ",
                            result.variantRounds().orders().stream()
                                    .map(o -> String.join(",", o))
                                    .toList()));
        }
        for (VariantComparison c : result.variantComparisons()) {
            out.println();
            out.printf(Locale.ROOT, "%s against %s (baseline) · %s%n", c.variant(), c.baseline(), c.summary());
            out.println("| Load | Percentile | Ratio | 95% interval | Verdict |");
            out.println("|---|---|---|---|---|");
            for (VariantComparison.PercentileChange v : c.verdicts()) {
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s |%n",
                        v.load(),
                        v.percentile(),
                        v.ratio() == null ? "–" : String.format(Locale.ROOT, "×%.3f", v.ratio()),
                        v.low() == null ? "–" : String.format(Locale.ROOT, "%.3f–%.3f", v.low(), v.high()),
                        v.change());
            }
            for (VariantComparison.LeftOut l : c.leftOut()) {
                out.printf(Locale.ROOT, "| %s | – | – | – | not compared: %s |%n", l.load(), l.why());
            }
        }
    }
}
