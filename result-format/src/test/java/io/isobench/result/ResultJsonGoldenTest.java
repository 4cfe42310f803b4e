package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.samples.ResultSamples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * result.json is a published contract (docs/contracts.md): files the real runner wrote are read and written back
 * exactly as they were, so a change to the records' shape (a field renamed, nested, dropped or added) shows here.
 */
class ResultJsonGoldenTest {

    /** The shared fixture: a real dispatch run, every step OK (test-fixtures/README.md). */
    private static final Path DISPATCH_RUN = Path.of("../test-fixtures/runs/dispatch-closed/result.json");

    @Test
    void aRealRunIsWrittenBackExactlyAsTheRunnerWroteIt() throws Exception {
        String written = Files.readString(DISPATCH_RUN, StandardCharsets.UTF_8);

        assertThat(ResultJson.toJson(ResultJson.parse(written))).isEqualTo(written.strip());
    }

    @Test
    void aRunThatNeverMeasuredIsWrittenBackExactlyAsTheRunnerWroteIt() {
        String written = new String(ResultSamples.connectionRefused(), StandardCharsets.UTF_8);

        assertThat(ResultJson.toJson(ResultJson.parse(written))).isEqualTo(written.strip());
    }

    @Test
    void aRunOfVariantsKeepsItsRoundsAndComparisonsWhenWrittenBack() {
        String written = new String(ResultSamples.variantsAa(), StandardCharsets.UTF_8);

        RunResult run = ResultJson.parse(written);

        assertThat(ResultJson.toJson(run)).isEqualTo(written.strip());
        assertThat(run.variantRounds().seed()).isEqualTo(7);
        assertThat(run.variantRounds().orders()).hasSize(3);
        VariantComparison comparison = run.variantComparisons().getFirst();
        assertThat(comparison.baseline()).isEqualTo("a");
        assertThat(comparison.variant()).isEqualTo("a2");
        assertThat(comparison.verdicts())
                .extracting(VariantComparison.PercentileChange::percentile)
                .containsExactly("p50", "p99", "p99.9");
    }

    @Test
    void aRunOfLoadPartsKeepsEachPartWhenWrittenBack() {
        String written = new String(ResultSamples.threeParts(), StandardCharsets.UTF_8);

        RunResult run = ResultJson.parse(written);

        assertThat(ResultJson.toJson(run)).isEqualTo(written.strip());
        assertThat(run.config()).containsEntry("parallelism", 3);
        assertThat(run.loadParts()).extracting(LoadPart::part).containsExactly(0, 1, 2);
        RepetitionResult first = run.steps().getFirst().repetitions().getFirst();
        assertThat(first.parts()).extracting(PartResult::part).containsExactly(0, 1, 2);
        assertThat(first.parts().get(1).repetition().files().hgrm())
                .isEqualTo("steps/remote_rate-150/part-1/rep-1_OK.hgrm");
        // a run of one process writes neither field
        String alone = ResultJson.toJson(
                ResultJson.parse(new String(ResultSamples.connectionRefused(), StandardCharsets.UTF_8)));
        assertThat(alone).doesNotContain("\"parts\"").doesNotContain("\"loadParts\"");
    }
}
