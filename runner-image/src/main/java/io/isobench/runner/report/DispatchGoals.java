package io.isobench.runner.report;

import io.isobench.result.MachineProbe;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The dispatch target's goals, checked against runs made in the same session on the same machine: our p50 and p99 no
 * worse than every peer's at every rate, our saturation throughput no lower than every peer's, and our p50 at 1M msg/s
 * within 3× the core-to-core one-way latency probed around the same repetitions.
 *
 * <p>Each comparison is the median of per-round ratios: round r runs every queue once (repetition r of each), so a
 * round's ratio sets our repetition against the peer's from the same stretch of the run, and the median keeps one
 * quiet or noisy round from deciding. A ratio of merged percentiles would not: this VM's core-to-core latency switches
 * between ≈ 50 ns and ≈ 200 ns for seconds at a time, and a queue that happened to run more repetitions in the slow
 * mode would lose on luck. For the same reason each latency row also shows the ratio after dividing every
 * repetition's figure by the core-to-core latency probed around it (the host's mode); the goal is judged on the plain
 * ratio.
 *
 * <p>A round whose repetitions ran while the host stalled the measured CPUs for at least {@code 1 - q} of the time does
 * not count towards a q-quantile goal: that share of the messages met a stall, so the quantile is the length of the
 * host's stalls whichever queue carried them (a p99 from 1 %, a median from 50 %). The jitter probes around each
 * repetition give the share (a thread spinning on each measured CPU, its gaps over 10 µs summed), measured apart from the
 * queue, so no queue can make its own figure look like the host's. A peer whose rounds are mostly the host's is not
 * compared; the goal is then inconclusive unless another peer already decides it against us.
 */
public final class DispatchGoals {

    static final String OURS = "isobench";
    static final long ONE_MILLION = 1_000_000;
    static final double CORE_TO_CORE_FACTOR = 3.0;

    private DispatchGoals() {}

    /**
     * One peer compared with us over the rounds both ran successfully, less the {@code hostRounds} of those in which the
     * host's stalls decide the figure.
     */
    record RoundRatios(String peer, List<Double> ratios, int hostRounds) {

        /** Most of the rounds both ran OK say something about the queues, not the host. */
        boolean conclusive() {
            return ratios.size() > hostRounds;
        }

        double median() {
            return DispatchGoals.median(ratios);
        }

        double min() {
            return ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        }

        double max() {
            return ratios.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
        }
    }

    /**
     * What one repetition is judged on, whether lower is better, and for a quantile q the share of messages above it,
     * {@code 1 - q} (NaN for a throughput, which no stall share turns into the host's figure).
     */
    private record Figure(String name, ToDoubleFunction<RepetitionResult> value, boolean lowerIsBetter, double tail) {

        /** The host's stalls decide this figure of the repetition. */
        boolean decidedByHost(RepetitionResult r) {
            return !Double.isNaN(tail) && stalledShare(r) >= tail;
        }
    }

    private static final Figure P50 = new Figure("p50", r -> r.latency().p50(), true, 0.50);
    private static final Figure P99 = new Figure("p99", r -> r.latency().p99(), true, 0.01);
    private static final Figure THROUGHPUT =
            new Figure("throughput", RepetitionResult::achievedRate, false, Double.NaN);

    public static void print(RunResult sweep, RunResult throughput, PrintWriter out) {
        out.println();
        out.println(
                "Goals: each ratio is ours ÷ the peer's, per round (repetition r of both), median over the rounds both"
                        + " ran OK; the toughest peer decides. A round in which the jitter probes around either"
                        + " repetition saw the measured CPUs stalled for 1 − q of the time or more is left out of a"
                        + " q-quantile goal (that share of the messages met a stall: the quantile is the host's);"
                        + " a peer with most of its rounds left out makes the goal inconclusive, unless another"
                        + " peer decides it against us.");
        out.println();
        out.println("| goal | measured | met |");
        out.println("|---|---|---|");
        for (StepResult ours : sweep.steps()) {
            if (!OURS.equals(ours.variant())) {
                continue;
            }
            List<StepResult> peers = peersAt(sweep, ours);
            latencyGoal(ours, peers, P50, out);
            latencyGoal(ours, peers, P99, out);
        }
        if (throughput != null) {
            throughput.steps().stream()
                    .filter(s -> OURS.equals(s.variant()))
                    .findFirst()
                    .ifPresent(ours -> throughputGoal(ours, peersAt(throughput, ours), out));
        }
        sweep.steps().stream()
                .filter(s -> OURS.equals(s.variant())
                        && s.load().targetRate() != null
                        && s.load().targetRate() == ONE_MILLION)
                .findFirst()
                .ifPresent(s -> coreToCoreGoal(s, out));
    }

    private static List<StepResult> peersAt(RunResult run, StepResult ours) {
        return run.steps().stream()
                .filter(s -> !OURS.equals(s.variant()) && s.load().equals(ours.load()))
                .toList();
    }

    private static void latencyGoal(StepResult ours, List<StepResult> peers, Figure figure, PrintWriter out) {
        String goal = String.format(Locale.ROOT, "%s at %s ≤ every peer", figure.name(), ours.label());
        row(goal, ours, peers, figure, out);
    }

