package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The recording thread's histogram, taken in intervals by another thread: nothing lost, nothing counted twice. */
class SingleWriterIntervalRecorderTest {

    @Test
    void eachIntervalHoldsWhatWasRecordedSinceTheLastOne() {
        var recorder = new SingleWriterIntervalRecorder();
        recorder.recordValue(1_000);
        recorder.recordValue(1_000);
        recorder.recordValue(5_000_000);

        Histogram first = recorder.intervalHistogram(null);
        assertThat(first.getTotalCount()).isEqualTo(3);
        assertThat(first.getCountAtValue(1_000)).isEqualTo(2);
        assertThat(first.getMaxValue()).isEqualTo(first.highestEquivalentValue(5_000_000));

        recorder.recordValue(7);
        Histogram second = recorder.intervalHistogram(first);
        assertThat(second).isNotSameAs(first);
        assertThat(second.getTotalCount()).isEqualTo(1);
        assertThat(second.getCountAtValue(7)).isEqualTo(1);
        // the one handed back is what is recorded into next: the monitor allocates no histogram per interval
        Histogram third = recorder.intervalHistogram(second);
        assertThat(third).isSameAs(first);
        assertThat(third.getTotalCount()).isZero();
    }

    /** A value the histogram cannot hold is refused, as HdrHistogram refuses it, and the next interval is still taken. */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aValueOutOfRangeIsRefusedWithoutHoldingUpTheReader() {
        var recorder = new SingleWriterIntervalRecorder();
        recorder.recordValue(1_000);

        assertThatThrownBy(() -> recorder.recordValue(Long.MAX_VALUE)).isInstanceOf(IndexOutOfBoundsException.class);

        assertThat(recorder.intervalHistogram(null).getTotalCount()).isEqualTo(1);
        assertThat(recorder.intervalHistogram(null).getTotalCount()).isZero();
    }

    /**
     * A writer records without pause while a reader takes intervals as fast as it can, resetting each one it took the
     * time before for the writer to record into: the intervals add up to exactly what was recorded. A reader that did
     * not wait for the writer to leave the old histogram resets it under the writer, and counts go missing; a writer
     * that counted itself in without an atomic add can undo the reader's flip, and the reader then waits for ever.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void intervalsTakenWhileTheWriterRecordsAddUpToEverythingRecorded() throws Exception {
        var recorder = new SingleWriterIntervalRecorder();
        var stop = new AtomicBoolean();
        long[] written = new long[1];
        Thread writer = new Thread(() -> {
            long n = 0;
            while (!stop.get()) {
                for (int i = 0; i < 1_000; i++) {
                    recorder.recordValue(100 + (n & 1023));
                    n++;
                }
            }
            written[0] = n;
        });
        writer.setDaemon(true);
        writer.start();
        long taken = 0;
        long intervals = 0;
        Histogram recycle = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        while (System.nanoTime() < deadline) {
            Histogram interval = recorder.intervalHistogram(recycle);
            taken += interval.getTotalCount();
            recycle = interval;
            intervals++;
        }
        stop.set(true);
        writer.join();
        taken += recorder.intervalHistogram(recycle).getTotalCount();

        assertThat(intervals).as("intervals taken while writing").isGreaterThan(1_000);
        assertThat(written[0]).as("values written").isGreaterThan(1_000_000);
        assertThat(taken).as("values in all intervals").isEqualTo(written[0]);
    }
}
