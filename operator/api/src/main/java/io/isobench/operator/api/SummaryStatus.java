package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** The headline step, formatted for `kubectl get br`. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class SummaryStatus {

    @JsonPropertyDescription("The step the printer columns show: the OK step at the highest load of the first variant.")
    private String step;

    @JsonPropertyDescription("Its merged p50, human units (e.g. 463ns, 2.1us).")
    private String p50;

    @JsonPropertyDescription("Its merged p99, human units.")
    private String p99;

    public SummaryStatus() {}

    public SummaryStatus(String step, String p50, String p99) {
        this.step = step;
        this.p50 = p50;
        this.p99 = p99;
    }

    public String getStep() {
        return step;
    }

    public void setStep(String step) {
        this.step = step;
    }

    public String getP50() {
        return p50;
    }

    public void setP50(String p50) {
        this.p50 = p50;
    }

    public String getP99() {
        return p99;
    }

    public void setP99(String p99) {
        this.p99 = p99;
    }
}
