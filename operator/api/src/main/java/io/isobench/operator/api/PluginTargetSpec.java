package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Map;

/**
 * A user's own target: a {@code Target} of the harness SPI in a jar the runner finds with {@code ServiceLoader}
 * (docs/target-spi.md), run as {@code isobench-runner plugin --name NAME --option KEY=VALUE…}. The jar is in the runner
 * image: the user's, built FROM the runner image and admitted by the installation's allowlist (spec.runner.image), or
 * the installation's default image when it carries the plugin.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class PluginTargetSpec {

    /** A plugin's name as the runner looks it up: lower case, digits and inner dashes, a DNS label. */
    static final String NAME = "^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$";

    /**
     * The built-in targets' names (their runner sub-commands): a plugin named like one would publish results the site
     * files under the built-in's name. TargetProfilesTest holds this list to the profiles.
     */
    public static final String BUILT_IN = "['dispatch', 'udp-echo', 'tcp-echo', 'rsocket', 'http-mock', 'http', 'ipc']";

    /** An option's key as the runner's {@code --option KEY=VALUE} takes it: no '=' and no blank. */
    static final String KEY = "^[A-Za-z][A-Za-z0-9._-]{0,63}$";

    /** An option's value: any text without control characters (it travels in the argument file, one word). */
    static final String VALUE_OK = "!self[k].matches(r'[\\x00-\\x1f\\x7f]')";

    @Required
    @Pattern(NAME)
    @ValidationRule(
            value = "!(self in " + BUILT_IN + ")",
            message = "names a built-in target: set that target's own field of spec.target instead",
            messageExpression = "'is ' + self + ', a built-in target: set that target\\'s own field of spec.target'")
    @JsonPropertyDescription(
            "The plugin's name, as `isobench-runner list` shows it (lower case letters, digits and inner dashes; not a"
                    + " built-in target's name). The runner image must carry the plugin: set spec.runner.image to your image"
                    + " built FROM the runner image (docs/target-spi.md), one the installation allows.")
    private String name;

    @Size(max = 32)
    @ValidationRule(
            value = "self.all(k, k.matches(r'" + KEY + "'))",
            message = "each option key is a letter, then letters, digits, '.', '_' or '-', at most 64 characters",
            messageExpression =
                    "'option ' + self.filter(k, !k.matches(r'" + KEY + "'))[0]"
                            + " + ': the key is a letter, then letters, digits, \\'.\\', \\'_\\' or \\'-\\', at most 64 characters'")
    @ValidationRule(
            value = "self.all(k, " + VALUE_OK + ")",
            message = "each option value must be text without control characters (no line breaks or tabs)",
            messageExpression = "'option ' + self.filter(k, !(" + VALUE_OK + "))[0]"
                    + " + ': the value must be text without control characters (no line breaks or tabs)'")
    @JsonPropertyDescription(
            "The plugin's options, key → value (at most 32; a value at most 1024 characters), as `isobench-runner list`"
                    + " shows them; the plugin refuses unknown ones, and the run fails naming the option. They are recorded in"
                    + " result.json's config and published on the site like every target's options: no secrets here (use"
                    + " spec.runner.env, never published).")
    // each value's maxLength also bounds the API server's estimated cost of the rules above
    private Map<String, @Size(max = 1024) String> options;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Map<String, String> getOptions() {
        return options;
    }

    public void setOptions(Map<String, String> options) {
        this.options = options;
    }
}
