package io.isobench.runner.cli;

import io.isobench.runner.harness.ForkedVariant;
import io.isobench.runner.harness.RunnerInstallation;
import io.isobench.runner.harness.UsageException;
import io.isobench.target.spi.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A run's {@code --variant NAME=ARGS} option sets (docs/contracts.md § Variants): parsed, checked before anything runs,
 * and each turned into the command of the JVMs that run it. ARGS are the command's own options (they override the
 * command's), {@code --jvm-option=FLAG}s and at most one {@code --installation=DIR} (another image's runner to start
 * the variant's JVMs from), separated by whitespace; the common options (the sweep, its timing, output, upload) must be
 * the same for every variant, so they are refused inside ARGS.
 */
final class OptionSetVariants {

    static final String JVM_OPTION = "--jvm-option";

    static final String INSTALLATION = "--installation";

    /** Names become step ids (NAME_rate-10000) and file names: no '_', which separates the variant from the load. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");

    /**
     * JVM options that run commands, load agents or native code, replace JDK classes or read options from a file —
     * the operator's admission refuses these in spec.runner.jvmOptions — and those that would change what the fork runs.
     */
    private static final List<String> REFUSED_JVM_PREFIXES = List.of(
            "-XX:On",
            "-javaagent",
            "-agentpath",
            "-agentlib",
            "-Xrun",
            "-Xbootclasspath",
            "-XX:Flags=",
            "-XX:VMOptionsFile=",
            "@");

    private static final Set<String> REFUSED_JVM_OPTIONS =
            Set.of("-cp", "-classpath", "--class-path", "-jar", "-m", "--module", "-p", "--module-path");

    /**
     * One option set.
     *
     * @param name            its name, which its steps carry as their variant
     * @param given           NAME=ARGS as given
     * @param jvmOptions      its --jvm-option flags
     * @param targetArguments its other tokens, options of the command with their values
     * @param installation    its --installation: the runner its JVMs start from (null: this one)
     */
    record OptionSet(
            String name,
            String given,
            List<String> jvmOptions,
            List<String> targetArguments,
            RunnerInstallation installation) {}

    private final List<OptionSet> sets;
    private final Map<String, ForkedVariant> children;

    private OptionSetVariants(List<OptionSet> sets, Map<String, ForkedVariant> children) {
        this.sets = List.copyOf(sets);
        this.children = Map.copyOf(children);
    }

    /**
     * @param values        the --variant values, or null when none was given
     * @param spec          the command's spec (which options it has, which are common)
     * @param target        the target as the command's options make it
     * @param forked        whether variants run in JVMs of their own (--fork auto)
     * @param forkArguments the command's arguments as a child inherits them (without --variant)
     */
    static OptionSetVariants parse(
            List<String> values, CommandSpec spec, Target target, boolean forked, List<String> forkArguments) {
        if (values == null || values.isEmpty()) {
            return new OptionSetVariants(List.of(), Map.of());
        }
        String first = values.getFirst();
        if (values.size() == 1) {
            throw new UsageException("--variant '" + first + "': give at least two (the first is the baseline the "
                    + "others are compared with; the same ARGS twice measure the node's noise)");
        }
        if (!forked) {
            throw new UsageException("--fork 'none': --variant runs each variant in JVMs of its own; use --fork auto");
        }
        if (target.variants().size() > 1) {
            throw new UsageException(
                    "--variant '" + first + "': " + target.name() + " already runs variants of its own "
                            + target.variants() + "; give it one to compare option sets");
        }
        Set<String> common = spec.mixins().get("common").options().stream()
                .flatMap(o -> java.util.Arrays.stream(o.names()))
                .collect(Collectors.toSet());
        List<OptionSet> sets = new ArrayList<>();
        Map<String, ForkedVariant> children = new LinkedHashMap<>();
        for (String value : values) {
            OptionSet set = parseOne(value, spec, common);
            if (children.containsKey(set.name())) {
                throw new UsageException("--variant '" + value + "': the name '" + set.name()
                        + "' is given twice; each variant needs its own");
            }
            List<String> arguments = childArguments(set, forkArguments, spec);
            check(value, arguments);
            sets.add(set);
            children.put(set.name(), new ForkedVariant(set.jvmOptions(), arguments, set.installation()));
        }
        return new OptionSetVariants(sets, children);
    }

    boolean isEmpty() {
        return sets.isEmpty();
    }

    /** The variants' names, the baseline first. */
    List<String> names() {
        return sets.stream().map(OptionSet::name).toList();
    }

    /** Each variant's JVM flags and arguments, by name. */
    Function<String, ForkedVariant> children() {
        return children::get;
    }

    /**
     * For result.json's config: each variant's ARGS by name. A -D property's value is not recorded: JVM options are the
     * run author's and may hold a secret, and the file is published; the flags that are compared (-XX:…) are.
     */
    Map<String, String> describe() {
        Map<String, String> out = new LinkedHashMap<>();
        for (OptionSet set : sets) {
            List<String> shown = new ArrayList<>();
            set.jvmOptions().stream()
                    .map(f -> f.startsWith("-D") && f.contains("=")
                            ? f.substring(0, f.indexOf('=') + 1) + "(not recorded)"
                            : f)
                    .forEach(f -> shown.add(JVM_OPTION + "=" + f));
            shown.addAll(set.targetArguments());
            if (set.installation() != null) {
                shown.add(INSTALLATION + "=" + set.installation().describe());
            }
            out.put(set.name(), String.join(" ", shown));
        }
        return out;
    }

