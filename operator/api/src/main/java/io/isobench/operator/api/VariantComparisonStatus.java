package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** One variant against the run's first, as the runner compared them (each load and percentile in result.json). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class VariantComparisonStatus {

    @JsonPropertyDescription("The variant compared.")
    private String variant;

    @JsonPropertyDescription("The run's first variant, which every other is compared with.")
    private String baseline;

    @JsonPropertyDescription("NoRegression (no load slower beyond the threshold), Regressed, NothingCompared or"
            + " TooFewRepetitions, by compare's decision rule.")
    private String outcome;

    @JsonPropertyDescription("One line saying it: how many comparisons, which were slower or faster.")
    private String summary;

    public VariantComparisonStatus() {}

    public VariantComparisonStatus(String variant, String baseline, String outcome, String summary) {
        this.variant = variant;
        this.baseline = baseline;
        this.outcome = outcome;
        this.summary = summary;
    }

    public String getVariant() {
        return variant;
    }

    public void setVariant(String variant) {
        this.variant = variant;
    }

    public String getBaseline() {
        return baseline;
    }

    public void setBaseline(String baseline) {
        this.baseline = baseline;
    }

    public String getOutcome() {
        return outcome;
    }

    public void setOutcome(String outcome) {
        this.outcome = outcome;
    }

    public String getSummary() {
        return summary;
    }

    public void setSummary(String summary) {
        this.summary = summary;
    }
}
