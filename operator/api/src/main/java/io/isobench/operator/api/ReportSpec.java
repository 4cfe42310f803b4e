package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Map;

/** How the run appears on the report site. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
        value = "!has(self.seriesLabels) || self.seriesLabels.all(k, has(self.labels) && k in self.labels)",
        fieldPath = ".seriesLabels",
        message = "each must be a key of labels (the series are split by those labels' values)")
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

    @Size(max = 8)
    @JsonPropertyDescription("Keys of labels that split the run's series on the report site: runs of one benchmark (one"
            + " target, configuration and kind of machine) whose values of these labels differ are series of their own,"
            + " e.g. [branch] keeps the nightly runs of main and of release-1.2 apart. Left out: labels split nothing."
            + " Each must be a key of labels.")
    private List<@Size(max = 63) String> seriesLabels;

    public Map<String, String> getLabels() {
        return labels;
    }

    public void setLabels(Map<String, String> labels) {
        this.labels = labels;
    }

    public List<String> getSeriesLabels() {
        return seriesLabels;
    }

    public void setSeriesLabels(List<String> seriesLabels) {
        this.seriesLabels = seriesLabels;
    }

    public String getBaseline() {
        return baseline;
    }

    public void setBaseline(String baseline) {
        this.baseline = baseline;
    }
}
