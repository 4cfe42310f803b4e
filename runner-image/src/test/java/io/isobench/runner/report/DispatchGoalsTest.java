package io.isobench.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.ArtifactFiles;
import io.isobench.result.LatencyMeasure;
import io.isobench.result.LatencySummary;
import io.isobench.result.Load;
import io.isobench.result.MachineProbe;
import io.isobench.result.MergedResult;
import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import io.isobench.result.Verdict;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dispatch goals judge each comparison on the median of per-round ratios, and each goal can fail. */
class DispatchGoalsTest {

    private static final Load ONE_MILLION = Load.openLoop(1_000_000, 2_000, 3_000);
    private static final Load SATURATION = Load.closedLoop(4096, 2_000, 3_000);

    /**
     * One repetition: p50 and p99 in ns, the core-to-core p50 probed before and after it, achieved msg/s, and the share
     * of each measured CPU's time the jitter probes around it saw stalled (0: probes without a jitter figure).
     */
    private record Rep(
            long p50, long p99, long probeBefore, long probeAfter, double achieved, Verdict verdict, double stalled) {
        Rep(long p50, long p99, long probeBefore, long probeAfter, double achieved, Verdict verdict) {
            this(p50, p99, probeBefore, probeAfter, achieved, verdict, 0);
        }

        Rep(long p50, long probe) {
            this(p50, p50 * 10, probe, probe, 1_000_000, Verdict.OK);
        }

        static Rep tail(long p50, long p99) {
            return new Rep(p50, p99, 50, 50, 1_000_000, Verdict.OK);
        }

        /** A repetition whose probes saw the two measured CPUs stalled for 0.2 % of the time: a p99 of its own. */
        static Rep quiet(long p99) {
            return stalled(100, p99, 0.001);
        }

        /** A repetition whose probes saw each of the two measured CPUs stalled for {@code share} of their time. */
        static Rep stalled(long p50, long p99, double share) {
            return new Rep(p50, p99, 50, 50, 1_000_000, Verdict.OK, share);
        }

        static Rep missedRate() {
            return new Rep(10, 100, 50, 50, 400_000, Verdict.FAIL);
        }

        static Rep achieved(double perSecond) {
            return new Rep(1, 1, 50, 50, perSecond, Verdict.OK);
        }
    }

    @Test
    void judgesTheMedianOfPerRoundRatiosNotTheRatioOfMergedPercentiles() {
        // ours ran two of three rounds while the host was in its slow core-to-core mode (≈ 200 ns), the peer one: the
        // merged p50s (310 vs 185 ns) say we lose, yet round by round we are ahead twice
        StepResult ours = step("isobench", ONE_MILLION, 310, new Rep(120, 50), new Rep(320, 200), new Rep(310, 200));
        StepResult peer = step("jctools", ONE_MILLION, 185, new Rep(180, 50), new Rep(185, 50), new Rep(530, 200));

        assertThat(p50AtOneMillion(ours, peer))
                .contains("vs jctools 0.67× (rounds 0.58–1.73×, 3)")
                .contains("per core-to-core probe: vs jctools 0.58×")
                .endsWith("| yes |");
    }

    @Test
    void failsWhenOursIsSlowerInMostRounds() {
        StepResult ours = step("isobench", ONE_MILLION, 200, new Rep(200, 50), new Rep(210, 50), new Rep(100, 50));
        StepResult peer = step("agrona", ONE_MILLION, 150, new Rep(150, 50), new Rep(150, 50), new Rep(150, 50));

        assertThat(p50AtOneMillion(ours, peer))
                .contains("vs agrona 1.33× (rounds 0.67–1.40×, 3)")
                .endsWith("| no |");
    }

    @Test
    void theToughestPeerDecides() {
        StepResult ours = step("isobench", ONE_MILLION, 200, new Rep(200, 50), new Rep(200, 50), new Rep(200, 50));
        StepResult beaten = step("abq", ONE_MILLION, 400, new Rep(400, 50), new Rep(400, 50), new Rep(400, 50));
        StepResult ahead = step("agrona", ONE_MILLION, 180, new Rep(180, 50), new Rep(190, 50), new Rep(250, 50));

        assertThat(p50AtOneMillion(ours, beaten, ahead))
                .contains("vs agrona 1.05×")
                .contains("; abq 0.50×")
                .contains("per core-to-core probe: vs agrona 1.05×")
                .endsWith("| no |");
    }