    private static void throughputGoal(StepResult ours, List<StepResult> peers, PrintWriter out) {
        String goal = String.format(Locale.ROOT, "saturation throughput (%s) ≥ every peer", ours.label());
        row(goal, ours, peers, THROUGHPUT, out);
    }

    private static void row(String goal, StepResult ours, List<StepResult> peers, Figure figure, PrintWriter out) {
        if (ours.verdict() != Verdict.OK) {
            out.printf(
                    Locale.ROOT,
                    "| %s | ours %s: %s | no |%n",
                    goal,
                    ours.verdict(),
                    ours.reason() == null ? "-" : ours.reason().replace('|', '/'));
            return;
        }
        List<RoundRatios> every = ratios(ours, peers, figure.value(), r -> false);
        List<String> missed = peers.stream()
                .filter(p -> every.stream().noneMatch(r -> r.peer().equals(p.variant())))
                .map(StepResult::variant)
                .toList();
        String missedNote = missed.isEmpty() ? "" : "; no OK round from " + String.join(", ", missed);
        if (every.isEmpty()) {
            out.printf(Locale.ROOT, "| %s | no peer ran a round OK%s | yes |%n", goal, missedNote);
            return;
        }
        List<RoundRatios> counted = ratios(ours, peers, figure.value(), figure::decidedByHost);
        List<RoundRatios> compared =
                counted.stream().filter(RoundRatios::conclusive).toList();
        List<RoundRatios> hosts = counted.stream().filter(r -> !r.conclusive()).toList();
        String hostNote = hosts.isEmpty()
                ? ""
                : String.format(
                        Locale.ROOT,
                        "; %s (the probes saw the measured CPUs stalled %s of the time, %s from %.0f%%)",
                        hosts.stream()
                                .map(r -> String.format(
                                        Locale.ROOT,
                                        "%s: host stalls decide it in %s",
                                        r.peer(),
                                        hostRounds(List.of(r))))
                                .collect(Collectors.joining(", ")),
                        stalledRange(ours, peers),
                        figure.name(),
                        100 * figure.tail());
        if (compared.isEmpty()) {
            out.printf(
                    Locale.ROOT,
                    "| %s | host stalls decide it in %s: the probes saw the measured CPUs stalled %s of the time,"
                            + " and from %.0f%% a %s is the stalls' length · every round, for reference: %s%s | inconclusive |%n",
                    goal,
                    hostRounds(hosts),
                    stalledRange(ours, peers),
                    100 * figure.tail(),
                    figure.name(),
                    compared(every, figure, ours, peers, r -> false),
                    missedNote);
            return;
        }
        RoundRatios toughest =
                compared.stream().sorted(toughestFirst(figure)).toList().getFirst();
        boolean beaten = figure.lowerIsBetter() ? toughest.median() > 1.0 : toughest.median() < 1.0;
        String met = beaten ? "no" : hosts.isEmpty() ? "yes" : "inconclusive";
        out.printf(
                Locale.ROOT,
                "| %s | %s%s%s | %s |%n",
                goal,
                compared(compared, figure, ours, peers, figure::decidedByHost),
                hostNote,
                missedNote,
                met);
    }

