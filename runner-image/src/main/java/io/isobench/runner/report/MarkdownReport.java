package io.isobench.runner.report;

import io.isobench.result.Environment;
import io.isobench.result.LatencySummary;
import io.isobench.result.LoadMode;
import io.isobench.result.MachineProbe;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.target.spi.StepLabels;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders runs as markdown for BENCHMARKS.md: the machine and its measured state, the seed-style table
 * per variant, and, when a run holds several variants, a side-by-side table per load with each
 * variant's ratio to the first (the implementation under scrutiny).
 */
public final class MarkdownReport {

    private MarkdownReport() {}

    public static void environment(RunResult run, PrintWriter out) {
        Environment e = run.environment();
        out.printf(
                Locale.ROOT,
                "- machine: %s, %d logical CPUs, kernel %s, %s; clocksource %s; THP %s%n",
                e.cpuModel(),
                e.logicalCpus(),
                e.kernel(),
                e.os(),
                e.isolation().clocksource(),
                e.isolation().transparentHugePages());
        out.printf(
                Locale.ROOT,
                "- granted cpuset: %s (affinity %s, cgroup %s); isolated CPUs: %s; SMT siblings: %s%n",
                e.cpuset().cpus(),
                e.cpuset().affinity(),
                e.cpuset().cgroup(),
                blankAsNone(e.isolation().isolatedCpus()),
                String.join(" ", e.isolation().smtSiblings()));
        out.printf(
                Locale.ROOT,
                "- JVM: %s %s (%s), heap %d MiB, GC %s, flags `%s`%n",
                e.jvm().vendor(),
                e.jvm().version(),
                e.jvm().vm(),
                e.jvm().heapMaxBytes() >> 20,
                String.join(", ", e.jvm().gc()),
                String.join(" ", e.jvm().flags()));
        out.printf(
                Locale.ROOT,
                "- run %s, config hash `%s`, %s → %s, verdict **%s**%n",
                run.runId(),
                run.configHash(),
                run.startedAt(),
                run.finishedAt(),
                run.verdict());
        for (String warning : e.warnings()) {
            out.println("- warning: " + warning);
        }
    }

    /** Core-to-core and jitter probes across every repetition (before it, and after it): the machine's state during the run. */
    public static void machineState(RunResult run, PrintWriter out) {
        List<Long> c2c = new ArrayList<>();
        long worstStall = 0;
        long stalls = 0;
        int probes = 0;
        for (StepResult step : run.steps()) {
            for (RepetitionResult rep : step.repetitions()) {
                for (MachineProbe probe : java.util.Arrays.asList(rep.probe(), rep.probeAfter())) {
                    if (probe == null) {
                        continue;
                    }
                    probes++;
                    if (probe.coreToCore() != null) {
                        c2c.add(probe.coreToCore().p50());
                    }
                    for (MachineProbe.Jitter j : probe.jitter()) {
                        worstStall = Math.max(worstStall, j.maxStallNanos());
                        stalls += j.stallsOver10us();
                    }
                }
            }
        }
        if (probes == 0) {
            out.println("- machine-state probes: disabled");
            return;
        }
        List<Long> sorted = c2c.stream().sorted().toList();
        out.printf(
                Locale.ROOT,
                "- core-to-core one-way p50, %d probes around the repetitions: min %s, median %s, max %s%s%n",
                probes,
                sorted.isEmpty() ? "-" : HumanUnits.latency(sorted.getFirst()),
                sorted.isEmpty() ? "-" : HumanUnits.latency(sorted.get(sorted.size() / 2)),
                sorted.isEmpty() ? "-" : HumanUnits.latency(sorted.getLast()),
                !sorted.isEmpty() && sorted.getLast() > 2 * sorted.getFirst()
                        ? " (bimodal: the host moved the vCPUs during the run)"
                        : "");
        out.printf(
                Locale.ROOT,
                "- jitter probe (a thread spinning on each measured CPU): longest stall %s, %,d stalls over 10 µs in %d probes%n",
                HumanUnits.latency(worstStall),
                stalls,
                probes);
    }

    public static void sweepTables(RunResult run, PrintWriter out) {
        SweepTable.print(run, out);
    }

    /** Per load, every variant side by side, with its p50 and max relative to the first variant. */
    public static void sideBySide(RunResult run, PrintWriter out) {
        Map<String, List<StepResult>> byLoad = new LinkedHashMap<>();
        for (StepResult step : run.steps()) {
            byLoad.computeIfAbsent(step.load().slug(), k -> new ArrayList<>()).add(step);
        }
        if (byLoad.values().stream().allMatch(l -> l.size() < 2)) {
            return;
        }
        String first = run.steps().getFirst().variant();
        out.println();
        out.printf(
                Locale.ROOT,
                "| %s | variant | p50 | p99 | p99.9 | max | achieved | p50 vs %s | verdict |%n",
                run.steps().getFirst().load().mode() == LoadMode.OPEN_LOOP ? "Rate" : "In flight",
                first);
        out.println("|---|---|---|---|---|---|---|---|---|");
        for (List<StepResult> steps : byLoad.values()) {
            LatencySummary reference = steps.getFirst().merged().latency();
            for (StepResult step : steps) {
                LatencySummary l = step.merged().latency();
                out.printf(
                        Locale.ROOT,
                        "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                        loadLabel(step),
                        step.variant(),
                        HumanUnits.latency(l.p50()),
                        HumanUnits.latency(l.p99()),
                        HumanUnits.latency(l.p99_9()),
                        HumanUnits.latency(l.max()),
                        HumanUnits.rate(meanAchieved(step)),
                        reference.p50() == 0
                                ? "-"
                                : String.format(Locale.ROOT, "%.2f×", (double) l.p50() / reference.p50()),
                        step.verdict().name());
            }
        }
    }

    public static double meanAchieved(StepResult step) {
        return step.repetitions().stream()
                .mapToDouble(RepetitionResult::achievedRate)
                .average()
                .orElse(0);
    }

    /** Median over repetitions of the core-to-core one-way p50 probed before each repetition of {@code step}. */
    public static long medianCoreToCore(StepResult step) {
        List<Long> values = step.repetitions().stream()
                .filter(r -> r.probe() != null && r.probe().coreToCore() != null)
                .map(r -> r.probe().coreToCore().p50())
                .sorted()
                .collect(Collectors.toList());
        return values.isEmpty() ? 0 : values.get(values.size() / 2);
    }

    private static String loadLabel(StepResult step) {
        return step.load().mode() == LoadMode.OPEN_LOOP
                ? StepLabels.rate(step.load().targetRate()) + " mps"
                : String.valueOf(step.load().concurrency());
    }

    private static String blankAsNone(String s) {
        return s == null || s.isBlank() ? "none" : s;
    }
}