    @Test
    void p99IsAGoalOfItsOwn() {
        StepResult ours = step("isobench", ONE_MILLION, 100, Rep.tail(100, 5_000), Rep.tail(100, 5_000));
        StepResult peer = step("jctools", ONE_MILLION, 150, Rep.tail(150, 1_000), Rep.tail(150, 1_000));

        assertThat(p50AtOneMillion(ours, peer)).endsWith("| yes |");
        assertThat(p99AtOneMillion(ours, peer)).contains("vs jctools 5.00×").endsWith("| no |");
    }

    @Test
    void aP99TheHostsStallsDecideIsInconclusiveNotMissed() {
        // the probes saw each measured CPU stalled 1–3 % of the time: 2–6 % of the messages meet a stall, so every
        // p99 here is the length of the host's stalls, whichever queue carried the messages
        StepResult ours = step(
                "isobench", ONE_MILLION, 100, Rep.stalled(100, 5_000_000, 0.015), Rep.stalled(100, 4_000_000, 0.02));
        StepResult peer =
                step("jctools", ONE_MILLION, 150, Rep.stalled(150, 1_000_000, 0.01), Rep.stalled(150, 2_000_000, 0.03));
        String goals = goals(run(ours, peer), null);

        assertThat(row(goals, "p99 at 1M msg/s ≤ every peer"))
                .contains("host stalls decide it in 2 of 2 rounds")
                .contains("measured CPUs stalled 2.0–6.0% of the time")
                .contains("and from 1% a p99 is the stalls' length")
                .contains("every round, for reference: vs jctools 3.50× (rounds 2.00–5.00×, 2)")
                .contains("per core-to-core probe: vs jctools 3.50×")
                .endsWith("| inconclusive |");
        assertThat(row(goals, "p50 at 1M msg/s ≤ every peer"))
                .as("6 %% of the time stalled cannot decide a median")
                .contains("vs jctools 0.67× (rounds 0.67–0.67×, 2)")
                .endsWith("| yes |");
    }

    @Test
    void roundsTheHostDecidedAreLeftOutWhileMostRoundsRemain() {
        Rep stalled = Rep.stalled(100, 5_000_000, 0.02);
        StepResult ours = step("isobench", ONE_MILLION, 100, Rep.quiet(900), stalled, Rep.quiet(800));
        StepResult peer = step("agrona", ONE_MILLION, 150, Rep.quiet(1_000), Rep.quiet(1_000), Rep.quiet(1_000));

        assertThat(p99AtOneMillion(ours, peer))
                .contains("vs agrona 0.85× (rounds 0.80–0.90×, 2 of 3; 1 left out: host stalls)")
                .endsWith("| yes |");
    }

    @Test
    void aShareOfExactlyTheTailIsTheHostsAndJustBelowItTheP99Decides() {
        // 0.5 % on each CPU: 1 % of the messages meet a stall, as many as lie above a p99; half the rounds is not most
        StepResult atTheTail = step("isobench", ONE_MILLION, 100, Rep.stalled(100, 5_000, 0.005), Rep.quiet(4_000));
        StepResult belowIt = step("isobench", ONE_MILLION, 100, Rep.stalled(100, 5_000, 0.00499), Rep.quiet(4_000));
        StepResult peer = step("jctools", ONE_MILLION, 150, Rep.quiet(1_000), Rep.stalled(150, 2_000, 0.0049));

        assertThat(p99AtOneMillion(atTheTail, peer))
                .contains("host stalls decide it in 1 of 2 rounds")
                .endsWith("| inconclusive |");
        assertThat(p99AtOneMillion(belowIt, peer))
                .contains("vs jctools 3.50× (rounds 2.00–5.00×, 2)")
                .doesNotContain("host stalls")
                .endsWith("| no |");
    }

