package io.isobench.runner.targets.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.info.GraphLayout;

/**
 * Every queue lays its events out alike: each event's three fields at bytes 8–31 of a 64-byte-aligned line that no
 * other event shares. Heap objects only sit at 8-byte-aligned addresses (JOL showed a quarter of the former heap
 * events' fields straddling two lines), so the events of the queues that pass references are read-only handles on
 * off-heap lines; the test reads each event's fields back from the address its channel reports.
 */
class DispatchEventLayoutTest {

    private static final int RING = 64;

    @ParameterizedTest
    @EnumSource(DispatchQueue.class)
    void everyEventSitsAtTheSameOffsetOfItsOwnAlignedLine(DispatchQueue queue) {
        DispatchChannel channel = queue.newChannel(RING, 1);
        int held = DispatchPeerTermsTest.fill(channel, 0);
        Set<Long> lines = new HashSet<>();

        for (long n = 0; n < held; n++) {
            long address = channel.fieldsAddress(n);
            assertThat(address % EventSlots.LINE_BYTES)
                    .as(queue + ": offset of event " + n + "'s fields in its line")
                    .isEqualTo(EventSlots.INTENDED);
            assertThat(lines.add(address / EventSlots.LINE_BYTES))
                    .as(queue + ": event " + n + " shares a line")
                    .isTrue();
            MemorySegment fields = MemorySegment.ofAddress(address).reinterpret(3 * Long.BYTES);
            assertThat(fields.get(ValueLayout.JAVA_LONG, 0))
                    .as(queue + ": event " + n + " intended time")
                    .isEqualTo(n);
            assertThat(fields.get(ValueLayout.JAVA_LONG, Long.BYTES))
                    .as(queue + ": event " + n + " sequence")
                    .isEqualTo(n);
            assertThat(fields.get(ValueLayout.JAVA_LONG, 2 * Long.BYTES)).isEqualTo(n * DispatchSession.PAYLOAD_FACTOR);
        }
    }

    @Test
    void theHeapEventIsOnlyAReadOnlyHandle() {
        ClassLayout layout = ClassLayout.parseClass(DispatchEvent.class);
        System.out.println(layout.toPrintable());
        System.out.println(GraphLayout.parseInstance(DispatchQueue.DISRUPTOR.newChannel(RING, 1))
                .toFootprint());

        for (FieldLayout field : layout.fields()) {
            assertThat(Modifier.isFinal(declared(field).getModifiers()))
                    .as(field.name() + " is written after construction")
                    .isTrue();
        }
        assertThat(layout.instanceSize()).as("bytes per handle").isLessThanOrEqualTo(24);
    }

    private static java.lang.reflect.Field declared(FieldLayout field) {
        try {
            return Class.forName(field.hostClass()).getDeclaredField(field.name());
        } catch (ReflectiveOperationException e) {
            throw new LinkageError("JOL names a field reflection cannot find: " + field, e);
        }
    }
}
