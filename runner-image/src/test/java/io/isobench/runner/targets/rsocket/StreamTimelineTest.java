package io.isobench.runner.targets.rsocket;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tipping point: the first of three sustained seconds behind schedule or late; never a single bad second. */
class StreamTimelineTest {

    private static final long SECOND = 1_000_000_000L;
    private static final long BOUND = 100_000_000L;

    private static StreamTimeline openedAtStart(int streams) {
        var timeline = new StreamTimeline(0, 20, SECOND, BOUND);
        for (int i = 0; i < streams; i++) {
            timeline.opened(0);
        }
        return timeline;
    }

    private static void deliver(StreamTimeline t, int second, int count, long latency) {
        for (int i = 0; i < count; i++) {
            t.delivered(second * SECOND + i, latency);
        }
    }

    @Test
    void sustainedUnderDeliveryIsTheTippingPoint() {
        var t = openedAtStart(100);
        for (int s = 1; s < 6; s++) {
            deliver(t, s, 100, 1_000_000);
        }
        deliver(t, 6, 50, 1_000_000); // one bad second is noise
        deliver(t, 7, 100, 1_000_000);
        for (int s = 8; s < 12; s++) {
            deliver(t, s, 60, 1_000_000);
        }
        Map<String, Object> summary = t.summary(12);

        @SuppressWarnings("unchecked")
        Map<String, Object> tipping = (Map<String, Object>) summary.get("tippingPoint");
        assertThat(tipping).containsEntry("second", 8).containsEntry("activeStreams", 100L);
        assertThat((String) tipping.get("reason")).contains("delivered 60 of 100 expected");
    }

    @Test
    void sustainedLatenessIsTheTippingPointAndAHealthyRunHasNone() {
        var healthy = openedAtStart(100);
        for (int s = 1; s < 10; s++) {
            deliver(healthy, s, 100, 1_000_000);
        }
        assertThat(healthy.summary(10).get("tippingPoint")).isNull();

        var late = openedAtStart(100);
        for (int s = 1; s < 10; s++) {
            deliver(late, s, 100, s >= 4 ? 2 * BOUND : 1_000_000);
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> tipping = (Map<String, Object>) late.summary(10).get("tippingPoint");
        assertThat(tipping).containsEntry("second", 4);
        assertThat((String) tipping.get("reason")).contains("100 of 100 messages later than 100 ms");
    }
}
