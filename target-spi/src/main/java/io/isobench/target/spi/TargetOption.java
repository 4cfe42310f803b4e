package io.isobench.target.spi;

/**
 * One option a {@link TargetProvider} takes, as {@code isobench-runner list} shows it and {@code --option KEY=VALUE}
 * sets it.
 *
 * @param name         the key, e.g. {@code payload-bytes}
 * @param description  one line: what it sets and its unit
 * @param defaultValue the value when the option is not given, or null when the option has none
 */
public record TargetOption(String name, String description, String defaultValue) {

    public TargetOption {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IllegalArgumentException(
                    "option name '" + name + "': letters, digits, '.', '_' and '-', starting with a letter or digit");
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("option '" + name + "': needs a description");
        }
    }
}
