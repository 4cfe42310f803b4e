package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Histograms;
import io.isobench.result.Load;
import io.isobench.result.Verdict;
import io.isobench.target.spi.Session;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LoadRigTest {

    static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    static final long START = 1_000_000_000L;

    final FakeClock clock = new FakeClock(START, 100);
    final RepetitionRecording recording = new RepetitionRecording(clock);
    final ScriptedSession session = new ScriptedSession(clock, recording);
    final LoadRig rig = new LoadRig(clock, recording, 50 * MS, 0.5, () -> {}, null);

    Histogram recorded() {
        Histogram h = Histograms.newLatencyHistogram();
        recording.drainInterval(h);
        return h;
    }

    @Test
    void stampsEveryMessageWithItsScheduledTimeNotWhenItWasSent() {
        RigOutcome outcome = rig.run(session, Load.openLoop(1000, 10, 100), 0);

        long start = outcome.window().start() - 10 * MS;
        assertThat(session.stamps).hasSize(110);
        for (int i = 0; i < session.stamps.size(); i++) {
            assertThat(session.stamps.get(i)).as("message %d", i).isEqualTo(start + i * MS);
            assertThat(session.sentAt.get(i)).isGreaterThanOrEqualTo(session.stamps.get(i));
        }
        assertThat(outcome.messages().expected()).isEqualTo(100);
        assertThat(outcome.messages().sentInWindow()).isEqualTo(100);
        assertThat(outcome.messages().sentTotal()).isEqualTo(110);
    }

    @Test
    void warmUpMessagesCompleteButAreNotRecorded() {
        rig.run(session, Load.openLoop(1000, 10, 100), 0);

        assertThat(recording.completed()).isEqualTo(110);
        assertThat(recording.recorded()).isEqualTo(100);
        assertThat(recorded().getTotalCount()).isEqualTo(100);
    }

    @Test
    void aStallIsChargedToEveryMessageThatWaitedForIt() {
        // 50 ms stall while sending message 30 (20 ms into the window) at 1 msg/ms
        session.stallAtSend = 30;
        session.stallNanos = 50 * MS;

        RigOutcome outcome = rig.run(session, Load.openLoop(1000, 10, 100), 0);
        Histogram h = recorded();

        // a closed-loop timer would record one 50 ms sample; from intended times ~50 messages waited
        assertThat(h.getMaxValue()).isGreaterThanOrEqualTo(50 * MS);
        assertThat(h.getCountBetweenValues(10 * MS, Histograms.HIGHEST_NANOS)).isGreaterThanOrEqualTo(40);
        assertThat(h.getCountBetweenValues(MS, Histograms.HIGHEST_NANOS)).isGreaterThanOrEqualTo(45);
        assertThat(outcome.messages().sentInWindow()).isEqualTo(100);
        Verdicts.Judgement j =
                Verdicts.judge(Load.openLoop(1000, 10, 100), outcome, h.getTotalCount(), 0.02, Duration.ofMillis(50));
        assertThat(j.verdict()).isEqualTo(Verdict.OK);
    }

    @Test
    void aSenderThatCannotKeepUpFailsOnRate() {
        session.sendCostNanos = 2 * MS; // can do 500 msg/s, asked for 1000

        Load load = Load.openLoop(1000, 10, 100);
        RigOutcome outcome = rig.run(session, load, 0);
        Verdicts.Judgement j = Verdicts.judge(load, outcome, recording.recorded(), 0.02, Duration.ofMillis(50));

        assertThat(outcome.abandoned()).isTrue();
        assertThat(outcome.messages().sentInWindow())
                .isLessThan(outcome.messages().expected());
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason()).contains("below the target 1,000 msg/s").contains("abandoned the window");
        assertThat(j.reason())
                .as("the target never refused: the sending was what fell behind")
                .endsWith("the target took every one of the window's sends at first try: sending itself (the rig's loop"
                        + " and the target's send call, or the sender losing its CPU) fell behind the schedule");
        assertThat(j.achievedRate()).isLessThan(600);
    }

    @Test
    void aScheduleMissedWhileTheTargetRefusedSendsIsTheTargetsShortfall() {
        // full from 10 ms into the window until well past the rig's give-up time (end + 50% of the window)
        clock.advance(0);
        session.refuseFrom = clock.peek() + 10 * MS + 10 * MS;
        session.refuseUntil = session.refuseFrom + 200 * MS;

        Load load = Load.openLoop(1000, 10, 100);
        RigOutcome outcome = rig.run(session, load, 0);
        Verdicts.Judgement j = Verdicts.judge(load, outcome, recording.recorded(), 0.02, Duration.ofMillis(50));

        assertThat(outcome.abandoned()).isTrue();
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason())
                .contains("abandoned the window after 10 of 100 messages")
                .containsPattern("the target refused 1 of the window's sends at first try \\(it was full\\); they"
                        + " waited 1[34]\\d(\\.\\d+)? ms for it in all: the target was the limit$");
    }

    @Test
    void aWarmUpTheTargetRefusedExplainsAWindowNeverReached() {
        clock.advance(0);
        session.refuseUntil = clock.peek() + 500 * MS;

        Load load = Load.openLoop(1000, 10, 100);
        Verdicts.Judgement j =
                Verdicts.judge(load, rig.run(session, load, 0), recording.recorded(), 0.02, Duration.ofMillis(50));

        assertThat(j.reason())
                .startsWith("sender fell too far behind schedule during warm-up and never reached the measured window; "
                        + "the target refused 1 of the warm-up's sends at first try (it was full)");
    }

    @Test
    void backpressureIsLatencyNotAGap() {
        // the target refuses everything for the first 30 ms of the window
        clock.advance(0);
        long refuseFrom = clock.peek();
        session.refuseUntil = refuseFrom + 10 * MS + 30 * MS;

        rig.run(session, Load.openLoop(1000, 10, 100), 0);
        Histogram h = recorded();

        assertThat(h.getTotalCount()).isEqualTo(100);
        assertThat(h.getMaxValue()).isGreaterThanOrEqualTo(29 * MS);
    }

    @Test
    void messagesThatNeverCompleteFailTheRepetitionAfterTheDrainTimeout() {
        session.neverCompletes = i -> i == 50 || i == 60;

        Load load = Load.openLoop(1000, 10, 100);
        RigOutcome outcome = rig.run(session, load, 0);
        Verdicts.Judgement j = Verdicts.judge(load, outcome, recording.recorded(), 0.02, Duration.ofMillis(50));

        assertThat(outcome.window().drained()).isFalse();
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason()).contains("2 of 100 messages sent did not complete within the 50ms drain timeout");
    }

    @Test
    void aFailingTargetStopsTheRigWithItsReason() {
        session.failure = "server closed the connection";

        Load load = Load.openLoop(100_000, 10, 100);
        RigOutcome outcome = rig.run(session, load, 0);
        Verdicts.Judgement j = Verdicts.judge(load, outcome, recording.recorded(), 0.02, Duration.ofMillis(50));

        assertThat(outcome.messages().sentTotal()).isLessThan(2000);
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason()).startsWith("target failed: server closed the connection");
    }

    /** Runs {@code session} at 1000 msg/s (10 ms warm-up, {@code windowMillis} window) and judges its generator. */
    Verdicts.GeneratorCheck generatorCheck(LoadRig rig, Session session, long windowMillis) {
        RigOutcome outcome = rig.run(session, Load.openLoop(1000, 10, windowMillis), 0);
        Histogram h = recorded();
        return Verdicts.generator(
                outcome.senderLag().figures(h.getValueAtPercentile(50), h.getValueAtPercentile(99)),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(99),
                0.5,
                null);
    }

    @Test
    void aSenderTooBusySendingToReadRepliesIsChargedToTheGeneratorNotTheTarget() {
        // the target answers in 20 µs, but each send keeps the sender busy 600 µs: every reply waits unread for it
        ReplySession replies = new ReplySession(clock, recording);
        replies.sendCostNanos = 600_000;
        LoadRig busy = new LoadRig(clock, recording, 50 * MS, 0.5, () -> {}, replies.recorder);

        RigOutcome outcome = busy.run(replies, Load.openLoop(1000, 10, 100), 0);
        Histogram h = recorded();
        var lag = outcome.senderLag().figures(h.getValueAtPercentile(50), h.getValueAtPercentile(99));
        var check = Verdicts.generator(lag, h.getValueAtPercentile(50), h.getValueAtPercentile(99), 0.5, null);

        assertThat(h.getValueAtPercentile(50)).as("what the target is charged").isGreaterThanOrEqualTo(550_000);
        assertThat(lag.replyReadDelayP50()).as("replies waited for the sender").isGreaterThanOrEqualTo(550_000);
        assertThat(lag.sendLagP99()).as("yet every message went out on time").isLessThan(10_000);
        assertThat(Verdicts.judge(Load.openLoop(1000, 10, 100), outcome, h.getTotalCount(), 0.02, Duration.ofMillis(50))
                        .verdict())
                .isEqualTo(Verdict.OK);
        assertThat(check.failure())
                .startsWith("the load generator, not the target, was the bottleneck: sender lag p50 ")
                .contains("; reply-read delay p50 ")
                .contains("of the latency p50")
                .contains("(limit 50%, --generator-limit)");
    }

    @Test
    void aQuickSenderIsNotChargedAtAll() {
        ReplySession replies = new ReplySession(clock, recording);
        replies.sendCostNanos = 1_000;
        LoadRig quick = new LoadRig(clock, recording, 50 * MS, 0.5, () -> {}, replies.recorder);
        Verdicts.GeneratorCheck check = generatorCheck(quick, replies, 100);

        assertThat(check.failure()).isNull();
        assertThat(check.warning()).isNull();
    }

    @Test
    void aSenderStalledNowAndThenOnlyWarnsForItsShareOfTheTail() {
        // a 20 ms stall in a 1 s window: 2% of the messages go out late, the typical one does not
        ReplySession replies = new ReplySession(clock, recording);
        ScriptedSession stalling = new ScriptedSession(clock, recording);
        stalling.stallAtSend = 500;
        stalling.stallNanos = 20 * MS;
        Verdicts.GeneratorCheck check =
                generatorCheck(new LoadRig(clock, recording, 50 * MS, 0.5, () -> {}, null), stalling, 1000);

        assertThat(check.failure()).isNull();
        assertThat(check.warning())
                .startsWith("the load generator was busy or descheduled: sender lag p50 ")
                .contains("of the latency p99");
        assertThat(replies.recorder).isNotNull();
    }

    @Test
    void aTargetRefusingSendsIsTheTargetsLatencyNotTheSendersLag() {
        clock.advance(0);
        session.refuseUntil = clock.peek() + 10 * MS + 30 * MS;

        RigOutcome outcome = rig.run(session, Load.openLoop(1000, 10, 100), 0);
        Histogram h = recorded();
        var lag = outcome.senderLag().figures(h.getValueAtPercentile(50), h.getValueAtPercentile(99));

        assertThat(h.getMaxValue()).isGreaterThanOrEqualTo(29 * MS);
        assertThat(lag.sendLagMax())
                .as("the backlog after the refusal went out as fast as the target took it")
                .isLessThan(10_000);
        assertThat(lag.replyReadDelayP50())
                .as("this session reads no replies in idle()")
                .isNull();
    }

    @Test
    void closedLoopKeepsTheWindowFullAndStampsActualSendTimes() {
        Load load = Load.closedLoop(1, 10, 100);
        session.sendCostNanos = MS; // service time 1 ms, completes on send

        RigOutcome outcome = rig.run(session, load, 0);

        assertThat(outcome.messages().sentInWindow()).isBetween(95L, 101L);
        for (int i = 1; i < session.stamps.size(); i++) {
            assertThat(session.stamps.get(i)).isGreaterThanOrEqualTo(session.sentAt.get(i - 1));
        }
        assertThat(recorded().getValueAtPercentile(50)).isBetween(MS, MS + 10_000);
    }

    @Test
    void theRecordingKnowsWhetherAnotherThreadCompletesMessages() throws InterruptedException {
        WindowedLatencyRecorder mine = recording.newRecorder("sender");
        WindowedLatencyRecorder agents = recording.newRecorder("agent");
        Thread me = Thread.currentThread();

        assertThat(recording.completedByOtherThan(me))
                .as("nothing completed yet")
                .isFalse();
        mine.complete();
        assertThat(recording.completedByOtherThan(me))
                .as("completed by this thread")
                .isFalse();

        Thread agent = new Thread(() -> agents.record(START));
        agent.start();
        agent.join();
        assertThat(recording.completedByOtherThan(me))
                .as("completed by the agent")
                .isTrue();
        assertThat(recording.completedByOtherThan(agent))
                .as("as the agent sees it")
                .isTrue();
    }
}
