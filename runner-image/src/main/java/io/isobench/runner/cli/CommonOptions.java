package io.isobench.runner.cli;

import java.util.List;
import picocli.CommandLine.Option;

/** Options every target shares: the sweep, its timing, placement, probes and output. */
public final class CommonOptions {

    @Option(
            names = "--mode",
            paramLabel = "open|closed",
            description =
                    "open: fixed-rate schedule, latency from each message's intended send time "
                            + "(coordinated-omission correct). closed: next message when one completes (--clients in flight). Default: ${DEFAULT-VALUE}.",
            defaultValue = "open",
            converter = RunChoices.ModeWords.class)
    RunChoices.Mode mode;

    @Option(
            names = "--rates",
            paramLabel = "LIST",
            description =
                    "Open-loop rate sweep in messages/s, e.g. 10k,100k,1M,10M: one step per rate, in the order given,"
                            + " each rate once.")
    String rates;

    @Option(
            names = "--clients",
            paramLabel = "LIST",
            description = "Closed-loop sweep: messages in flight (parallel clients), e.g. 1 or 10,50,150: one step per"
                    + " count, each count once.")
    String clients;

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            description = "Warm-up before each measured window (not recorded). Default: ${DEFAULT-VALUE}.",
            defaultValue = "5s")
    String warmup;

    @Option(
            names = "--duration",
            paramLabel = "DURATION",
            description = "Measured window per repetition. Default: ${DEFAULT-VALUE}.",
            defaultValue = "10s")
    String duration;

    @Option(
            names = "--repetitions",
            paramLabel = "N|auto",
            description = "Repetitions per step, merged losslessly; auto: until the 95%% "
                    + "interval of each step's p50 and p99 over its repetitions is within --precision (at least 3, at most --max-repetitions). "
                    + "Default: ${DEFAULT-VALUE}.",
            defaultValue = "3")
    String repetitions;

    @Option(
            names = "--precision",
            paramLabel = "PERCENT",
            description = "With --repetitions auto: how close the interval must be, "
                    + "± this around the estimate. Default: 5%%.")
    String precision;

    @Option(
            names = "--max-repetitions",
            paramLabel = "N",
            description = "With --repetitions auto: the most a step gets; a step that is "
                    + "still wider says so and how wide. Default: 20.")
    Integer maxRepetitions;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Run directory (must not hold a finished run). Default: results/<target>-<time>.")
    String out;

    @Option(
            names = "--cpus",
            paramLabel = "LIST",
            description =
                    "CPUs to use, a subset of the granted cpuset, in placement order (first: sender). Default: the granted cpuset.")
    String cpus;

    @Option(names = "--no-pin", description = "Do not pin measured threads (recorded in the result).")
    boolean noPin;

    @Option(
            names = "--probe-duration",
            paramLabel = "DURATION",
            description =
                    "Core-to-core and jitter probe before each repetition; 0 disables. Default: ${DEFAULT-VALUE}.",
            defaultValue = "1s")
    String probeDuration;

    @Option(
            names = "--noise-budget",
            paramLabel = "DURATION",
            description = "Gate on host noise: a repetition whose probes saw a stall "
                    + "longer than this, whose core-to-core latency changed between its probes, or during whose window the cgroup was throttled, "
                    + "the hypervisor stole time, or interrupts or involuntary context switches exceeded their allowance, is INCONCLUSIVE and run "
                    + "again (--max-reruns); a run left INCONCLUSIVE exits 5. Needs the probes (--probe-duration). Default: no gating, the figures "
                    + "are recorded.")
    String noiseBudget;

    @Option(
            names = "--max-reruns",
            paramLabel = "N",
            description = "How many times an INCONCLUSIVE repetition is run again. " + "Default: ${DEFAULT-VALUE}.",
            defaultValue = "2")
    int maxReruns;

    @Option(
            names = "--generator-limit",
            paramLabel = "PERCENT",
            description = "A repetition FAILs when the load generator's own lag "
                    + "(the larger of the sender lag p50 and the reply-read delay p50) is at least this share of its latency p50: the latency "
                    + "is then the generator's. Default: ${DEFAULT-VALUE}.",
            defaultValue = "50%")
    String generatorLimit;

    @Option(
            names = "--interval",
            paramLabel = "DURATION",
            description = "Interval-log (.hlog) resolution and progress period. Default: ${DEFAULT-VALUE}.",
            defaultValue = "1s")
    String interval;

    @Option(
            names = "--drain-timeout",
            paramLabel = "DURATION",
            description =
                    "How long completions may trail the window before they count as lost. Default: ${DEFAULT-VALUE}.",
            defaultValue = "5s")
    String drainTimeout;

    @Option(
            names = "--rate-tolerance",
            paramLabel = "PERCENT",
            description =
                    "A repetition FAILs when its achieved rate is this far below the target. Default: ${DEFAULT-VALUE}.",
            defaultValue = "2%")
    String rateTolerance;

    @Option(
            names = "--fork",
            paramLabel = "auto|none",
            description =
                    "auto: with several variants, each step of each variant runs in a fresh JVM, one repetition each, "
                            + "in interleaved rounds (as JMH forks). Default: ${DEFAULT-VALUE}.",
            defaultValue = "auto",
            converter = RunChoices.ForkWords.class)
    RunChoices.Fork fork;

    @Option(
            names = "--progress",
            paramLabel = "auto|bar|log|none",
            description =
                    "bar: a live line on a terminal; log: JSON lines on stderr; auto: bar on a terminal, else log. Default: ${DEFAULT-VALUE}.",
            defaultValue = "auto",
            converter = RunChoices.ProgressWords.class)
    RunChoices.ProgressStyle progress;

    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            description =
                    "Serve live figures for Prometheus at http://0.0.0.0:PORT/metrics "
                            + "(messages received, last interval's p50/p99/max, achieved rate); 0: off. Default: ${DEFAULT-VALUE}.",
            defaultValue = "0")
    int metricsPort;

    @Option(
            names = "--upload-endpoint",
            paramLabel = "URL",
            description = "After the run, upload the run directory to this S3/MinIO endpoint "
                    + "(credentials from ISOBENCH_STORE_ACCESS_KEY / ISOBENCH_STORE_SECRET_KEY, never options).")
    String uploadEndpoint;

    @Option(
            names = "--upload-bucket",
            paramLabel = "NAME",
            description = "Bucket of the upload. Default: ${DEFAULT-VALUE}.",
            defaultValue = "isobench")
    String uploadBucket;

    @Option(
            names = "--upload-prefix",
            paramLabel = "PREFIX",
            description = "Key prefix of the upload, e.g. runs/<ns>/<name>/<uid>/attempt-1/client/.")
    String uploadPrefix;

    @Option(
            names = "--upload-deadline",
            paramLabel = "DURATION",
            description = "Keep retrying the upload (backoff) this long; then exit 4, files kept. "
                    + "Default: ${DEFAULT-VALUE}.",
            defaultValue = "10m")
    String uploadDeadline;

    @Option(
            names = "--variant",
            paramLabel = "NAME=ARGS",
            description = "An option set to compare (give two or more; the first is the baseline): ARGS are this "
                    + "command's own options and --jvm-option=FLAG, separated by spaces, e.g. "
                    + "zgc='--jvm-option=-XX:+UseZGC' or big='--message-bytes 1024'. Each variant runs in JVMs of its own, "
                    + "rounds interleaved in a random order, and is compared with the first by compare's decision rule. "
                    + "The same ARGS twice (a= a2=) measure the node's noise.")
    List<String> variants;

    @Option(
            names = "--variant-seed",
            paramLabel = "N",
            description = "Seed of the rounds' random order of variants (recorded in result.json as variantRounds, "
                    + "with each round's order). Default: drawn at random.")
    Long variantSeed;

    @Option(
            names = "--parallelism",
            paramLabel = "N",
            description =
                    "Make each step's load with N processes (load parts; pods when the operator runs it): each sends "
                            + "1/N of the rate (or of the clients), their schedules offset by 1/rate, all starting each warm-up "
                            + "together; part 0 coordinates, adds their histograms losslessly and writes the result with each "
                            + "part's own figures. Without --coordinator, part 0 starts the others on this machine, each on its "
                            + "share of --cpus. The server must be one they share: --server-address, http's --url or a plugin's "
                            + "own. Default: ${DEFAULT-VALUE}.",
            defaultValue = "1")
    int parallelism;

    @Option(
            names = "--part",
            paramLabel = "K",
            description = "With --parallelism: this process's load part, 0 to N-1 (0 coordinates and writes the "
                    + "result; the others measure their share and send it to part 0). Default: ${DEFAULT-VALUE}.",
            defaultValue = "0")
    int part;

    @Option(
            names = "--coordinator",
            paramLabel = "HOST:PORT",
            description =
                    "With --parallelism: part 0 listens here, the other parts connect here. Every part then needs "
                            + "the same secret in ISOBENCH_PARTS_TOKEN. Left out on part 0, it starts the other parts itself.")
    String coordinator;

    @Option(
            names = "--join-timeout",
            paramLabel = "DURATION",
            description =
                    "With --parallelism: how long part 0 waits for the other parts to join, and they to reach it; "
                            + "a part missing then FAILs every step naming it. Default: ${DEFAULT-VALUE}.",
            defaultValue = "5m")
    String joinTimeout;

    @Option(names = "--only-variant", hidden = true, description = "Run one variant only (used by forked JVMs).")
    String onlyVariant;

    @Option(
            names = "--only-step",
            hidden = true,
            description = "Run one step of the sweep only, named by its label (used by forked JVMs).")
    String onlyStep;

    @Option(
            names = "--as-variant",
            hidden = true,
            description = "Name this run's steps after a --variant (used by forked JVMs).")
    String asVariant;
}
