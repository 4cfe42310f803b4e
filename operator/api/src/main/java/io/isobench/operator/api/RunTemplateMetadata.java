package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.Map;

/** What of a run's metadata a schedule's template may set; the name, namespace and owner are the operator's. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RunTemplateMetadata {

    @JsonPropertyDescription("Labels of each run.")
    private Map<String, String> labels;

    @JsonPropertyDescription("Annotations of each run.")
    private Map<String, String> annotations;

    public Map<String, String> getLabels() {
        return labels;
    }

    public void setLabels(Map<String, String> labels) {
        this.labels = labels;
    }

    public Map<String, String> getAnnotations() {
        return annotations;
    }

    public void setAnnotations(Map<String, String> annotations) {
        this.annotations = annotations;
    }
}
