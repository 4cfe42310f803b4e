package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Map;

/**
 * One option set of an A/B (or A/A) run: its own JVM options and its own values of the target's options, measured in
 * JVMs of its own in rounds interleaved with the other variants' on the same node and CPUs, then compared with the
 * first variant by compare's decision rule. The JVM options are the author's: refused as spec.runner.jvmOptions are;
 * so is an image, which must be one the installation allows.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class VariantSpec {

    @Required
    @Size(max = 32)
    @Pattern("^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$")
    @JsonPropertyDescription("The variant's name: lower-case letters, digits and '-', at most 32; it names its steps"
            + " (<name>_rate-10000) and its line in the comparison.")
    private String name;

    @Size(max = 32)
    @ValidationRule(value = "self.all(o, !(" + RunnerSpec.NOT_ONE_TOKEN + "))", message = RunnerSpec.ONE_TOKEN_MESSAGE)
    @ValidationRule(value = "self.all(o, !(" + RunnerSpec.RUNS_CODE + "))", message = RunnerSpec.RUNS_CODE_MESSAGE)
    @JsonPropertyDescription("JVM options of this variant's JVMs only, after spec.runner.jvmOptions (which every JVM"
            + " gets), e.g. [\"-XX:+UseZGC\"]; refused as spec.runner.jvmOptions are. Never published.")
    private List<@Size(max = 256) String> jvmOptions;

    @Size(max = 16)
    @ValidationRule(
            value = "self.all(k, k.matches('^[a-z][A-Za-z0-9]{0,63}$'))",
            message = "names are the fields of spec.target.<kind>, e.g. messageBytes")
    @ValidationRule(
            value = "self.all(k, self[k].matches('^[^\\\\s]*$'))",
            message = "a value holds no whitespace (the runner reads a variant's options as one line of words)")
    @JsonPropertyDescription("This variant's values of the target's options, by their names in spec.target.<kind>"
            + " (e.g. messageBytes: \"1024\" for tcpEcho, connections: \"32\" for http): they replace the run's for this"
            + " variant's load generator; a server isobench starts keeps the run's. An option the target does not have,"
            + " or a value it refuses, fails the run when it is validated, naming it.")
    private Map<String, @Size(max = 256) String> options;

    @Pattern("^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$")
    @JsonPropertyDescription("This variant's runner image, e.g. the next build of your plugin's image against the"
            + " current one: built FROM the runner image as spec.runner.image is, and admitted only if the installation"
            + " allows it as it allows spec.runner.image. An init container copies its runner (Java runtime, jars,"
            + " plugins) into the client's pod, and this variant's JVMs start from that copy on the client's CPUs,"
            + " interleaved with the other variants', with the run's JVM options and this variant's. Default: the run's"
            + " image. A server isobench starts keeps the run's image.")
    private String image;

    public VariantSpec() {}

    public VariantSpec(String name, List<String> jvmOptions, Map<String, String> options) {
        this.name = name;
        this.jvmOptions = jvmOptions;
        this.options = options;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public List<String> getJvmOptions() {
        return jvmOptions;
    }

    public void setJvmOptions(List<String> jvmOptions) {
        this.jvmOptions = jvmOptions;
    }

    public Map<String, String> getOptions() {
        return options;
    }

    public void setOptions(Map<String, String> options) {
        this.options = options;
    }

    public String getImage() {
        return image;
    }

    public void setImage(String image) {
        this.image = image;
    }
}
