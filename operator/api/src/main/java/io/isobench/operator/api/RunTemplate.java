package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

/** The BenchmarkRun a schedule creates at each due time: its labels and annotations, and its spec. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RunTemplate {

    @JsonPropertyDescription(
            "Labels and annotations of each run (the operator adds isobench.io/schedule=<schedule name>).")
    private RunTemplateMetadata metadata;

    @Required
    @JsonPropertyDescription(
            "The spec of each run: a BenchmarkRun spec, every rule of a run holds here. A report.baseline "
                    + "set here is used as written; left out, each run's baseline is the schedule's previous Succeeded run.")
    private BenchmarkRunSpec spec;

    public RunTemplateMetadata getMetadata() {
        return metadata;
    }

    public void setMetadata(RunTemplateMetadata metadata) {
        this.metadata = metadata;
    }

    public BenchmarkRunSpec getSpec() {
        return spec;
    }

    public void setSpec(BenchmarkRunSpec spec) {
        this.spec = spec;
    }
}
