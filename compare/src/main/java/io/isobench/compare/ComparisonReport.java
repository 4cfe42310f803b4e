package io.isobench.compare;

import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A comparison as text (a terminal), markdown (a pull-request comment) or JSON (a pipeline's next step). */
public final class ComparisonReport {

    private ComparisonReport() {}

    public static String json(RunComparison c) {
        return ResultJson.toJson(c);
    }

    public static String markdown(RunComparison c, Map<String, String> labels) {
        StringBuilder out = new StringBuilder();
        out.append("### isobench compare: ").append(headline(c)).append("\n\n");
        out.append("`")
                .append(cell(c.candidate()))
                .append("` against baseline `")
                .append(cell(c.baseline()))
                .append('`')
                .append(method(c, " — "))
                .append("\n\n");
        if (!c.verdicts().isEmpty()) {
            out.append("| step | percentile | B/A | 95% interval | p (Holm) | verdict |\n|---|---|---|---|---|---|\n");
            for (PercentileVerdict v : c.verdicts()) {
                out.append("| ")
                        .append(cell(labels.getOrDefault(v.step(), v.step())))
                        .append(" | ")
                        .append(v.percentile())
                        .append(" | ")
                        .append(ratioCell(v))
                        .append(" | ")
                        .append(interval(v))
                        .append(" | ")
                        .append(p(v))
                        .append(" | ")
                        .append(
                                v.change() == Change.SLOWER || v.change() == Change.FASTER
                                        ? "**" + v.change().text() + "**"
                                        : v.change().text())
                        .append(" |\n");
            }
            out.append('\n');
        }
        if (!c.steps().leftOut().isEmpty()) {
            out.append("Not compared:\n\n");
            c.steps()
                    .leftOut()
                    .forEach(l -> out.append("- ")
                            .append(cell(l.label()))
                            .append(": ")
                            .append(cell(l.why()))
                            .append('\n'));
            out.append('\n');
        }
        if (!c.differences().isEmpty()) {
            out.append(c.comparedAnyway() ? "Compared anyway across these differences:\n\n" : "Differences:\n\n");
            out.append("| field | A | B | decides |\n|---|---|---|---|\n");
            c.differences()
                    .forEach(d -> out.append("| ")
                            .append(cell(d.field()))
                            .append(" | ")
                            .append(cell(d.a()))
                            .append(" | ")
                            .append(cell(d.b()))
                            .append(" | ")
                            .append(d.decides() ? "yes" : "no")
                            .append(" |\n"));
        }
        return out.toString();
    }

    public static String text(RunComparison c, Map<String, String> labels) {
        StringBuilder out = new StringBuilder();
        out.append(headline(c)).append('\n');
        out.append("B ")
                .append(c.candidate())
                .append(" against A ")
                .append(c.baseline())
                .append(method(c, ": "))
                .append('\n');
        if (!c.verdicts().isEmpty()) {
            int width = c.verdicts().stream()
                    .mapToInt(v -> labels.getOrDefault(v.step(), v.step()).length())
                    .max()
                    .orElse(4);
            out.append('\n')
                    .append(String.format(
                            Locale.ROOT,
                            "%-" + width + "s  %-10s %8s  %-15s  %-9s  %s%n",
                            "step",
                            "percentile",
                            "B/A",
                            "95% interval",
                            "p (Holm)",
                            "verdict"));
            for (PercentileVerdict v : c.verdicts()) {
                out.append(String.format(
                        Locale.ROOT,
                        "%-" + width + "s  %-10s %8s  %-15s  %-9s  %s%n",
                        labels.getOrDefault(v.step(), v.step()),
                        v.percentile(),
                        ratioCell(v),
                        interval(v),
                        p(v),
                        v.change().text()));
            }
        }
        c.steps()
                .leftOut()
                .forEach(l -> out.append("not compared: ")
                        .append(l.label())
                        .append(": ")
                        .append(l.why())
                        .append('\n'));
        c.differences()
                .forEach(d -> out.append(d.decides() ? "differs (decides): " : "differs: ")
                        .append(d.field())
                        .append(": ")
                        .append(d.a())
                        .append(" → ")
                        .append(d.b())
                        .append('\n'));
        return out.toString();
    }

    private static String headline(RunComparison c) {
        return switch (c.outcome()) {
                    case REGRESSED -> "regression";
                    case NO_REGRESSION -> "no regression";
                    case INCOMPARABLE -> "not comparable";
                    case NOTHING_COMPARED -> "nothing to compare";
                    case TOO_FEW_REPETITIONS -> "too few repetitions to tell";
                }
                + (c.comparedAnyway() ? " (compared anyway, across differences)" : "") + " — " + c.summary();
    }

    /** How the verdicts were reached, after {@code lead}; nothing when nothing was compared. */
    private static String method(RunComparison c, String lead) {
        if (c.verdicts().isEmpty()) {
            return "";
        }
        return lead + "Welch's t-test on the repetitions' log-percentiles, Holm over "
                + c.verdicts().size() + " comparisons (any false alarm ≤ 5%), changes under "
                + RunComparison.percent(c.threshold()) + " are no change";
    }

    private static String ratioCell(PercentileVerdict v) {
        return v.ratio() == null ? "–" : RunComparison.ratio(v.ratio());
    }

    private static String interval(PercentileVerdict v) {
        return v.low() == null
                ? v.repetitionsA() + " vs " + v.repetitionsB() + " reps"
                : RunComparison.ratio(v.low()) + "–" + RunComparison.ratio(v.high());
    }

    private static String p(PercentileVerdict v) {
        return v.pHolm() == null ? "–" : String.format(Locale.ROOT, "%.2g", v.pHolm());
    }

    /**
     * Text from a result (labels, reasons) in a markdown cell: a result's author is not trusted, so no pipe or line break
     * may end the cell or the table, and no tag, link or image may reach the page the comment is shown on.
     */
    static String cell(String text) {
        return text.replace("\\", "\\\\")
                .replace("|", "\\|")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("[", "\\[")
                .replace("]", "\\]")
                .replace("`", "\\`")
                .replace("\r", " ")
                .replace("\n", " ");
    }

    /** Each step's label by id, for both runs (A's first). */
    public static Map<String, String> labels(RunResult a, RunResult b) {
        return Stream.concat(a.steps().stream(), b.steps().stream())
                .collect(Collectors.toMap(StepResult::id, StepPlan::label, (x, y) -> x, LinkedHashMap::new));
    }
}
