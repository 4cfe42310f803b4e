package io.isobench.runner.targets.rsocket;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every stream's schedule on the client's clock: what a span of time is owed, exactly; per second of due time what was
 * due, delivered and late; the tipping point — the first of three sustained seconds behind or late, never one bad second.
 */
class StreamTimelineTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;
    private static final long BOUND = 100 * MS;

    private static StreamTimeline openedAtStart(int streams, long interval) {
        var timeline = new StreamTimeline(0, 20, streams, interval, BOUND);
        for (int i = 0; i < streams; i++) {
            timeline.open(0, 0);
        }
        return timeline;
    }

    /** Delivers every message of every stream due in [from, to), each {@code lateness} after it was due. */
    private static void deliverDue(StreamTimeline t, long from, long to, long lateness) {
        for (int stream = 0; stream < t.streams(); stream++) {
            for (long k = 0; ; k++) {
                long due = t.due(stream, k);
                if (due >= to) {
                    break;
                }
                if (due >= from) {
                    t.delivered(due, lateness);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> tippingPoint(Map<String, Object> summary) {
        return (Map<String, Object>) summary.get("tippingPoint");
    }

    @Test
    void aSpanIsOwedExactlyTheMessagesDueInItWhateverEachStreamsPhase() {
        var t = new StreamTimeline(0, 20, 3, 100 * MS, BOUND);
        t.open(0, 0); // due 0, 100, 200, … ms
        t.open(0, 30 * MS); // due 30, 130, 230, …
        t.open(10 * MS, 89 * MS); // due 99, 199, 299, …

        assertThat(t.dueBetween(SECOND, 2 * SECOND)).as("ten a second each").isEqualTo(30);
        // [50 ms, 250 ms): 100, 200 | 130, 230 | 99, 199
        assertThat(t.dueBetween(50 * MS, 250 * MS)).isEqualTo(6);
        // a message due at the span's start is owed to it, one due at its end to the next
        assertThat(t.dueBetween(100 * MS, 130 * MS))
                .as("100 (stream 0) but not 130 (stream 1)")
                .isEqualTo(1);
        assertThat(t.dueBetween(-SECOND, 0))
                .as("nothing before the first is due")
                .isZero();
        assertThat(t.due(2, 3)).isEqualTo(399 * MS);
        assertThat(t.due(3, 0)).as("a stream never opened").isEqualTo(-1);
        assertThat(t.due(0, -1)).isEqualTo(-1);
    }

    @Test
    void streamsAreOpenedUpToTheirNumberOnly() {
        var t = new StreamTimeline(0, 20, 2, SECOND, BOUND);
        assertThat(t.open(0, 0)).isZero();
        assertThat(t.open(0, 0)).isEqualTo(1);
        assertThat(t.open(0, 0)).isEqualTo(-1);
        assertThat(t.streams()).isEqualTo(2);
    }

    @Test
    void eachSecondHoldsItsDueMessagesAndWhatBecameOfThemNeverMoreDeliveredThanDue() {
        var t = openedAtStart(50, 100 * MS);
        deliverDue(t, 0, 3 * SECOND, MS);
        deliverDue(t, 3 * SECOND, 4 * SECOND, 2 * BOUND); // all late in second 3
        // second 4: only the first 200 ms are delivered

        deliverDue(t, 4 * SECOND, 4 * SECOND + 200 * MS, MS);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> rows =
                (List<Map<String, Object>>) t.summary(5 * SECOND + 500 * MS).get("timeline");

        assertThat(rows).as("whole seconds before the end only").hasSize(5);
        assertThat(rows.get(0))
                .containsEntry("due", 500L)
                .containsEntry("delivered", 500L)
                .containsEntry("late", 0L)
                .containsEntry("activeStreams", 50L);
        assertThat(rows.get(3))
                .containsEntry("due", 500L)
                .containsEntry("delivered", 500L)
                .containsEntry("late", 500L);
        assertThat(rows.get(4)).containsEntry("due", 500L).containsEntry("delivered", 100L);
    }

    /** 100 streams, one message a second each; second {@code s} gets {@code delivered.apply(s)} of its 100. */
    private static StreamTimeline delivering(java.util.function.IntUnaryOperator delivered) {
        var t = openedAtStart(100, SECOND);
        for (int s = 0; s < 12; s++) {
            for (int i = 0; i < delivered.applyAsInt(s); i++) {
                t.delivered(t.due(i, s), MS);
            }
        }
        return t;
    }

    @Test
    void sustainedUnderDeliveryIsTheTippingPoint() {
        var t = delivering(s -> s == 6 ? 50 : s >= 8 ? 60 : 100);

        Map<String, Object> tipping = tippingPoint(t.summary(12 * SECOND));
        assertThat(tipping)
                .as("second 6 alone is noise; 8 onwards is sustained")
                .containsEntry("second", 8)
                .containsEntry("activeStreams", 100L);
        assertThat((String) tipping.get("reason")).contains("delivered 60 of 100 messages due in a second");
        assertThat(tippingPoint(delivering(s -> s == 6 || s == 7 ? 50 : 100).summary(12 * SECOND)))
                .as("two bad seconds")
                .isNull();
    }

    @Test
    void sustainedLatenessIsTheTippingPointAndAHealthyRunHasNone() {
        var healthy = openedAtStart(100, SECOND);
        deliverDue(healthy, 0, 10 * SECOND, MS);
        assertThat(tippingPoint(healthy.summary(10 * SECOND))).isNull();

        var late = openedAtStart(100, SECOND);
        deliverDue(late, 0, 4 * SECOND, MS);
        deliverDue(late, 4 * SECOND, 10 * SECOND, 2 * BOUND);
        Map<String, Object> tipping = tippingPoint(late.summary(10 * SECOND));
        assertThat(tipping).containsEntry("second", 4);
        assertThat((String) tipping.get("reason")).contains("100 of 100 messages later than 100 ms");
    }
}
