package io.isobench.operator.workload;

import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.LoadSpec;
import io.isobench.operator.api.QueueName;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.config.OperatorConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The runner command line for a spec, written one token per line into the argument file the container
 * reads with {@code isobench-runner @/etc/isobench/args} (picocli's @file). Credentials are never here:
 * the runner reads them from its environment (docs/contracts.md).
 */
public final class RunnerArgs {

    public static final String RESULTS_DIR = "/results/run";
    /** The ipc run's shared-memory volume (emptyDir, medium Memory, sized by queueVolume): a pod's own /dev/shm holds 64 MiB. */
    public static final String QUEUE_DIR = "/queue";
    public static final int METRICS_PORT = 9404;

    private RunnerArgs() {}

    /**
     * The measuring side: the target's sub-command with the load, target options and upload settings. A null
     * serverAddress for a client/server target means the runner starts the server itself (a separate JVM on its CPUs).
     */
    public static List<String> client(BenchmarkRunSpec spec, OperatorConfig config, String uploadPrefix, String serverAddress) {
        TargetSpec target = spec.getTarget();
        var args = new ArrayList<String>();
        args.add(target.runnerName());
        load(spec.getLoad(), args);
        targetOptions(target, serverAddress, args);
        args.addAll(List.of("--out", RESULTS_DIR, "--progress", "log", "--metrics-port", String.valueOf(METRICS_PORT)));
        if (config.hasStore()) {
            args.addAll(List.of("--upload-endpoint", config.storeEndpoint().toString(), "--upload-bucket", config.storeBucket(),
                    "--upload-prefix", uploadPrefix, "--upload-deadline", seconds(config.uploadDeadline().toSeconds())));
        }
        return args;
    }

    /** The server side of a client/server target, alone in its container or pod. */
    public static List<String> server(BenchmarkRunSpec spec) {
        TargetSpec target = spec.getTarget();
        var args = new ArrayList<String>(List.of("server", target.runnerName(), "--port", String.valueOf(serverPort(target))));
        if (target.getRsocket() != null) {
            // the server echoes whatever the client's request carries: only the pace is its own
            args.addAll(List.of("--stream-interval", target.getRsocket().getInterval()));
        }
        if (target.getHttpMock() != null) {
            args.addAll(List.of("--path", target.getHttpMock().getPath()));
        }
        return args;
    }

    /** The port the server of a client/server target listens on. */
    public static int serverPort(TargetSpec target) {
        if (target.getUdpEcho() != null) {
            return target.getUdpEcho().getPort();
        }
        if (target.getTcpEcho() != null) {
            return target.getTcpEcho().getPort();
        }
        if (target.getRsocket() != null) {
            return target.getRsocket().getPort();
        }
        if (target.getHttpMock() != null) {
            return target.getHttpMock().getPort();
        }
        throw new IllegalArgumentException("target " + target.runnerName() + " has no server");
    }

    private static void load(LoadSpec load, List<String> args) {
        args.addAll(List.of("--mode", load.getMode() == LoadSpec.Mode.Open ? "open" : "closed"));
        if (load.getRates() != null) {
            args.addAll(List.of("--rates", load.getRates().stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        if (load.getClients() != null) {
            args.addAll(List.of("--clients", load.getClients().stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        args.addAll(List.of("--warmup", load.getWarmup(), "--duration", load.getDuration(),
                "--repetitions", String.valueOf(load.getRepetitions()), "--probe-duration", load.getProbeDuration()));
        if (load.getNoiseBudget() != null) {
            args.addAll(List.of("--noise-budget", load.getNoiseBudget(), "--max-reruns", String.valueOf(load.getMaxReruns())));
        }
    }

    private static void targetOptions(TargetSpec target, String serverAddress, List<String> args) {
        if (target.getDispatch() != null) {
            var d = target.getDispatch();
            args.addAll(List.of("--queues", d.getQueues().stream().map(QueueName::runnerName).collect(Collectors.joining(",")),
                    "--ring-size", String.valueOf(d.getRingSize()), "--batch", String.valueOf(d.getBatch())));
        } else if (target.getUdpEcho() != null || target.getTcpEcho() != null) {
            var e = target.getUdpEcho() != null ? target.getUdpEcho() : target.getTcpEcho();
            args.addAll(List.of("--message-bytes", String.valueOf(e.getMessageBytes())));
            server(serverAddress, args);
        } else if (target.getRsocket() != null) {
            var r = target.getRsocket();
            args.addAll(List.of("--connections", String.valueOf(r.getConnections()), "--streams-per-connection", String.valueOf(r.getStreamsPerConnection()),
                    "--ramp-up", r.getRampUp(), "--payload-bytes", String.valueOf(r.getPayloadBytes()), "--stream-interval", r.getInterval()));
            server(serverAddress, args);
        } else if (target.getHttpMock() != null) {
            args.addAll(List.of("--path", target.getHttpMock().getPath()));
            server(serverAddress, args);
        } else if (target.getIpc() != null) {
            // publisher and consumer are two processes the runner starts itself, their queues on the pod's queue volume
            args.addAll(List.of("--queue-dir", QUEUE_DIR));
        }
    }

    private static void server(String serverAddress, List<String> args) {
        if (serverAddress != null) {
            args.addAll(List.of("--server-address", serverAddress));
        } else {
            args.add("--server-process");
        }
    }

    private static String seconds(long s) {
        return s + "s";
    }
}
