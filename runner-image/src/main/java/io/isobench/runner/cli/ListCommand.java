package io.isobench.runner.cli;

import io.isobench.result.ResultJson;
import io.isobench.runner.plugins.PluginProviders;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** list: every target this runner can run, built-in and plugin, with its options. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = {
            "Lists every target, built-in and plugin (found on the class path), with its options.",
            "A plugin that cannot be loaded is listed with why; the others are listed all the same."
        })
final class ListCommand implements Callable<Integer> {

    @Option(
            names = "--format",
            paramLabel = "text|json",
            description = "text: for people; json: for tools (the operator). Default: ${DEFAULT-VALUE}.",
            defaultValue = "text",
            converter = FormatWords.class)
    Format format;

    /** {@code --format}: who reads the list. */
    enum Format {
        /** Aligned lines for people. */
        TEXT,
        /** One JSON document for tools. */
        JSON
    }

    static final class FormatWords extends OptionWords<Format> {
        FormatWords() {
            super(Format.class);
        }
    }

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        TargetCatalog catalog = TargetCatalog.of(
                spec.root(), PluginProviders.discover(Thread.currentThread().getContextClassLoader()));
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.JSON) {
            out.println(ResultJson.toJson(catalog));
        } else {
            printText(catalog, out);
        }
        out.flush();
        if (!catalog.pluginFailures().isEmpty()) {
            // also on stderr: a pipeline reading the JSON still sees in its log that a jar was skipped
            catalog.pluginFailures()
                    .forEach(f -> spec.commandLine().getErr().println("isobench-runner: plugin skipped: " + f));
        }
        return 0;
    }

    private static void printText(TargetCatalog catalog, PrintWriter out) {
        out.println("Built-in targets (isobench-runner NAME [options]; NAME --help says more):");
        catalog.targets().stream()
                .filter(t -> t.kind() == TargetCatalog.Kind.BUILT_IN)
                .forEach(t -> printTarget(t, out));
        out.println();
        out.println("Plugin targets (isobench-runner plugin --name NAME [--option KEY=VALUE]... [options]):");
        List<TargetCatalog.Entry> plugins = catalog.targets().stream()
                .filter(t -> t.kind() == TargetCatalog.Kind.PLUGIN)
                .toList();
        if (plugins.isEmpty()) {
            out.println("  none found (jars in ISOBENCH_PLUGIN_PATH or /opt/isobench/plugins/)");
        }
        plugins.forEach(t -> printTarget(t, out));
        if (!catalog.pluginFailures().isEmpty()) {
            out.println();
            out.println("Plugins not loaded:");
            catalog.pluginFailures().forEach(f -> out.println("  " + f));
        }
        out.println();
        out.println("Options of every target:");
        catalog.commonOptions().forEach(o -> printOption(o, out));
    }

    private static void printTarget(TargetCatalog.Entry target, PrintWriter out) {
        out.println("  " + target.name() + ": " + target.description()
                + (target.provider() == null ? "" : " [" + target.provider() + "]"));
        target.options().forEach(o -> printOption(o, out));
    }

    private static void printOption(TargetCatalog.Option option, PrintWriter out) {
        out.println("      " + option.name() + (option.value() == null ? "" : " " + option.value()) + "  "
                + option.description()
                + (option.defaultValue() == null || option.description().contains("Default:")
                        ? ""
                        : " (default: " + option.defaultValue() + ")"));
    }
}
