package io.isobench.operator.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import io.isobench.result.samples.ResultSamples;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StatusFromResultTest {

    private static RunResult sample(byte[] json) {
        return ResultJson.parse(new String(json, StandardCharsets.UTF_8));
    }

    @Test
    void eachVariantAgainstTheFirstIsOneLineOfStatusAsTheRunnerComparedThem() {
        RunResult aa = sample(ResultSamples.variantsAa());

        var comparisons = StatusFromResult.variantComparisons(aa);

        assertThat(comparisons).singleElement().satisfies(c -> {
            assertThat(c.getVariant()).isEqualTo("a2");
            assertThat(c.getBaseline()).isEqualTo("a");
            assertThat(c.getOutcome()).isEqualTo("NoRegression");
            assertThat(c.getSummary())
                    .isEqualTo(aa.variantComparisons().getFirst().summary());
        });
        assertThat(StatusFromResult.variantComparisons(sample(ResultSamples.connectionRefused())))
                .as("a run without variants says nothing of them")
                .isNull();
    }
}
