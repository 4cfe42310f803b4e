package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** One environment variable. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class EnvEntry {

    @Required
    @Size(max = 128)
    @Pattern("^[A-Za-z_][A-Za-z0-9_]{0,127}$")
    @JsonPropertyDescription("Variable name (letters, digits, underscore; not starting with a digit).")
    private String name;

    @Size(max = 4096)
    @JsonPropertyDescription("Variable value.")
    private String value;

    public EnvEntry() {}

    public EnvEntry(String name, String value) {
        this.name = name;
        this.value = value;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getValue() {
        return value;
    }

    public void setValue(String value) {
        this.value = value;
    }
}
