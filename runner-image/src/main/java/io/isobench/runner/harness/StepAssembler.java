package io.isobench.runner.harness;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.HgrmTable;
import io.isobench.result.Histograms;
import io.isobench.result.LatencyMeasure;
import io.isobench.result.LatencySummary;
import io.isobench.result.MergedResult;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunLayout;
import io.isobench.result.StepResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/** Turns a step's repetitions into its {@link StepResult}: histograms added (never percentiles averaged), merged table written, verdict combined. */
final class StepAssembler {

    private StepAssembler() {}

    static StepResult assemble(StepPlan plan, LatencyMeasure measure, List<RepetitionResult> repetitions, Path runDir) {
        List<Histogram> histograms = new ArrayList<>();
        for (RepetitionResult r : repetitions) {
            if (r.histogram() != null) {
                histograms.add(Histograms.fromBase64(r.histogram()));
            }
        }
        Verdicts.Judgement verdict = Verdicts.combine(
                repetitions.stream().map(r -> "repetition " + r.index()).toList(),
                repetitions.stream().map(RepetitionResult::verdict).toList(),
                repetitions.stream().map(RepetitionResult::reason).toList());
        Histogram merged = Histograms.merge(histograms);
        String mergedFile = RunLayout.mergedFile(plan.id(), verdict.verdict());
        HgrmTable.write(merged, runDir.resolve(mergedFile));
        return new StepResult(
                plan.id(),
                plan.label(),
                plan.variant(),
                plan.load(),
                measure,
                List.copyOf(repetitions),
                new MergedResult(
                        LatencySummary.of(merged), Histograms.toBase64(merged), new ArtifactFiles(null, mergedFile)),
                verdict.verdict(),
                verdict.reason());
    }
}
