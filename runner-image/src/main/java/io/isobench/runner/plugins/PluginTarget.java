package io.isobench.runner.plugins;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import io.isobench.runner.harness.UsageException;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import io.isobench.target.spi.Target;
import io.isobench.target.spi.TargetOptionException;
import java.util.List;
import java.util.Map;

/**
 * A plugin's target as the harness runs it: the plugin's own, with result.json's {@code target} fixed to the name it
 * was chosen by and its config holding the options it was created with ({@code config.options}, the values as
 * given, defaults filled in), so a run says exactly what ran whatever the plugin reports of itself.
 */
public final class PluginTarget implements Target {

    private final Target plugin;
    private final String name;
    private final Map<String, String> options;

    private PluginTarget(Target plugin, String name, Map<String, String> options) {
        this.plugin = plugin;
        this.name = name;
        this.options = options;
    }

    /**
     * Creates {@code found}'s target from the options given on the command line ({@code --option KEY=VALUE}); an option
     * it does not declare or a value it refuses is a usage error naming the option and the value.
     */
    public static PluginTarget create(PluginProviders.Found found, Map<String, String> given) {
        Map<String, String> options = PluginProviders.resolve(found, given);
        Target target;
        try {
            target = found.provider().create(Map.copyOf(options));
        } catch (TargetOptionException e) {
            throw new UsageException("--option '" + e.option() + "=" + e.value() + "': " + e.reason());
        } catch (IllegalArgumentException e) {
            throw new UsageException(
                    "--option " + options + ": plugin '" + found.name() + "' refused them: " + e.getMessage());
        }
        if (target == null) {
            throw new IllegalStateException("plugin '" + found.name() + "' ("
                    + found.provider().getClass().getName() + ") created no target");
        }
        return new PluginTarget(target, found.name(), options);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<String> variants() {
        return plugin.variants();
    }

    @Override
    public String senderRole() {
        return plugin.senderRole();
    }

    @Override
    public List<String> threadRoles() {
        return plugin.threadRoles();
    }

    @Override
    public LatencyMeasure measure(LoadMode mode) {
        return plugin.measure(mode);
    }

    @Override
    public String label(Load load) {
        return plugin.label(load);
    }

    @Override
    public Map<String, Object> options() {
        return Map.of("options", options);
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        return plugin.open(context);
    }
}
