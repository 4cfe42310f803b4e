package io.isobench.runner.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.isobench.runner.plugins.PluginProviders;
import io.isobench.target.spi.TargetOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every target the runner can run, with its options: the built-in ones read from their picocli commands (so the list
 * cannot drift from what the commands take), the plugins from their providers. {@code isobench-runner list} prints it;
 * its JSON form is what the operator's {@code target.plugin} is checked against.
 *
 * @param targets        built-in targets first (in the order of {@code --help}), then plugins (in class-path order)
 * @param commonOptions  the options every target command takes (rates, steps, timing, placement, output, upload)
 * @param pluginFailures one line per plugin that could not be loaded or did not describe itself
 */
record TargetCatalog(List<Entry> targets, List<Option> commonOptions, List<String> pluginFailures) {

    /** A built-in target (a command of its own) or a plugin (run with {@code plugin --name}). */
    enum Kind {
        BUILT_IN,
        PLUGIN;

        @com.fasterxml.jackson.annotation.JsonValue
        String json() {
            return this == BUILT_IN ? "built-in" : "plugin";
        }
    }

    /**
     * One target.
     *
     * @param provider the plugin's provider class (null for a built-in target)
     * @param options  its own options: a built-in's beyond {@link #commonOptions}, a plugin's {@code --option} keys
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Entry(String name, Kind kind, String description, String provider, List<Option> options) {}

    /**
     * One option.
     *
     * @param value        what it takes, e.g. {@code LIST} (null for a flag or a plugin's option)
     * @param defaultValue its default as written (null when it has none)
     */
    record Option(String name, String value, String description, String defaultValue) {}

    static TargetCatalog of(CommandSpec root, PluginProviders plugins) {
        List<Entry> entries = new ArrayList<>();
        List<Option> common = List.of();
        for (CommandLine sub : root.subcommands().values()) {
            if (!(sub.getCommand() instanceof TargetCommand) || sub.getCommand() instanceof PluginCommand) {
                continue;
            }
            CommandSpec spec = sub.getCommandSpec();
            Set<OptionSpec> shared = Set.copyOf(spec.mixins().get("common").options());
            if (common.isEmpty()) {
                common = options(spec.mixins().get("common").options(), Set.of());
            }
            entries.add(new Entry(spec.name(), Kind.BUILT_IN, summary(spec), null, options(spec.options(), shared)));
        }
        for (PluginProviders.Found found : plugins.providers()) {
            entries.add(new Entry(
                    found.name(),
                    Kind.PLUGIN,
                    found.description(),
                    found.provider().getClass().getName(),
                    found.options().stream().map(TargetCatalog::option).toList()));
        }
        return new TargetCatalog(List.copyOf(entries), common, plugins.failures());
    }

    private static List<Option> options(List<OptionSpec> specs, Set<OptionSpec> leftOut) {
        return specs.stream()
                .filter(o -> !leftOut.contains(o) && !o.hidden() && !o.usageHelp() && !o.versionHelp())
                .map(o -> new Option(
                        o.longestName(),
                        o.arity().max() == 0 ? null : o.paramLabel(),
                        text(o.description()),
                        o.defaultValue()))
                .toList();
    }

    private static Option option(TargetOption option) {
        return new Option(option.name(), null, option.description(), option.defaultValue());
    }

    /** The one line {@code --help} shows for a command: its header, else its description's first line. */
    private static String summary(CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        return header.length > 0
                ? text(header)
                : text(new String[] {spec.usageMessage().description()[0]});
    }

    /** Description lines as help shows them: picocli formats them, so a written %% is one percent sign. */
    private static String text(String[] lines) {
        return Arrays.stream(lines)
                .map(line -> line.replace("%%", "%").replace("%n", " "))
                .collect(Collectors.joining(" "))
                .strip();
    }
}
