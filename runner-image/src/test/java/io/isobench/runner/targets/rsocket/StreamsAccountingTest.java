package io.isobench.runner.targets.rsocket;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.Load;
import io.isobench.result.Verdict;
import io.isobench.runner.harness.FakeClock;
import io.isobench.runner.harness.LoadRig;
import io.isobench.runner.harness.RepetitionRecording;
import io.isobench.runner.harness.RigOutcome;
import io.isobench.runner.harness.Verdicts;
import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * What a streams repetition is owed and what it got, through the real rig and verdict on a fake clock: the rig opens
 * streams (100 a second here), the server paces the messages (one per stream every 100 ms), so the window is owed the
 * messages due in it — not its stream openings — and is judged in messages per second. Before this accounting, a server
 * delivering a fifth of its messages passed ("achieved 150/s" against a "target" of 100 streams/s) with a negative loss.
 */
class StreamsAccountingTest {

    private static final long MS = 1_000_000L;
    private static final long START = 1_000_000_000L;
    private static final long INTERVAL = 100 * MS;
    private static final long BOUND = 20 * MS;
    private static final Load LOAD = Load.openLoop(100, 0, 2_000); // 100 streams opened at 100/s, a 2 s window

    private final FakeClock clock = new FakeClock(START, 10_000);
    private final RepetitionRecording recording = new RepetitionRecording(clock);
    private final StreamTimeline timeline = new StreamTimeline(START, 10, 100, INTERVAL, BOUND);
    private final ScriptedStreams streams = new ScriptedStreams();

    /**
     * A server on the fake clock: each send opens the next stream on the real timeline; {@link #idle()} delivers every
     * message whose due time plus its lateness has come, unless the server drops it.
     */
    private final class ScriptedStreams implements Session {
        private final LatencyRecorder recorder = recording.newRecorder("io");
        private final PriorityQueue<long[]> next =
                new PriorityQueue<>(Comparator.comparingLong(m -> m[0])); // {due, stream, k}
        LongUnaryOperator lateness = due -> MS;
        LongPredicate delivers = emitted -> true;
        private long emitted;

        @Override
        public boolean send(long intendedNanos) {
            int stream = timeline.open(clock.peek(), (timeline.streams() * 7L * MS) % INTERVAL);
            if (stream >= 0) {
                next.add(new long[] {timeline.due(stream, 0), stream, 0});
            }
            return true;
        }

        @Override
        public void idle() {
            long now = clock.peek();
            while (!next.isEmpty() && next.peek()[0] + lateness.applyAsLong(next.peek()[0]) <= now) {
                long[] m = next.poll();
                next.add(new long[] {timeline.due(m[1], m[2] + 1), m[1], m[2] + 1});
                if (delivers.test(emitted++)) {
                    recorder.recordLatency(m[0], now - m[0]);
                    timeline.delivered(m[0], now - m[0]);
                }
            }
        }

        @Override
        public long dueInWindow(long windowStartNanos, long windowEndNanos) {
            return timeline.dueBetween(windowStartNanos, windowEndNanos);
        }

        @Override
        public void close() {}
    }

    private RigOutcome run(long drainTimeoutNanos) {
        return new LoadRig(clock, recording, drainTimeoutNanos, 0.5, () -> {}, null).run(streams, LOAD, 0);
    }

    private Verdicts.Judgement judge(RigOutcome outcome) {
        return Verdicts.judge(LOAD, outcome, recording.recorded(), 0.02, Duration.ofMillis(200));
    }

    @Test
    void theWindowIsOwedTheMessagesDueInItAndJudgedInMessagesPerSecond() {
        RigOutcome outcome = run(200 * MS);
        Verdicts.Judgement j = judge(outcome);

        long due =
                timeline.dueBetween(outcome.window().start(), outcome.window().end());
        assertThat(timeline.streams()).isEqualTo(100);
        assertThat(outcome.serverPaced()).isTrue();
        assertThat(outcome.messages().sentInWindow())
                .as("what the window owes: messages due, not streams opened")
                .isEqualTo(due)
                .isGreaterThan(1_000);
        assertThat(recording.recorded()).isEqualTo(due);
        assertThat(outcome.targetRate(LOAD.targetRate()))
                .as("messages due per second")
                .isCloseTo(due / 2.0, Offset.offset(1.0));
        assertThat(outcome.senderLag())
                .as("when the rig opened a stream is not part of any message's latency")
                .isNull();
        assertThat(j.verdict()).as(j.reason()).isEqualTo(Verdict.OK);
    }