    @Test
    void aPeerThatBeatsUsDecidesAgainstUsElseAPeerWhoseRoundsAreTheHostsLeavesItInconclusive() {
        StepResult ours = step("isobench", ONE_MILLION, 100, Rep.quiet(2_000), Rep.quiet(2_000));
        StepResult allStalled =
                step("agrona", ONE_MILLION, 150, Rep.stalled(150, 5_000_000, 0.03), Rep.stalled(150, 1_000, 0.03));
        StepResult halfStalled =
                step("disruptor", ONE_MILLION, 150, Rep.stalled(150, 5_000_000, 0.03), Rep.quiet(1_000));
        StepResult ahead = step("jctools", ONE_MILLION, 150, Rep.quiet(1_000), Rep.quiet(1_000));
        StepResult even = step("jctools", ONE_MILLION, 150, Rep.quiet(2_000), Rep.quiet(2_000));
        StepResult behind = step("jctools", ONE_MILLION, 150, Rep.quiet(4_000), Rep.quiet(4_000));
        StepResult unprobed = step("abq", ONE_MILLION, 150, Rep.tail(150, 4_000), Rep.tail(150, 4_000));

        assertThat(p99AtOneMillion(ours, allStalled, ahead))
                .contains("vs jctools 2.00×")
                .contains("agrona: host stalls decide it in 2 of 2 rounds")
                .endsWith("| no |");
        assertThat(p99AtOneMillion(ours, allStalled, even))
                .contains("vs jctools 1.00×")
                .endsWith("| inconclusive |");
        assertThat(p99AtOneMillion(ours, allStalled, behind, unprobed))
                .contains("vs jctools 0.50×")
                .contains("agrona: host stalls decide it in 2 of 2 rounds")
                .as("repetitions without a jitter probe are judged, and have no stalled share to show")
                .contains("abq 0.50×")
                .contains("stalled 0.2–6.0% of the time, p99 from 1%")
                .endsWith("| inconclusive |");
        assertThat(p99AtOneMillion(ours, halfStalled, allStalled))
                .contains("host stalls decide it in 1 of 2 rounds vs disruptor, 2 of 2 rounds vs agrona")
                .endsWith("| inconclusive |");
    }

    @Test
    void roundsAPeerFailedAreLeftOutAndAPeerThatNeverRanOkIsNamed() {
        StepResult ours = step("isobench", ONE_MILLION, 100, new Rep(100, 50), new Rep(100, 50), new Rep(100, 50));
        StepResult partly = step("disruptor", ONE_MILLION, 120, new Rep(120, 50), Rep.missedRate(), new Rep(125, 50));
        StepResult never = step("abq", ONE_MILLION, 10, Rep.missedRate(), Rep.missedRate(), Rep.missedRate());

        assertThat(p50AtOneMillion(ours, partly, never))
                .contains("vs disruptor 0.82× (rounds 0.80–0.83×, 2)")
                .contains("no OK round from abq")
                .endsWith("| yes |");
    }

    @Test
    void aFailedStepOfOursFailsTheGoalWithItsReason() {
        StepResult ours = step("isobench", ONE_MILLION, 100, Rep.tail(100, 1_000), Rep.missedRate());
        StepResult peer = step("agrona", ONE_MILLION, 150, new Rep(150, 50), new Rep(150, 50));

        assertThat(p50AtOneMillion(ours, peer))
                .contains("ours FAIL: repetition 2 missed the rate")
                .endsWith("| no |");
    }

    @Test
    void saturationThroughputMustMatchEveryPeerRoundByRound() {
        StepResult sweepOurs = step("isobench", ONE_MILLION, 100, new Rep(100, 50));
        StepResult ours =
                step("isobench", SATURATION, 0, Rep.achieved(10.0e6), Rep.achieved(10.2e6), Rep.achieved(12.0e6));
        StepResult peer =
                step("agrona", SATURATION, 0, Rep.achieved(11.0e6), Rep.achieved(11.0e6), Rep.achieved(9.0e6));

        String slower = goals(run(sweepOurs), run(ours, peer));
        StepResult behind =
                step("disruptor", SATURATION, 0, Rep.achieved(9.0e6), Rep.achieved(9.0e6), Rep.achieved(9.0e6));
        String faster = goals(run(sweepOurs), run(ours, behind));
        String even = goals(run(sweepOurs), run(ours, step("jctools", SATURATION, 0, ours.repetitions())));

        assertThat(row(slower, "saturation throughput"))
                .contains("vs agrona 0.93×")
                .endsWith("| no |");
        assertThat(row(faster, "saturation throughput"))
                .contains("vs disruptor 1.13×")
                .endsWith("| yes |");
        assertThat(row(even, "saturation throughput"))
                .contains("vs jctools 1.00×")
                .endsWith("| yes |");
    }