    private static OptionSet parseOne(String value, CommandSpec spec, Set<String> common) {
        int eq = value.indexOf('=');
        if (eq < 0) {
            throw new UsageException("--variant '" + value + "': write NAME=ARGS, e.g. zgc=--jvm-option=-XX:+UseZGC");
        }
        String name = value.substring(0, eq);
        if (!NAME.matcher(name).matches()) {
            throw new UsageException("--variant '" + value + "': the name '" + name
                    + "' must be lower-case letters, digits and '-' (at most 32, starting with a letter or digit): "
                    + "it names the steps");
        }
        String args = value.substring(eq + 1).strip();
        List<String> tokens = args.isEmpty() ? List.of() : List.of(args.split("\\s+"));
        List<String> jvm = new ArrayList<>();
        List<String> targetArguments = new ArrayList<>();
        RunnerInstallation installation = null;
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            String optionName = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
            if (optionName.equals(JVM_OPTION)) {
                jvm.add(jvmOption(value, token));
                continue;
            }
            if (optionName.equals(INSTALLATION)) {
                if (installation != null) {
                    throw new UsageException("--variant '" + value + "': " + INSTALLATION + " is given twice");
                }
                installation = installation(value, token);
                continue;
            }
            OptionSpec option = token.startsWith("-") ? spec.findOption(optionName) : null;
            if (option == null) {
                throw new UsageException("--variant '" + value + "': '" + token + "' is not an option of " + spec.name()
                        + " (ARGS are its own options, --jvm-option=FLAG and --installation=DIR)");
            }
            if (common.contains(optionName) || option.usageHelp() || option.versionHelp()) {
                throw new UsageException("--variant '" + value + "': " + optionName
                        + " must be the same for every variant; give it once, outside --variant");
            }
            targetArguments.add(token);
            if (!token.contains("=") && option.arity().max() > 0) {
                if (i + 1 >= tokens.size()) {
                    throw new UsageException("--variant '" + value + "': " + optionName + " needs a value");
                }
                targetArguments.add(tokens.get(++i));
            }
        }
        return new OptionSet(name, value, jvm, targetArguments, installation);
    }

    /** {@code --installation=DIR}: another image's runner, copied into DIR; read now, so a bad one is refused at once. */
    private static RunnerInstallation installation(String value, String token) {
        String dir = token.startsWith(INSTALLATION + "=") ? token.substring(INSTALLATION.length() + 1) : "";
        if (dir.isEmpty()) {
            throw new UsageException("--variant '" + value + "': '" + token + "': write " + INSTALLATION
                    + "=DIR, a runner copied by isobench-runner installation --copy-to DIR");
        }
        try {
            return RunnerInstallation.read(Path.of(dir).toAbsolutePath().normalize());
        } catch (UsageException e) {
            throw new UsageException("--variant '" + value + "': " + e.getMessage());
        }
    }

    private static String jvmOption(String value, String token) {
        String flag = token.startsWith(JVM_OPTION + "=") ? token.substring(JVM_OPTION.length() + 1) : "";
        if (!flag.startsWith("-")) {
            throw new UsageException(
                    "--variant '" + value + "': '" + token + "': write " + JVM_OPTION + "=FLAG, e.g. -XX:+UseZGC");
        }
        if (REFUSED_JVM_OPTIONS.contains(flag) || REFUSED_JVM_PREFIXES.stream().anyMatch(flag::startsWith)) {
            throw new UsageException(
                    "--variant '" + value + "': JVM option '" + flag + "' is refused: options that run "
                            + "commands, load agents or native code, replace JDK classes, read options from a file or change the class "
                            + "path or main class");
        }
        return flag;
    }

    /** The command's arguments without the options the set gives (those are the set's), then the set's, then its name. */
    private static List<String> childArguments(OptionSet set, List<String> forkArguments, CommandSpec spec) {
        Set<OptionSpec> given = set.targetArguments().stream()
                .filter(t -> t.startsWith("-"))
                .map(t -> spec.findOption(t.contains("=") ? t.substring(0, t.indexOf('=')) : t))
                .filter(o -> o != null)
                .collect(Collectors.toSet());
        List<String> out = new ArrayList<>();
        for (int i = 0; i < forkArguments.size(); i++) {
            String arg = forkArguments.get(i);
            OptionSpec option = arg.startsWith("-")
                    ? spec.findOption(arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg)
                    : null;
            if (option != null && given.contains(option)) {
                if (!arg.contains("=") && option.arity().max() > 0) {
                    i++;
                }
                continue;
            }
            out.add(arg);
        }
        out.addAll(set.targetArguments());
        out.addAll(List.of("--as-variant", set.name()));
        return out;
    }

    /** A child that would refuse its arguments is refused now, before any variant runs, naming the variant. */
    private static void check(String value, List<String> arguments) {
        CommandLine cli = new CommandLine(new RunnerMain());
        try {
            CommandLine.ParseResult parsed = cli.parseArgs(arguments.toArray(String[]::new));
            if (parsed.subcommand() != null
                    && parsed.subcommand().commandSpec().userObject() instanceof TargetCommand command) {
                command.target();
            }
        } catch (CommandLine.ParameterException | UsageException e) {
            throw new UsageException("--variant '" + value + "': " + e.getMessage());
        }
    }
}
