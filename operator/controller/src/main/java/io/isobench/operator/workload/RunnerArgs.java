package io.isobench.operator.workload;

import io.fabric8.kubernetes.api.model.IntOrString;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.LoadSpec;
import io.isobench.operator.api.targets.NetworkServer;
import io.isobench.operator.api.targets.TargetProfile;
import io.isobench.operator.api.targets.TargetProfiles;
import io.isobench.operator.config.OperatorConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The runner command line for a spec, written one token per line ({@link #file}) into the argument file the container
 * reads with {@code isobench-runner @/etc/isobench/args} (picocli's @file). isobench's credentials are never here:
 * the runner reads them from its environment (docs/contracts.md); an http header's value the run's author wrote in the
 * spec is, as readable as the spec itself.
 */
public final class RunnerArgs {

    public static final String RESULTS_DIR = "/results/run";
    public static final int METRICS_PORT = 9404;
    /** Where load part 0 listens for the other load pods (load.parallelism above 1). */
    public static final int PARTS_PORT = 7100;

    /** What picocli's @file would split, unquote or drop (whitespace, quotes, backslash, '#'), or an empty argument. */
    private static final Pattern NEEDS_QUOTES = Pattern.compile("[\\s\"'\\\\#]|^$");

    private RunnerArgs() {}

    /**
     * The measuring side: the target's sub-command with the load, target options and upload settings. A null
     * serverAddress for a client/server target means the runner starts the server itself (a separate JVM on its CPUs);
     * a target at the user's own endpoint is told that endpoint, whatever serverAddress says.
     */
    public static List<String> client(
            BenchmarkRunSpec spec, OperatorConfig config, String uploadPrefix, String serverAddress) {
        var args = measuring(spec, serverAddress);
        if (spec.getLoad().loadPods() > 1) {
            // load part 0: it coordinates the other load pods, which reach it at its pod's address
            args.addAll(List.of("--part", "0", "--coordinator", "0.0.0.0:" + PARTS_PORT));
        }
        if (config.hasStore()) {
            args.addAll(List.of(
                    "--upload-endpoint",
                    config.store().endpoint().toString(),
                    "--upload-bucket",
                    config.store().bucket(),
                    "--upload-prefix",
                    uploadPrefix,
                    "--upload-deadline",
                    seconds(config.timing().uploadDeadline().toSeconds())));
        }
        return args;
    }

    /**
     * A load pod other than the first (load.parallelism above 1): the same command as load part 0's, so the runner finds
     * their configurations equal, with its own part and part 0's address; it uploads nothing (part 0 writes the result).
     *
     * @param coordinator load part 0's pod IP
     */
    public static List<String> loadPart(BenchmarkRunSpec spec, String serverAddress, int part, String coordinator) {
        var args = measuring(spec, serverAddress);
        args.addAll(List.of("--part", String.valueOf(part), "--coordinator", coordinator + ":" + PARTS_PORT));
        return args;
    }

    /** What every measuring pod runs: the target's sub-command, the load, the target's options, where its server is. */
    private static List<String> measuring(BenchmarkRunSpec spec, String serverAddress) {
        TargetProfile target = TargetProfiles.of(spec.getTarget());
        var args = new ArrayList<String>();
        args.add(target.runnerName());
        load(spec.getLoad(), args);
        args.addAll(target.clientOptions());
        args.addAll(VariantArgs.of(spec));
        target.endpoint()
                .ifPresentOrElse(
                        endpoint -> args.addAll(List.of("--server-address", endpoint)),
                        () -> target.server().ifPresent(server -> serverAddressing(serverAddress, target, args)));
        if (ResourcePlan.of(spec).clientCpus() == 0) {
            // no CPUs of its own: its cpuset is the node's shared pool, the same for every such pod, and pinning
            // there would pile them all onto its first CPUs
            args.add("--no-pin");
        }
        args.addAll(List.of("--out", RESULTS_DIR, "--progress", "log", "--metrics-port", String.valueOf(METRICS_PORT)));
        return args;
    }

    /**
     * The argument file's text: one argument a line, as picocli's @file reads it. picocli splits on whitespace, ends a
     * word at a quote and drops the rest of a line from a '#' on, so an argument holding any of them (an http header's
     * value) is written in double quotes, its backslashes and double quotes escaped, and reaches the runner unchanged.
     */
    public static String file(List<String> args) {
        return args.stream().map(RunnerArgs::quoted).collect(Collectors.joining("\n", "", "\n"));
    }

    private static String quoted(String arg) {
        if (!NEEDS_QUOTES.matcher(arg).find()) {
            return arg;
        }
        return '"' + arg.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** The server side of a client/server target, alone in its container or pod. */
    public static List<String> server(BenchmarkRunSpec spec) {
        TargetProfile target = TargetProfiles.of(spec.getTarget());
        NetworkServer server = target.requireServer();
        var args =
                new ArrayList<String>(List.of("server", target.runnerName(), "--port", String.valueOf(server.port())));
        args.addAll(server.options());
        return args;
    }

    private static void load(LoadSpec load, List<String> args) {
        args.addAll(List.of("--mode", load.getMode() == LoadSpec.Mode.Open ? "open" : "closed"));
        if (load.getRates() != null) {
            args.addAll(List.of(
                    "--rates", load.getRates().stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        if (load.getClients() != null) {
            args.addAll(List.of(
                    "--clients", load.getClients().stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        args.addAll(List.of("--warmup", load.getWarmup(), "--duration", load.getDuration()));
        repetitions(load, args);
        if (load.loadPods() > 1) {
            args.addAll(List.of("--parallelism", String.valueOf(load.loadPods())));
        }
        args.addAll(List.of("--probe-duration", load.getProbeDuration()));
        if (load.getNoiseBudget() != null) {
            args.addAll(List.of(
                    "--noise-budget", load.getNoiseBudget(), "--max-reruns", String.valueOf(load.getMaxReruns())));
        }
    }

    /** A fixed count, or auto with the precision and budget given (the runner's defaults otherwise: 5%, 20). */
    private static void repetitions(LoadSpec load, List<String> args) {
        IntOrString repetitions = load.getRepetitions();
        if (repetitions.getIntVal() != null) {
            args.addAll(List.of("--repetitions", String.valueOf(repetitions.getIntVal())));
            return;
        }
        args.addAll(List.of("--repetitions", repetitions.getStrVal()));
        if (load.getPrecision() != null) {
            args.addAll(List.of("--precision", load.getPrecision()));
        }
        if (load.getMaxRepetitions() != null) {
            args.addAll(List.of("--max-repetitions", String.valueOf(load.getMaxRepetitions())));
        }
    }

    /** Where the client finds its server, or that it starts the server itself (no CPUs of its own: a process beside it). */
    private static void serverAddressing(String serverAddress, TargetProfile target, List<String> args) {
        if (serverAddress != null) {
            args.addAll(List.of("--server-address", serverAddress));
        } else {
            args.add("--server-process");
            args.addAll(target.serverProcessOptions());
        }
    }

    private static String seconds(long s) {
        return s + "s";
    }
}