    @Test
    void aRatioThatRoundsToOneBesideAMissedGoalShowsAThirdDecimal() {
        StepResult sweepOurs = step("isobench", ONE_MILLION, 100, new Rep(100, 50));
        StepResult ours = step("isobench", SATURATION, 0, Rep.achieved(9.96e6));
        StepResult peer = step("agrona", SATURATION, 0, Rep.achieved(10.0e6));

        assertThat(row(goals(run(sweepOurs), run(ours, peer)), "saturation throughput"))
                .contains("vs agrona 0.996×")
                .endsWith("| no |");
    }

    @Test
    void p50AtOneMillionMustStayWithinThreeTimesTheCoreToCoreProbeOfTheSameRepetition() {
        StepResult near = step("isobench", ONE_MILLION, 500, new Rep(150, 50), new Rep(500, 200), new Rep(140, 50));
        StepResult far = step(
                "isobench",
                ONE_MILLION,
                300,
                new Rep(300, 3_000, 50, 150, 1_000_000, Verdict.OK),
                new Rep(400, 100),
                new Rep(700, 200));

        assertThat(row(goals(run(near), null), "p50 at 1M msg/s ≤ 3 × core-to-core"))
                .contains("median 2.80× (repetitions 2.50–3.00×, 3)")
                .endsWith("| yes |");
        assertThat(row(goals(run(far), null), "p50 at 1M msg/s ≤ 3 × core-to-core"))
                .contains("median 3.50× (repetitions 3.00–4.00×, 3)")
                .endsWith("| no |");
    }

    private static String p50AtOneMillion(StepResult... sweep) {
        return row(goals(run(sweep), null), "p50 at 1M msg/s ≤ every peer");
    }

    private static String p99AtOneMillion(StepResult... sweep) {
        return row(goals(run(sweep), null), "p99 at 1M msg/s ≤ every peer");
    }

    private static String row(String goals, String goal) {
        return goals.lines()
                .filter(l -> l.startsWith("| " + goal))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row for \"" + goal + "\" in:\n" + goals));
    }

    private static String goals(RunResult sweep, RunResult throughput) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            DispatchGoals.print(sweep, throughput, out);
        }
        return text.toString();
    }

    private static RunResult run(StepResult... steps) {
        return RunResult.builder()
                .runId("r")
                .target("dispatch")
                .steps(List.of(steps))
                .verdict(Verdict.OK, null)
                .build();
    }

    private static StepResult step(String variant, Load load, long mergedP50, Rep... reps) {
        List<RepetitionResult> repetitions = new ArrayList<>();
        for (int i = 0; i < reps.length; i++) {
            Rep r = reps[i];
            repetitions.add(RepetitionResult.builder()
                    .index(i + 1)
                    .targetRate(load.targetRate())
                    .achievedRate(r.achieved())
                    .latency(LatencySummary.builder()
                            .count(1000)
                            .p50(r.p50())
                            .p99(r.p99())
                            .build())
                    .probe(probe(r.probeBefore(), r.stalled()))
                    .probeAfter(probe(r.probeAfter(), r.stalled()))
                    .verdict(r.verdict())
                    .reason(r.verdict() == Verdict.OK ? null : "missed the rate")
                    .build());
        }
        return step(variant, load, mergedP50, repetitions);
    }

    private static StepResult step(String variant, Load load, long mergedP50, List<RepetitionResult> repetitions) {
        List<String> failed = repetitions.stream()
                .filter(r -> r.verdict() != Verdict.OK)
                .map(r -> "repetition " + r.index() + " " + r.reason())
                .toList();
        String label = load.targetRate() == null ? load.concurrency() + " clients" : "1M msg/s";
        return new StepResult(
                variant + "_" + load.slug(),
                label,
                variant,
                load,
                LatencyMeasure.ONE_WAY,
                repetitions,
                new MergedResult(LatencySummary.builder().p50(mergedP50).build(), null, new ArtifactFiles(null, null)),
                failed.isEmpty() ? Verdict.OK : Verdict.FAIL,
                failed.isEmpty() ? null : String.join("; ", failed));
    }

    private static MachineProbe probe(long coreToCoreP50, double stalledShare) {
        long duration = 500_000_000;
        List<MachineProbe.Jitter> jitter = stalledShare == 0
                ? List.of()
                : List.of(0, 1).stream()
                        .map(cpu -> new MachineProbe.Jitter(
                                cpu, duration, 1_000_000, 100, Math.round(stalledShare * duration)))
                        .toList();
        return new MachineProbe(
                new MachineProbe.CoreToCore(0, 1, 1_000_000, 1000, coreToCoreP50, coreToCoreP50, coreToCoreP50, 0),
                jitter);
    }
}
