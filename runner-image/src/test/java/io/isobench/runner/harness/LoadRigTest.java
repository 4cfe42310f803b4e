package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Histograms;
import io.isobench.result.Load;
import io.isobench.result.Verdict;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LoadRigTest {

    static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    static final long START = 1_000_000_000L;

    final FakeClock clock = new FakeClock(START, 100);
    final Recording recording = new Recording(clock);
    final ScriptedSession session = new ScriptedSession(clock, recording);
    final LoadRig rig = new LoadRig(clock, recording, 50 * MS, 0.5, () -> {});

    Histogram recorded() {
        Histogram h = Histograms.newLatencyHistogram();
        recording.drainInterval(h);
        return h;
    }

    @Test
    void stampsEveryMessageWithItsScheduledTimeNotWhenItWasSent() {
        RigOutcome outcome = rig.run(session, Load.openLoop(1000, 10, 100), 0);

        long start = outcome.windowStart() - 10 * MS;
        assertThat(session.stamps).hasSize(110);
        for (int i = 0; i < session.stamps.size(); i++) {
            assertThat(session.stamps.get(i)).as("message %d", i).isEqualTo(start + i * MS);
            assertThat(session.sentAt.get(i)).isGreaterThanOrEqualTo(session.stamps.get(i));
        }
        assertThat(outcome.expected()).isEqualTo(100);
        assertThat(outcome.sentInWindow()).isEqualTo(100);
        assertThat(outcome.sentTotal()).isEqualTo(110);
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
        assertThat(outcome.sentInWindow()).isEqualTo(100);
        Verdicts.Judgement j = Verdicts.judge(Load.openLoop(1000, 10, 100), outcome, h.getTotalCount(), 0.02, "50ms");
        assertThat(j.verdict()).isEqualTo(Verdict.OK);
    }

    @Test
    void aSenderThatCannotKeepUpFailsOnRate() {
        session.sendCostNanos = 2 * MS; // can do 500 msg/s, asked for 1000

        Load load = Load.openLoop(1000, 10, 100);
        RigOutcome outcome = rig.run(session, load, 0);
        Verdicts.Judgement j = Verdicts.judge(load, outcome, recording.recorded(), 0.02, "50ms");

        assertThat(outcome.abandoned()).isTrue();
        assertThat(outcome.sentInWindow()).isLessThan(outcome.expected());
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason()).contains("below the target 1,000 msg/s").contains("abandoned the window");
        assertThat(j.achievedRate()).isLessThan(600);
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
        Verdicts.Judgement j = Verdicts.judge(load, outcome, recording.recorded(), 0.02, "50ms");

        assertThat(outcome.drained()).isFalse();
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason()).contains("2 of 100 messages sent did not complete within the 50ms drain timeout");
    }

    @Test
    void aFailingTargetStopsTheRigWithItsReason() {
        session.failure = "server closed the connection";

        Load load = Load.openLoop(100_000, 10, 100);
        RigOutcome outcome = rig.run(session, load, 0);
        Verdicts.Judgement j = Verdicts.judge(load, outcome, recording.recorded(), 0.02, "50ms");

        assertThat(outcome.sentTotal()).isLessThan(2000);
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason()).startsWith("target failed: server closed the connection");
    }

    @Test
    void closedLoopKeepsTheWindowFullAndStampsActualSendTimes() {
        Load load = Load.closedLoop(1, 10, 100);
        session.sendCostNanos = MS; // service time 1 ms, completes on send

        RigOutcome outcome = rig.run(session, load, 0);

        assertThat(outcome.sentInWindow()).isBetween(95L, 101L);
        for (int i = 1; i < session.stamps.size(); i++) {
            assertThat(session.stamps.get(i)).isGreaterThanOrEqualTo(session.sentAt.get(i - 1));
        }
        assertThat(recorded().getValueAtPercentile(50)).isBetween(MS, MS + 10_000);
    }
}
