package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.GeneratorLag;
import io.isobench.result.Load;
import io.isobench.result.Verdict;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** OK, FAIL and INCONCLUSIVE as the harness decides them, each rule at its edge: at a limit, and just past it. */
class VerdictsTest {

    static final long SECOND = 1_000_000_000L;
    static final Load OPEN_1000 = Load.openLoop(1000, 0, 1000);

    /** A window of one second in which {@code sent} messages were sent, nothing else wrong. */
    static RigOutcome window(long sent) {
        return outcome(SECOND, new RigOutcome.Messages(sent, sent, sent, sent), false, false);
    }

    /** A one-second window, drained, with these messages. */
    static RigOutcome outcome(long sendingEnded, RigOutcome.Messages messages, boolean abandoned, boolean serverPaced) {
        return new RigOutcome(
                new RigOutcome.Window(0, SECOND, sendingEnded, SECOND, true),
                messages,
                null,
                abandoned,
                null,
                serverPaced);
    }

    static Verdicts.Judgement judge(RigOutcome outcome, long recorded) {
        return Verdicts.judge(OPEN_1000, outcome, recorded, 0.5, Duration.ofMillis(500));
    }

    @Test
    void anOpenLoopAtItsRateFloorIsOkAndJustBelowItFails() {
        // tolerance 50%: the floor is 500 msg/s
        assertThat(judge(window(500), 500)).isEqualTo(new Verdicts.Judgement(Verdict.OK, null, 500.0));
        assertThat(judge(window(499), 499))
                .isEqualTo(new Verdicts.Judgement(
                        Verdict.FAIL,
                        "achieved 499 msg/s, 50.1% below the target 1,000 msg/s (tolerance 50.0%)",
                        499.0));
        assertThat(judge(window(400), 400).reason())
                .isEqualTo("achieved 400 msg/s, 60.0% below the target 1,000 msg/s (tolerance 50.0%)");
    }

    @Test
    void aClosedLoopHasNoRateToMiss() {
        var closed = Verdicts.judge(Load.closedLoop(1, 0, 1000), window(3), 3, 0.5, Duration.ofMillis(500));
        assertThat(closed).isEqualTo(new Verdicts.Judgement(Verdict.OK, null, 3.0));
    }

    @Test
    void nothingCompletedFailsOnceWithThatReasonAndNoRateReason() {
        assertThat(judge(window(0), 0))
                .isEqualTo(new Verdicts.Judgement(Verdict.FAIL, "no message completed in the measured window", 0.0));
    }

    @Test
    void messagesLostInTheDrainFailNamingHowMany() {
        assertThat(judge(window(1000), 990).reason())
                .isEqualTo("10 of 1,000 messages sent did not complete within the 500ms drain timeout");
    }

    @Test
    void aTargetThatFailedOrNeverStartedFailsWithItsReasonAlone() {
        var failed = RigOutcome.neverRan(0, "could not start tcp-echo remote: Connection refused");
        assertThat(judge(failed, 0))
                .isEqualTo(new Verdicts.Judgement(
                        Verdict.FAIL, "target failed: could not start tcp-echo remote: Connection refused", 0.0));
        // the window never opened: no rate is made up for it
        assertThat(failed.windowNanos()).isZero();
    }

    @Test
    void anAbandonedWindowSaysWhereTheSenderGaveUp() {
        var warmup = outcome(0, new RigOutcome.Messages(1000, 0, 0, 0), true, false);
        assertThat(judge(warmup, 0).reason())
                .isEqualTo("sender fell too far behind schedule during warm-up and never reached the measured window");
        var midway = outcome(SECOND, new RigOutcome.Messages(1000, 300, 300, 300), true, false);
        assertThat(judge(midway, 300).reason())
                .startsWith("sender fell too far behind schedule and abandoned the window after 300 of 1,000"
                        + " messages; achieved 300 msg/s");
    }

    /** A one-second window whose last send went out {@code lateNanos} after its end. */
    static RigOutcome.Window lateBy(long lateNanos) {
        return new RigOutcome.Window(SECOND, 2 * SECOND, 2 * SECOND + lateNanos, 2 * SECOND, true);
    }