    /** "4 of 5 rounds" when every peer lost as many rounds to the host, else each peer's count. */
    private static String hostRounds(List<RoundRatios> hosts) {
        List<String> counts = hosts.stream()
                .map(r -> r.hostRounds() + " of " + (r.hostRounds() + r.ratios().size()) + " rounds")
                .toList();
        if (counts.stream().distinct().count() == 1) {
            return counts.getFirst();
        }
        List<String> each = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            each.add(counts.get(i) + " vs " + hosts.get(i).peer());
        }
        return String.join(", ", each);
    }

    private static Comparator<RoundRatios> toughestFirst(Figure figure) {
        Comparator<RoundRatios> byMedian = Comparator.comparingDouble(RoundRatios::median);
        return figure.lowerIsBetter() ? byMedian.reversed() : byMedian;
    }

    /**
     * The toughest peer's median ratio with its rounds, the others' medians, and for a latency the toughest's ratio
     * per core-to-core probe, over the rounds that {@code hosts} does not take away.
     */
    private static String compared(
            List<RoundRatios> peerRatios,
            Figure figure,
            StepResult ours,
            List<StepResult> peers,
            Predicate<RepetitionResult> hosts) {
        List<RoundRatios> ordered =
                peerRatios.stream().sorted(toughestFirst(figure)).toList();
        RoundRatios toughest = ordered.getFirst();
        boolean met = figure.lowerIsBetter() ? toughest.median() <= 1.0 : toughest.median() >= 1.0;
        String rounds = toughest.hostRounds() == 0
                ? String.valueOf(toughest.ratios().size())
                : String.format(
                        Locale.ROOT,
                        "%d of %d; %d left out: host stalls",
                        toughest.ratios().size(),
                        toughest.ratios().size() + toughest.hostRounds(),
                        toughest.hostRounds());
        StringBuilder measured = new StringBuilder(String.format(
                Locale.ROOT,
                "vs %s %s× (rounds %.2f–%.2f×, %s)",
                toughest.peer(),
                decidingRatio(toughest.median(), met),
                toughest.min(),
                toughest.max(),
                rounds));
        for (RoundRatios other : ordered.subList(1, ordered.size())) {
            measured.append(String.format(Locale.ROOT, "; %s %.2f×", other.peer(), other.median()));
        }
        if (!Double.isNaN(figure.tail())) {
            List<StepResult> toughestStep = peers.stream()
                    .filter(p -> p.variant().equals(toughest.peer()))
                    .toList();
            ratios(ours, toughestStep, perCoreToCore(figure.value()), hosts).stream()
                    .filter(r -> !r.ratios().isEmpty())
                    .findFirst()
                    .ifPresent(adjusted -> measured.append(String.format(
                            Locale.ROOT,
                            " · per core-to-core probe: vs %s %.2f×",
                            adjusted.peer(),
                            adjusted.median())));
        }
        return measured.toString();
    }

    /** The least and most stalled share of the measured CPUs' time around our repetitions and the peers' that ran OK. */
    private static String stalledRange(StepResult ours, List<StepResult> peers) {
        double[] shares = Stream.concat(Stream.of(ours), peers.stream())
                .flatMap(s -> s.repetitions().stream())
                .filter(r -> r.verdict() == Verdict.OK)
                .mapToDouble(DispatchGoals::stalledShare)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        return String.format(Locale.ROOT, "%.1f–%.1f%%", 100 * shares[0], 100 * shares[shares.length - 1]);
    }

    /** The share of the measured CPUs' time the jitter probes around the repetition saw stalled (NaN: not probed). */
    static double stalledShare(RepetitionResult r) {
        return MachineProbe.stalledShareAround(r.probe(), r.probeAfter());
    }

    /** Two decimals, or three where two would print 1.00 beside a goal missed (0.996× of a peer's throughput). */
    static String decidingRatio(double ratio, boolean met) {
        String two = String.format(Locale.ROOT, "%.2f", ratio);
        return "1.00".equals(two) && !met ? String.format(Locale.ROOT, "%.3f", ratio) : two;
    }

    /**
     * Per peer, our figure ÷ the peer's in every round where both repetitions are OK and both figures are known, leaving
     * out (and counting) the rounds in which {@code hosts} says either repetition's figure is the host's.
     */
    static List<RoundRatios> ratios(
            StepResult ours,
            List<StepResult> peers,
            ToDoubleFunction<RepetitionResult> figure,
            Predicate<RepetitionResult> hosts) {
        List<RoundRatios> result = new ArrayList<>();
        for (StepResult peer : peers) {
            List<Double> ratios = new ArrayList<>();
            int hostRounds = 0;
            for (RepetitionResult mine : ours.repetitions()) {
                Optional<RepetitionResult> theirs = peer.repetitions().stream()
                        .filter(r -> r.index() == mine.index())
                        .findFirst();
                if (theirs.isEmpty()
                        || mine.verdict() != Verdict.OK
                        || theirs.get().verdict() != Verdict.OK) {
                    continue;
                }
                double a = figure.applyAsDouble(mine);
                double b = figure.applyAsDouble(theirs.get());
                if (!Double.isFinite(a) || !Double.isFinite(b) || b <= 0) {
                    continue;
                }
                if (hosts.test(mine) || hosts.test(theirs.get())) {
                    hostRounds++;
                } else {
                    ratios.add(a / b);
                }
            }
            if (!ratios.isEmpty() || hostRounds > 0) {
                result.add(new RoundRatios(peer.variant(), List.copyOf(ratios), hostRounds));
            }
        }
        return result;
    }

    /** The figure divided by the core-to-core one-way p50 probed around the repetition; NaN without a probe. */
    static ToDoubleFunction<RepetitionResult> perCoreToCore(ToDoubleFunction<RepetitionResult> figure) {
        return r -> {
            double probe = MachineProbe.coreToCoreAround(r.probe(), r.probeAfter());
            return probe > 0 ? figure.applyAsDouble(r) / probe : Double.NaN;
        };
    }

    private static void coreToCoreGoal(StepResult ours, PrintWriter out) {
        String goal = String.format(
                Locale.ROOT, "p50 at 1M msg/s ≤ %.0f × core-to-core one-way (same repetition)", CORE_TO_CORE_FACTOR);
        List<Double> ratios = ours.repetitions().stream()
                .filter(r -> r.verdict() == Verdict.OK)
                .mapToDouble(perCoreToCore(r -> r.latency().p50()))
                .filter(Double::isFinite)
                .boxed()
                .toList();
        if (ratios.isEmpty()) {
            out.printf(Locale.ROOT, "| %s | no OK repetition with a core-to-core probe | no |%n", goal);
            return;
        }
        double median = median(ratios);
        out.printf(
                Locale.ROOT,
                "| %s | median %.2f× (repetitions %.2f–%.2f×, %d) | %s |%n",
                goal,
                median,
                ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
                ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
                ratios.size(),
                median <= CORE_TO_CORE_FACTOR ? "yes" : "no");
    }

    static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