    @Test
    void aServerDeliveringAFifthOfItsMessagesFailsThoughItOutpacesTheStreamOpenings() {
        streams.delivers = emitted -> emitted % 5 == 0;

        RigOutcome outcome = run(200 * MS);
        Verdicts.Judgement j = judge(outcome);

        long due = outcome.messages().sentInWindow();
        long delivered = recording.recorded();
        assertThat(j.achievedRate())
                .as("delivered per second: more than the 100 streams/s the old check compared it with")
                .isGreaterThan(LOAD.targetRate());
        assertThat(delivered).as("lost is never negative").isLessThanOrEqualTo(due);
        assertThat(due - delivered).isGreaterThan(due / 2);
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason())
                .contains(String.format(
                        Locale.ROOT,
                        "%,d of %,d messages due in the window were not delivered within the " + "200ms drain timeout",
                        due - delivered,
                        due))
                .contains("msg/s due");
    }

    @Test
    void messagesDueAtTheWindowsEndAreWaitedForAndRecordedWithTheirWholeLateness() {
        long windowEnd = START + 2_000 * MS; // the rig starts at once (no lead): the window is [START, START + 2 s)
        streams.lateness = due -> due >= windowEnd - 50 * MS ? 30 * MS : MS;

        RigOutcome outcome = run(200 * MS);
        Verdicts.Judgement j = judge(outcome);

        assertThat(outcome.window().end()).isEqualTo(windowEnd);
        assertThat(recording.recorded())
                .as("the late tail is in the window's samples")
                .isEqualTo(outcome.messages().sentInWindow());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows =
                (List<Map<String, Object>>) timeline.summary(windowEnd).get("timeline");
        assertThat(rows.getLast())
                .as("late beyond the 20 ms bound, recorded as late as they were")
                .satisfies(row -> assertThat((Long) row.get("late")).isPositive());
        assertThat(outcome.window().drainEnded()).isGreaterThanOrEqualTo(windowEnd + 29 * MS);
        assertThat(j.verdict()).as(j.reason()).isEqualTo(Verdict.OK);
    }

    @Test
    void aRigTooSlowToOpenTheStreamsSaysSoRatherThanCountingOpeningsAsMessages() {
        LoadRig slow = new LoadRig(clock, recording, 200 * MS, 0.5, () -> {}, null);
        Session opening = new Session() {
            @Override
            public boolean send(long intendedNanos) {
                clock.advance(40 * MS); // each opening takes four ticks of the schedule
                return streams.send(intendedNanos);
            }

            @Override
            public void idle() {
                streams.idle();
            }

            @Override
            public long dueInWindow(long windowStartNanos, long windowEndNanos) {
                return streams.dueInWindow(windowStartNanos, windowEndNanos);
            }

            @Override
            public void close() {}
        };

        RigOutcome outcome = slow.run(opening, LOAD, 0);
        Verdicts.Judgement j = judge(outcome);

        assertThat(outcome.abandoned()).isTrue();
        assertThat(timeline.streams()).isLessThan(100);
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason())
                .startsWith("sender fell too far behind its schedule of openings and abandoned the window")
                .doesNotContain("messages;");
    }

    @Test
    void messagesStillMissingAfterTheDrainTimeoutAreLost() {
        long windowEnd = START + 2_000 * MS;
        streams.lateness = due -> due >= windowEnd - 50 * MS ? 300 * MS : MS;

        RigOutcome outcome = run(200 * MS);
        Verdicts.Judgement j = judge(outcome);

        long lost = outcome.messages().sentInWindow() - recording.recorded();
        assertThat(lost)
                .as("due in the last 50 ms: half an interval's worth of the 100 streams")
                .isBetween(40L, 60L);
        assertThat(outcome.window().drained()).isFalse();
        assertThat(j.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(j.reason())
                .contains(lost + " of ")
                .contains("messages due in the window were not delivered within the 200ms drain timeout");
    }
}
