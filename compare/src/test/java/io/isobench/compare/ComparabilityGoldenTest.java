package io.isobench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.isobench.result.ResultJson;
import io.isobench.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What makes two runs comparable, held to comparability-cases.json (the site's comparability-golden.test.ts reads it too). */
class ComparabilityGoldenTest {

    static List<JsonNode> cases() throws IOException {
        try (InputStream in = ComparabilityGoldenTest.class.getResourceAsStream("comparability-cases.json")) {
            List<JsonNode> out = new ArrayList<>();
            new ObjectMapper().readTree(in).get("cases").forEach(out::add);
            return out;
        }
    }

    /** A partial result.json, read as the runner's format reads it (what it does not say is null). */
    private static RunResult run(JsonNode partial) {
        try {
            return ResultJson.MAPPER.treeToValue(partial, RunResult.class);
        } catch (IOException e) {
            throw new IllegalArgumentException(partial.toString(), e);
        }
    }

    @ParameterizedTest(name = "{index}")
    @MethodSource("cases")
    void listsEveryDifferenceAndSaysWhichStepsAreCompared(JsonNode c) {
        RunResult a = run(c.get("a"));
        RunResult b = run(c.get("b"));
        JsonNode expected = c.get("expected");
        List<Difference> want = new ArrayList<>();
        expected.get("differences")
                .forEach(d -> want.add(new Difference(
                        d.get("field").asText(),
                        d.get("a").asText(),
                        d.get("b").asText(),
                        d.get("decides").asBoolean())));
        assertThat(Comparability.differences(a, b)).as(c.get("name").asText()).containsExactlyElementsOf(want);
        assertThat(Comparability.comparable(Comparability.differences(a, b)))
                .isEqualTo(want.stream().noneMatch(Difference::decides));
        StepPlan plan = StepPlan.of(a, b);
        List<String> compared = new ArrayList<>();
        expected.get("compared").forEach(s -> compared.add(s.asText()));
        List<StepPlan.LeftOut> leftOut = new ArrayList<>();
        expected.get("leftOut")
                .forEach(l -> leftOut.add(new StepPlan.LeftOut(
                        l.get("step").asText(),
                        l.get("label").asText(),
                        l.get("why").asText())));
        assertThat(plan.compared()).as(c.get("name").asText()).containsExactlyElementsOf(compared);
        assertThat(plan.leftOut()).as(c.get("name").asText()).containsExactlyElementsOf(leftOut);
    }
}
