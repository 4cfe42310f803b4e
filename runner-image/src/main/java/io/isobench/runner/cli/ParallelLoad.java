package io.isobench.runner.cli;

import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import io.isobench.result.RunResult;
import io.isobench.runner.harness.BenchmarkRunner;
import io.isobench.runner.harness.JvmVariantForks;
import io.isobench.runner.harness.NoiseSource;
import io.isobench.runner.harness.Progress;
import io.isobench.runner.harness.RepetitionRunner;
import io.isobench.runner.harness.RunSettings;
import io.isobench.runner.harness.StepPlan;
import io.isobench.runner.harness.UsageException;
import io.isobench.runner.harness.VariantForks;
import io.isobench.runner.parts.LocalParts;
import io.isobench.runner.parts.PartCoordinator;
import io.isobench.runner.parts.PartToken;
import io.isobench.runner.parts.PartWorker;
import io.isobench.runner.platform.EnvironmentProbe;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.Target;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --parallelism} and its options, checked once: how many load parts, which one this process is, where part 0
 * listens, the shared secret, and each part's CPUs when part 0 starts the others itself. Then it runs this process's
 * role: part 0 coordinates the run, any other part serves its share.
 *
 * @param parts       how many processes make the load (1: this one alone)
 * @param part        this process's index
 * @param coordinator where part 0 listens or the others connect; null when part 0 starts the others on this machine
 * @param joinTimeout how long joining may take
 * @param token       the run's secret (drawn by part 0 when it starts the others itself)
 */
record ParallelLoad(int parts, int part, InetSocketAddress coordinator, Duration joinTimeout, String token) {

    /** A process making the load alone. */
    static final ParallelLoad ALONE = new ParallelLoad(1, 0, null, Duration.ZERO, null);

    /**
     * @param refusal why this command's target cannot be split over parts as configured, or null when it can
     * @param env     this process's environment (the token)
     */
    static ParallelLoad parse(CommonOptions common, String refusal, Map<String, String> env) {
        int n = common.parallelism;
        if (n < 1 || n > 64) {
            throw new UsageException("--parallelism '" + n + "': must be between 1 and 64");
        }
        if (n == 1) {
            if (common.part != 0 || common.coordinator != null) {
                throw new UsageException((common.part != 0
                                ? "--part '" + common.part + "'"
                                : "--coordinator '" + common.coordinator + "'")
                        + ": only with --parallelism above 1");
            }
            return ALONE;
        }
        if (refusal != null) {
            throw new UsageException("--parallelism '" + n + "': " + refusal);
        }
        if (common.variants != null && !common.variants.isEmpty()) {
            throw new UsageException(
                    "--parallelism '" + n + "': not with --variant (each variant's JVMs would need parts of "
                            + "their own); run each variant as a run of its own");
        }
        if (common.part < 0 || common.part >= n) {
            throw new UsageException("--part '" + common.part + "': must be between 0 and " + (n - 1));
        }
        if (common.part > 0 && common.coordinator == null) {
            throw new UsageException(
                    "--part '" + common.part + "': needs --coordinator HOST:PORT (where part 0 listens)");
        }
        Duration join = OptionParsers.duration("--join-timeout", common.joinTimeout, false);
        InetSocketAddress at = common.coordinator == null
                ? new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)
                : ServerOptions.address("--coordinator", common.coordinator);
        String token;
        if (common.coordinator == null) {
            token = PartToken.draw();
        } else {
            token = env.get(PartToken.ENV);
            if (token == null || token.isBlank()) {
                throw new UsageException("--coordinator '" + common.coordinator
                        + "': every part needs the run's secret in " + PartToken.ENV + " (the same on all of them)");
            }
        }
        return new ParallelLoad(n, common.part, common.coordinator == null ? null : at, join, token);
    }

    boolean alone() {
        return parts == 1;
    }

    /** Whether part 0 starts the other parts itself, on this machine. */
    boolean startsOthers() {
        return parts > 1 && coordinator == null;
    }

    /** Every step's load must leave each part something to send. */
    void checkLoads(List<Load> loads) {
        for (Load load : loads) {
            boolean open = load.mode() == LoadMode.OPEN_LOOP;
            long amount = open ? load.targetRate() : load.concurrency();
            if (amount < parts) {
                throw new UsageException((open ? "--rates" : "--clients") + " '" + amount + "': each "
                        + (open ? "rate" : "client count") + " must be at least --parallelism " + parts
                        + " (every load part sends its share)");
            }
        }
    }

    /** The CPUs this process measures on: all of {@code cpus}, or part 0's share when it starts the others. */
    List<Integer> ownCpus(List<Integer> cpus) {
        return startsOthers() ? LocalParts.split(cpus, parts).getFirst() : cpus;
    }

    /**
     * Part 0: listens, starts the other parts when no coordinator address was given, waits for them to join, runs the
     * sweep on all of them and tells them it is over.
     *
     * @param allCpus        the CPUs to share out among parts started here
     * @param partArguments  the command's arguments for a part started here (without its own --part, --cpus, --out)
     */
    RunResult coordinate(
            BenchmarkRunner runner,
            Target target,
            RunSettings settings,
            Path runDir,
            VariantForks forks,
            Progress progress,
            List<Integer> allCpus,
            List<String> partArguments,
            PrintWriter err)
            throws IOException, InterruptedException {
        PartCoordinator hub = PartCoordinator.listen(
                coordinator == null ? new InetSocketAddress(InetAddress.getLoopbackAddress(), 0) : coordinator,
                parts,
                token,
                PartCoordinator.joinHash(BenchmarkRunner.config(target, settings)),
                settings,
                runDir,
                progress);
        LocalParts local = null;
        try {
            if (startsOthers()) {
                local = LocalParts.start(
                        JvmVariantForks.currentJvm(RunnerMain.class),
                        partArguments,
                        hub.address(),
                        LocalParts.split(allCpus, parts),
                        token,
                        err);
            }
            hub.awaitJoins(joinTimeout);
            return runner.run(target, settings, runDir, forks, hub);
        } finally {
            // DONE first: the parts started here exit on it
            hub.close();
            if (local != null) {
                local.close();
            }
        }
    }

    /** Any part but 0: joins part 0 and serves its share of every attempt it is told to run. */
    int serve(Target target, RunSettings settings, Path runDir, Progress progress, PrintWriter err)
            throws InterruptedException {
        RepetitionRunner runner = new RepetitionRunner(
                Clock.SYSTEM,
                settings,
                progress,
                NoiseSource.system(settings.timing().probe().toNanos()),
                runDir,
                null);
        Map<String, StepPlan> steps = new LinkedHashMap<>();
        BenchmarkRunner.plans(target, settings).forEach(plan -> steps.put(plan.id(), plan));
        return new PartWorker(
                        coordinator,
                        part,
                        parts,
                        token,
                        PartCoordinator.joinHash(BenchmarkRunner.config(target, settings)),
                        err)
                .serve(
                        target,
                        steps,
                        runner,
                        EnvironmentProbe.system().collect(settings.placement().cpus(), List.of()),
                        runDir,
                        joinTimeout);
    }
}