    @Test
    void aMissedScheduleSaysWhetherTheTargetRefusedSendsOrTheSendingFellBehind() {
        // the judge's tolerance is 50%: a last send less than 500 ms late cannot miss the rate by itself
        SenderLag refusing = new SenderLag(null);
        refusing.open(0);
        refusing.refused(-1, 0, SECOND); // a warm-up message: not the window's
        refusing.refused(10, 20, 20 + 300_000_000);
        refusing.refused(11, 20, 20 + 200_000_000);
        var messages = new RigOutcome.Messages(1000, 400, 400, 400);
        var full = new RigOutcome(lateBy(600_000_000), messages, null, false, refusing, false);
        assertThat(judge(full, 400).reason())
                .isEqualTo("achieved 250 msg/s, 75.0% below the target 1,000 msg/s (tolerance 50.0%); the target"
                        + " refused 2 of the window's sends at first try (it was full); they waited 500 ms for it in"
                        + " all: the target was the limit");
        var lateAnyway = new RigOutcome(lateBy(2 * SECOND), messages, null, false, refusing, false);
        assertThat(judge(lateAnyway, 400).reason())
                .as("500 ms of refusals do not explain a last send 2 s late")
                .endsWith("; the target refused 2 of the window's sends at first try (it was full), but they waited"
                        + " only 500 ms of the 2 s the window's last send went out late: sending itself (the rig's"
                        + " loop and the target's send call, or the sender losing its CPU) was the limit");

        // the edge: waits of half the lateness are the target's, a nanosecond more lateness is the sending's
        assertThat(Verdicts.whoFellBehind(refusing, true, SECOND)).endsWith(": the target was the limit");
        assertThat(Verdicts.whoFellBehind(refusing, true, SECOND + 1))
                .contains("waited only 500 ms of the 1 s")
                .endsWith("was the limit")
                .doesNotContain("the target was the limit");

        SenderLag accepting = new SenderLag(null);
        accepting.open(0);
        var slow = new RigOutcome(lateBy(600_000_000), messages, null, false, accepting, false);
        assertThat(judge(slow, 400).reason())
                .endsWith("; the target took every one of the window's sends at first try: sending itself (the rig's"
                        + " loop and the target's send call, or the sender losing its CPU) fell behind the schedule");

        var kept = new RigOutcome(
                lateBy(600_000_000), new RigOutcome.Messages(1000, 1000, 1000, 1000), null, false, refusing, false);
        assertThat(judge(kept, 1000).reason())
                .as("refusals in a window that kept its rate are latency, not a failure")
                .isNull();
        var paced = new RigOutcome(lateBy(600_000_000), messages, null, true, refusing, true);
        assertThat(judge(paced, 400).reason())
                .as("a server-paced target's sends are openings: no sends to blame")
                .doesNotContain("refused")
                .doesNotContain("first try");
    }

    @Test
    void aRateMissedWithEverySendOnTimeBlamesNeitherSidesPace() {
        // sent on time, 600 of 1,000 never completed: the shortfall is the lost messages, not a pace
        SenderLag accepting = new SenderLag(null);
        accepting.open(0);
        var onTime = new RigOutcome(
                lateBy(499_999_999), new RigOutcome.Messages(1000, 1000, 1000, 400), null, false, accepting, false);
        assertThat(judge(onTime, 400).reason())
                .startsWith("600 of 1,000 messages sent did not complete")
                .endsWith("below the target 1,000 msg/s (tolerance 50.0%)");
        var late = new RigOutcome(
                lateBy(500_000_000), new RigOutcome.Messages(1000, 1000, 1000, 400), null, false, accepting, false);
        assertThat(judge(late, 400).reason())
                .as("a last send as late as the tolerance's share of the window is the sending's")
                .endsWith("fell behind the schedule");
    }

    /** Judged at {@code tolerance} (10 %: a floor of 900 msg/s) with the host holding the rig for {@code heldNanos}. */
    static Verdicts.Judgement judgeHeld(RigOutcome outcome, long recorded, double tolerance, long heldNanos) {
        return Verdicts.judge(
                OPEN_1000,
                outcome,
                recorded,
                tolerance,
                Duration.ofMillis(500),
                new Verdicts.HostHold(heldNanos, "thread publisher (pinned to CPU 0) waited " + heldNanos + " ns"));
    }

