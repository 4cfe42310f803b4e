package io.isobench.runner.cli;

import io.isobench.result.RunResult;
import io.isobench.runner.harness.AllocationCheck;
import io.isobench.runner.plugins.PluginProviders;
import io.isobench.runner.plugins.PluginTarget;
import io.isobench.target.spi.Target;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** plugin: a target of the user's own, found by ServiceLoader on the class path, run through the same harness. */
@Command(
        name = "plugin",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        header = "A target of your own (a TargetProvider on the class path), run as the built-in ones are.",
        description = {
            "Runs the plugin target --name (isobench-runner list shows those found) with its --option KEY=VALUE settings:",
            "the same sweep, tables, result.json (target: the name; config.options: its options) and verdicts, and a check",
            "that its measured threads allocate nothing per message. Plugins are jars on the class path: ISOBENCH_PLUGIN_PATH",
            "or /opt/isobench/plugins/ (docs/target-spi.md)."
        })
final class PluginCommand extends TargetCommand {

    @Option(
            names = "--name",
            required = true,
            paramLabel = "NAME",
            description = "The plugin target to run, as isobench-runner list names it.")
    String name;

    @Option(
            names = "--option",
            paramLabel = "KEY=VALUE",
            description = "One of the plugin's options (repeat for more); the others take their defaults.")
    Map<String, String> options = new LinkedHashMap<>();

    @Override
    Target target() {
        PluginProviders plugins =
                PluginProviders.discover(Thread.currentThread().getContextClassLoader());
        return PluginTarget.create(plugins.named(name), options);
    }

    @Override
    String defaultRates() {
        return "10k";
    }

    /** Every plugin gets the zero-allocation check: a hot path that allocates is said, with its figures. */
    @Override
    void judged(RunResult result, PrintWriter out) {
        List<String> allocating = AllocationCheck.allocatingSteps(result);
        if (allocating.isEmpty()) {
            out.println("allocation: none per message on the measured threads in any step");
        } else {
            allocating.forEach(line -> out.println("allocation: " + line));
        }
    }
}
