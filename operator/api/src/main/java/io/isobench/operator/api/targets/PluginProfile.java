package io.isobench.operator.api.targets;

import io.isobench.operator.api.PluginTargetSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A user's own target, found by name among the runner image's plugins: measured inside the client's container, no server
 * role; the CPUs it takes are the client's (placement.client.cpus: one for the rig's sender, one per thread of the
 * plugin's, as {@code isobench-runner list} shows them).
 */
public record PluginProfile(PluginTargetSpec options) implements TargetProfile {

    @Override
    public String runnerName() {
        return "plugin";
    }

    /** The plugin's own name: result.json's target, the status and the site show it, not the sub-command. */
    @Override
    public String targetName() {
        return options.getName();
    }

    /**
     * A plugin may name several variants (as quote-codec's buffers=direct,heap), each measured in forked JVMs beside the
     * runner's: the operator cannot know, so the container's default memory holds one.
     */
    @Override
    public int extraClientJvms() {
        return 1;
    }

    /** The options in key order, so the argument file does not depend on the map's order. */
    @Override
    public List<String> clientOptions() {
        var args = new ArrayList<>(List.of("--name", options.getName()));
        if (options.getOptions() != null) {
            options.getOptions().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(o -> args.addAll(List.of("--option", o.getKey() + "=" + o.getValue())));
        }
        return args;
    }
}
