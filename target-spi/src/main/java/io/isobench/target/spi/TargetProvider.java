package io.isobench.target.spi;

import java.util.List;
import java.util.Map;

/**
 * How the runner finds a plugin target: a public class with a public no-argument constructor, named in the jar's
 * {@code META-INF/services/io.isobench.target.spi.TargetProvider} and found by {@link java.util.ServiceLoader} on the
 * runner's class path. {@code isobench-runner list} shows it; {@code isobench-runner plugin --name NAME --option
 * KEY=VALUE…} runs it through the harness as the built-in targets are run.
 *
 * @implSpec {@link #name()}, {@link #description()} and {@link #options()} are cheap and side-effect free: {@code list}
 *     calls them for every plugin found. The runner refuses an option not in {@link #options()} before {@link #create}
 *     is called and passes every declared option with a default, so {@code create} sees only its own keys.
 */
public interface TargetProvider {

    /** The target's name: {@code --name}'s value and result.json's {@code target} (lower case, digits and '-'). */
    String name();

    /** One line: what a run of it measures. */
    String description();

    /** The options {@link #create} takes, in the order {@code list} shows them. */
    List<TargetOption> options();

    /**
     * The target for one run, from its options (every declared default filled in, each value as given on the command
     * line). Runs on the runner's main thread before anything is measured: it may allocate, read files, and check.
     *
     * @throws TargetOptionException a value it refuses, naming the option and the value
     */
    Target create(Map<String, String> options);
}
