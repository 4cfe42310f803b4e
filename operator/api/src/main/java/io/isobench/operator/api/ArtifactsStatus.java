package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** Where the run's files are. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ArtifactsStatus {

    @JsonPropertyDescription("Object-store bucket.")
    private String bucket;

    @JsonPropertyDescription("Prefix of this run's objects: runs/<namespace>/<name>/<uid>/.")
    private String prefix;

    @JsonPropertyDescription("Key of the result.json the status was read from.")
    private String result;

    @JsonPropertyDescription("Where the run is shown on the report site, when published.")
    private String site;

    public String getBucket() {
        return bucket;
    }

    public void setBucket(String bucket) {
        this.bucket = bucket;
    }

    public String getPrefix() {
        return prefix;
    }

    public void setPrefix(String prefix) {
        this.prefix = prefix;
    }

    public String getResult() {
        return result;
    }

    public void setResult(String result) {
        this.result = result;
    }

    public String getSite() {
        return site;
    }

    public void setSite(String site) {
        this.site = site;
    }
}
