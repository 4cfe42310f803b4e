package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/** The runner container. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class RunnerSpec {

    @Pattern("^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$")
    @JsonPropertyDescription("Runner image override; default: the operator's configured runner image.")
    private String image;

    @Size(max = 32)
    @ValidationRule(value = "self.all(o, size(o) <= 256 && o.startsWith('-'))", message = "each JVM option must start with '-' and be at most 256 characters")
    @JsonPropertyDescription("Extra JVM options for the runner, appended last (e.g. [\"-XX:+UseZGC\"]).")
    private List<String> jvmOptions;

    @Size(max = 32)
    @ValidationRule(value = "self.all(e, !e.name.startsWith('ISOBENCH_'))", message = "names starting with ISOBENCH_ are reserved for the operator")
    @ValidationRule(value = "self.all(e, self.filter(x, x.name == e.name).size() == 1)", message = "must not set a variable twice")
    @JsonPropertyDescription("Extra environment variables for the runner container. Values are never published to the report site.")
    private List<EnvEntry> env;

    public String getImage() {
        return image;
    }

    public void setImage(String image) {
        this.image = image;
    }

    public List<String> getJvmOptions() {
        return jvmOptions;
    }

    public void setJvmOptions(List<String> jvmOptions) {
        this.jvmOptions = jvmOptions;
    }

    public List<EnvEntry> getEnv() {
        return env;
    }

    public void setEnv(List<EnvEntry> env) {
        this.env = env;
    }
}
