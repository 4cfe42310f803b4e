package io.isobench.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The golden cases both implementations of the decision rule are checked against (golden-cases.json, written by
 * scripts/compare-golden-cases.py from SciPy's figures; the site's reports-site/test/decision-golden.test.ts reads the same file).
 */
public final class GoldenCases {

    public static final String RESOURCE = "golden-cases.json";

    private GoldenCases() {}

    /** One family of comparisons: its inputs and what the rule must say. */
    public record Case(String name, double threshold, List<PercentileSample> samples, JsonNode expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    public static JsonNode file() {
        try (InputStream in = GoldenCases.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from compare's test resources");
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Case> all() {
        List<Case> cases = new ArrayList<>();
        for (JsonNode c : file().get("cases")) {
            List<PercentileSample> samples = new ArrayList<>();
            for (JsonNode s : c.get("samples")) {
                samples.add(new PercentileSample(
                        s.get("step").asText(), s.get("percentile").asText(), values(s.get("a")), values(s.get("b"))));
            }
            cases.add(new Case(c.get("name").asText(), c.get("threshold").asDouble(), samples, c.get("expected")));
        }
        return cases;
    }

    private static List<Double> values(JsonNode array) {
        List<Double> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asDouble()));
        return out;
    }
}
