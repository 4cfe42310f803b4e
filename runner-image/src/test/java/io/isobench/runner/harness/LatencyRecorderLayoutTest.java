package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * The completion counter a closed-loop publisher reads is written by the recording thread on every message: it must
 * sit alone, at least two cache lines (a line and its adjacent-line prefetch pair) from any other field on each side,
 * or every read by the publisher steals the line the recording thread is writing its other fields into.
 */
class LatencyRecorderLayoutTest {

    private static final long PADDING = 128;
    /** The padding fields' names (p00…, q00…): never read or written. */
    private static final Pattern PADDING_FIELD = Pattern.compile("[pq]\\d\\d");

    @Test
    void theCompletionCounterSitsAloneOnItsCacheLines() throws Exception {
        ClassLayout holder = ClassLayout.parseClass(WindowedLatencyRecorder.class);
        FieldLayout counter = field(holder, "completed");
        if (!counter.typeClass().equals("long")) {
            // held in a padded box: the box's own long is the counter
            holder = ClassLayout.parseClass(Class.forName(counter.typeClass()));
            counter = field(holder, "value");
            assertThat(counter.typeClass()).as("the padded box's counter").isEqualTo("long");
        }
        System.out.println(holder.toPrintable());

        for (FieldLayout other : holder.fields()) {
            // two fields never share an offset: the counter's is the counter itself
            if (other.offset() != counter.offset()
                    && !PADDING_FIELD.matcher(other.name()).matches()) {
                long gap = other.offset() < counter.offset()
                        ? counter.offset() - (other.offset() + other.size())
                        : other.offset() - (counter.offset() + counter.size());
                assertThat(gap)
                        .as("bytes between the completion counter and " + other.name())
                        .isGreaterThanOrEqualTo(PADDING);
            }
        }
        assertThat(counter.offset())
                .as("bytes between the object's start and the counter")
                .isGreaterThanOrEqualTo(PADDING);
        assertThat(holder.instanceSize() - counter.offset() - counter.size())
                .as("bytes after the counter")
                .isGreaterThanOrEqualTo(PADDING);
    }

    private static FieldLayout field(ClassLayout layout, String name) {
        return layout.fields().stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError(layout.toPrintable()));
    }
}