    @Test
    void aRateMissedByNoMoreThanTheHostTookFromTheRigIsInconclusiveAndByMoreItFails() {
        // every message sent and completed, the last 250 ms late: 1,000 in 1.25 s = 800 msg/s, below the 900 floor;
        // 1,000 in 1.111… s would be 900 msg/s: a hold of at least 138,888,889 ns covers the shortfall
        SenderLag accepting = new SenderLag(null);
        accepting.open(0);
        var late = new RigOutcome(
                lateBy(250_000_000), new RigOutcome.Messages(1000, 1000, 1000, 1000), null, false, accepting, false);

        Verdicts.Judgement covered = judgeHeld(late, 1000, 0.1, 138_888_889);
        assertThat(covered.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(covered.achievedRate()).isEqualTo(800.0);
        assertThat(covered.reason())
                .startsWith("achieved 800 msg/s, 20.0% below the target 1,000 msg/s (tolerance 10.0%); the target took"
                        + " every one of the window's sends at first try")
                .endsWith("; but the host took longer from the rig than the rate fell short by: thread publisher"
                        + " (pinned to CPU 0) waited 138888889 ns, and with that time the window would have kept its"
                        + " rate (host noise, not a result about the target)");
        assertThat(judgeHeld(late, 1000, 0.1, 138_888_000).verdict())
                .as("a hold just short of the shortfall leaves the target's miss")
                .isEqualTo(Verdict.FAIL);
        assertThat(Verdicts.judge(OPEN_1000, late, 1000, 0.1, Duration.ofMillis(500), null)
                        .verdict())
                .as("nothing known of the host")
                .isEqualTo(Verdict.FAIL);
        assertThat(judgeHeld(late, 1000, 0.1, 0).verdict()).isEqualTo(Verdict.FAIL);
        // at 20 % the floor is 800 msg/s, exactly 1,000 in the 1.25 s left when 250 ms are given back: at the floor is
        // OK
        var lateByHalf = new RigOutcome(
                lateBy(500_000_000), new RigOutcome.Messages(1000, 1000, 1000, 1000), null, false, accepting, false);
        assertThat(judgeHeld(lateByHalf, 1000, 0.2, 250_000_000).verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(judgeHeld(lateByHalf, 1000, 0.2, 249_999_999).verdict()).isEqualTo(Verdict.FAIL);
    }

    @Test
    void aHostHoldNeverExcusesALostMessageAFailedTargetOrAnAbandonedWindow() {
        SenderLag accepting = new SenderLag(null);
        accepting.open(0);
        var lost = new RigOutcome(
                lateBy(250_000_000), new RigOutcome.Messages(1000, 1000, 1000, 999), null, false, accepting, false);
        assertThat(judgeHeld(lost, 999, 0.1, 10 * SECOND).verdict()).isEqualTo(Verdict.FAIL);
        var failed = new RigOutcome(
                lateBy(250_000_000),
                new RigOutcome.Messages(1000, 1000, 1000, 1000),
                "connection reset",
                false,
                accepting,
                false);
        assertThat(judgeHeld(failed, 1000, 0.1, 10 * SECOND).verdict()).isEqualTo(Verdict.FAIL);
        var abandoned = outcome(SECOND, new RigOutcome.Messages(1000, 300, 300, 300), true, false);
        assertThat(judgeHeld(abandoned, 300, 0.1, 10 * SECOND).verdict()).isEqualTo(Verdict.FAIL);
        // a window given back more than it stretched is held to its schedule, never shorter
        assertThat(judgeHeld(failed.failedWith(null), 1000, 0.1, 10 * SECOND).achievedRate())
                .isEqualTo(800.0);
        assertThat(judgeHeld(failed.failedWith(null), 1000, 0.1, 10 * SECOND).verdict())
                .isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void aServerPacedWindowAbandonedSaysTheOpeningsFellBehindNotHowManyMessagesWereSent() {
        // the rig's sends are stream openings here: "300 of 1,000 messages" would count openings as messages
        var paced = outcome(SECOND, new RigOutcome.Messages(1000, 300, 300, 300), true, true);
        assertThat(judge(paced, 300).reason())
                .startsWith("sender fell too far behind its schedule of openings and abandoned the window")
                .doesNotContain("300 of 1,000 messages");
        var notAbandoned = outcome(SECOND, new RigOutcome.Messages(1000, 1000, 1000, 1000), false, true);
        assertThat(judge(notAbandoned, 1000).reason())
                .as("a server-paced window kept is judged on its messages alone")
                .isNull();
    }

    static GeneratorLag lag(long chargeP50, long chargeP99, double shareOfP50, double shareOfP99) {
        return new GeneratorLag(chargeP50, chargeP99, chargeP99, 1000, null, null, null, shareOfP50, shareOfP99);
    }

    @Test
    void aGeneratorAtItsLimitFailsTheRepetitionAndJustUnderItDoesNot() {
        var atLimit = Verdicts.generator(lag(1_000, 1_000, 0.5, 0.01), 2_000, 100_000, 0.5, null);
        assertThat(atLimit.failure())
                .isEqualTo("the load generator, not the target, was the bottleneck: sender lag p50 1 µs, p99 1 µs,"
                        + " 50% of the latency p50 2 µs (limit 50%, --generator-limit)");
        assertThat(Verdicts.generator(lag(1_000, 1_000, 0.49, 0.01), 2_041, 100_000, 0.5, null))
                .isEqualTo(new Verdicts.GeneratorCheck(null, null));
    }

    @Test
    void aGeneratorLagUnderTheFloorIsNeverCharged() {
        // under 1 µs the lag cannot be told from the rig's own clock reads, whatever share of a tiny latency it is
        assertThat(Verdicts.generator(lag(999, 999, 0.9, 0.9), 1_100, 1_100, 0.5, null))
                .isEqualTo(new Verdicts.GeneratorCheck(null, null));
    }

    @Test
    void noLatencyMeansNoShareToCharge() {
        assertThat(Verdicts.generator(lag(5_000, 5_000, 1.0, 1.0), 0, 0, 0.5, null))
                .isEqualTo(new Verdicts.GeneratorCheck(null, null));
    }

    @Test
    void aPreemptedSenderIsNoiseNotTheGeneratorsCapacity() {
        var check = Verdicts.generator(
                lag(1_000, 1_000, 0.5, 0.01), 2_000, 100_000, 0.5, "thread client was switched out 9 times");
        assertThat(check.failure()).isNull();
        assertThat(check.warning())
                .isEqualTo("the load generator lagged (sender lag p50 1 µs, p99 1 µs, 50% of the latency p50"
                        + " 2 µs (limit 50%, --generator-limit)) but thread client was switched out 9 times: the host took its CPU, so this is"
                        + " noise rather than the generator's capacity");
    }

    @Test
    void aTailTenPercentTheGeneratorsIsAWarningAndJustUnderItIsNot() {
        var atTen = Verdicts.generator(lag(100, 1_000, 0.01, 0.1), 10_000, 10_000, 0.5, null);
        assertThat(atTen)
                .isEqualTo(
                        new Verdicts.GeneratorCheck(
                                null,
                                "the load generator was busy or descheduled: sender lag p50 100 ns,"
                                        + " p99 1 µs, 10% of the latency p99 10 µs; that much of the tail may be the generator's"));
        assertThat(Verdicts.generator(lag(100, 1_000, 0.01, 0.099), 10_000, 10_100, 0.5, null)
                        .warning())
                .isNull();
        assertThat(Verdicts.generator(lag(100, 999, 0.01, 0.5), 10_000, 1_998, 0.5, null)
                        .warning())
                .as("under the floor")
                .isNull();
        assertThat(Verdicts.generator(lag(100, 1_000, 0.01, 1.0), 10_000, 0, 0.5, null)
                        .warning())
                .as("no p99")
                .isNull();
    }

    @Test
    void failBeatsInconclusiveBeatsOkAndEachNamesItsParts() {
        assertThat(Verdicts.combine(
                        List.of("a", "b"), List.of(Verdict.OK, Verdict.OK), java.util.Arrays.asList(null, null)))
                .isEqualTo(new Verdicts.Judgement(Verdict.OK, null, 0));
        assertThat(Verdicts.combine(
                        List.of("a", "b", "c"),
                        List.of(Verdict.INCONCLUSIVE, Verdict.FAIL, Verdict.OK),
                        java.util.Arrays.asList("noise", "rate", null)))
                .isEqualTo(new Verdicts.Judgement(Verdict.FAIL, "1 of 3 failed: b: rate", 0));
        assertThat(Verdicts.combine(
                        List.of("a", "b", "c"),
                        List.of(Verdict.INCONCLUSIVE, Verdict.OK, Verdict.INCONCLUSIVE),
                        java.util.Arrays.asList("noise 1", null, "noise 3")))
                .isEqualTo(new Verdicts.Judgement(
                        Verdict.INCONCLUSIVE, "2 of 3 inconclusive: a: noise 1 | c: noise 3", 0));
    }
}
