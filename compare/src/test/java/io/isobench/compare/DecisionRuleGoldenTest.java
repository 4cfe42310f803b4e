package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Java implementation of the decision rule gives the golden cases' figures and verdicts (the site is held to the same file). */
class DecisionRuleGoldenTest {

    static List<GoldenCases.Case> cases() {
        return GoldenCases.all();
    }

    @Test
    void theFileStatesTheRuleItWasWrittenFor() {
        JsonNode file = GoldenCases.file();
        assertThat(file.get("alpha").asDouble()).isEqualTo(DecisionRule.ALPHA);
        assertThat(file.get("confidence").asDouble()).isEqualTo(DecisionRule.CONFIDENCE);
        assertThat(file.get("minRepetitions").asInt()).isEqualTo(DecisionRule.MIN_REPETITIONS);
        assertThat(cases()).hasSizeGreaterThanOrEqualTo(15);
        // every verdict is exercised, so the file can catch a rule that never says one of them
        assertThat(cases().stream()
                        .flatMap(c -> c.expected().valueStream())
                        .map(e -> e.get("change").asText())
                        .distinct())
                .containsExactlyInAnyOrder("slower", "faster", "no change", "too few repetitions to tell");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void givesTheGoldenFiguresAndVerdicts(GoldenCases.Case golden) {
        List<PercentileVerdict> got = DecisionRule.decide(golden.samples(), golden.threshold());
        assertThat(got).hasSize(golden.expected().size());
        for (int i = 0; i < got.size(); i++) {
            PercentileVerdict v = got.get(i);
            JsonNode e = golden.expected().get(i);
            String where = golden.name() + " [" + i + "]";
            assertThat(v.step()).as(where).isEqualTo(e.get("step").asText());
            assertThat(v.percentile()).as(where).isEqualTo(e.get("percentile").asText());
            assertThat(v.repetitionsA())
                    .as(where)
                    .isEqualTo(e.get("repetitionsA").asInt());
            assertThat(v.repetitionsB())
                    .as(where)
                    .isEqualTo(e.get("repetitionsB").asInt());
            assertThat(v.change().text())
                    .as(where + " change")
                    .isEqualTo(e.get("change").asText());
            close(where + " ratio", v.ratio(), e.get("ratio"));
            close(where + " low", v.low(), e.get("low"));
            close(where + " high", v.high(), e.get("high"));
            close(where + " p", v.p(), e.get("p"));
            close(where + " pHolm", v.pHolm(), e.get("pHolm"));
        }
    }

    /** Absent in the file, null here; else equal to 1e-9 relative (p-values 1e-9 absolute: SciPy and Hipparchus differ past that). */
    private static void close(String what, Double got, JsonNode expected) {
        if (expected == null) {
            assertThat(got).as(what).isNull();
            return;
        }
        assertThat(got).as(what).isNotNull();
        assertThat(got)
                .as(what)
                .isCloseTo(expected.asDouble(), within(1e-9 * Math.max(1, Math.abs(expected.asDouble()))));
    }
}
