package io.isobench.runner.plugins;

import io.isobench.runner.harness.UsageException;
import io.isobench.target.spi.TargetOption;
import io.isobench.target.spi.TargetProvider;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The plugin targets on the runner's class path, found by {@link ServiceLoader}. A plugin jar is the author's code
 * and not trusted to be well made: a provider that cannot be loaded, or whose name, description or options throw, is
 * kept as a failure naming it and the error, never allowed to stop the others from being listed or run.
 *
 * @param providers the providers that answered, in class-path order
 * @param failures  one line per provider that did not: which one and why
 */
public record PluginProviders(List<Found> providers, List<String> failures) {

    /** How many broken entries a class path may hold before the search stops (ServiceLoader's recovery is best effort). */
    private static final int MOST_FAILURES = 100;

    /** A provider and what it said about itself, read once so a provider that answers differently later is not asked again. */
    public record Found(TargetProvider provider, String name, String description, List<TargetOption> options) {}

    /** The providers visible to {@code loader}. */
    public static PluginProviders discover(ClassLoader loader) {
        List<Found> found = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Iterator<TargetProvider> it =
                ServiceLoader.load(TargetProvider.class, loader).iterator();
        while (failures.size() < MOST_FAILURES) {
            TargetProvider provider;
            try {
                if (!it.hasNext()) {
                    break;
                }
                provider = it.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                failures.add("a plugin could not be loaded: " + e.getMessage());
                continue;
            }
            try {
                Found one =
                        new Found(provider, provider.name(), provider.description(), List.copyOf(provider.options()));
                if (one.name() == null || !one.name().matches("[a-z0-9][a-z0-9-]*")) {
                    failures.add(provider.getClass().getName() + ": name '" + one.name()
                            + "' is not lower-case letters, digits and '-'");
                } else {
                    found.add(one);
                }
            } catch (RuntimeException | LinkageError e) {
                failures.add(provider.getClass().getName() + " did not describe itself: " + e);
            }
        }
        return new PluginProviders(List.copyOf(found), List.copyOf(failures));
    }

    /** Names of the providers found, for messages. */
    public List<String> names() {
        return providers.stream().map(Found::name).toList();
    }

    /** The provider named {@code name}, or a usage error naming it and listing the plugins found. */
    public Found named(String name) {
        List<Found> matching =
                providers.stream().filter(f -> f.name().equals(name)).toList();
        if (matching.isEmpty()) {
            throw new UsageException("--name '" + name + "': no plugin target of that name (plugins found: "
                    + (providers.isEmpty() ? "none" : String.join(", ", names()))
                    + (failures.isEmpty() ? "" : "; not loaded: " + String.join("; ", failures))
                    + ")");
        }
        if (matching.size() > 1) {
            throw new UsageException("--name '" + name + "': " + matching.size() + " plugins give that name ("
                    + String.join(
                            ", ",
                            matching.stream()
                                    .map(f -> f.provider().getClass().getName())
                                    .toList())
                    + "): keep one jar of them on the class path");
        }
        return matching.getFirst();
    }

    /**
     * The options {@code found} is created with: every option given, checked to be one it declares, then the defaults of
     * the others. A key it does not declare is a usage error naming it, the value and the options it takes.
     */
    public static Map<String, String> resolve(Found found, Map<String, String> given) {
        Map<String, String> resolved = new LinkedHashMap<>();
        List<String> declared = found.options().stream().map(TargetOption::name).toList();
        given.forEach((key, value) -> {
            if (!declared.contains(key)) {
                throw new UsageException("--option '" + key + "=" + value + "': plugin '" + found.name()
                        + "' has no option '" + key + "' (its options: "
                        + (declared.isEmpty() ? "none" : String.join(", ", declared)) + ")");
            }
        });
        for (TargetOption option : found.options()) {
            String value = given.containsKey(option.name()) ? given.get(option.name()) : option.defaultValue();
            if (value != null) {
                resolved.put(option.name(), value);
            }
        }
        return resolved;
    }
}
