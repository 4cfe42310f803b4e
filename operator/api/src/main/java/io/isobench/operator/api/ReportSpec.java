package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Map;

/** How the run appears on the report site. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ReportSpec {

    @Size(max = 16)
    @ValidationRule(
            value = "self.all(k, size(k) <= 63 && k.matches('^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$'))",
            message =
                    "label keys must be 1-63 characters: letters, digits, '-', '_', '.', starting and ending alphanumeric")
    @ValidationRule(value = "self.all(k, size(self[k]) <= 63)", message = "label values must be at most 63 characters")
    @JsonPropertyDescription(
            "Labels to filter and group runs by on the report site (e.g. build: 1.4.2, team: latency).")
    private Map<String, String> labels;

    @Pattern("^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$")
    @JsonPropertyDescription("Name of another BenchmarkRun in this namespace to compare with on the report site.")
    private String baseline;

    public Map<String, String> getLabels() {
        return labels;
    }

    public void setLabels(Map<String, String> labels) {
        this.labels = labels;
    }

    public String getBaseline() {
        return baseline;
    }

    public void setBaseline(String baseline) {
        this.baseline = baseline;
    }
}
