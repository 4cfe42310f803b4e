package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramsTest {

    static Histogram random(long seed, int n, long scale) {
        Histogram h = Histograms.newLatencyHistogram();
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            h.recordValue(1 + (long) (-Math.log(1 - r.nextDouble()) * scale));
        }
        return h;
    }

    @Test
    void base64RoundTripIsLossless() {
        Histogram h = random(1, 100_000, 250);
        Histogram back = Histograms.fromBase64(Histograms.toBase64(h));
        assertThat(back).isEqualTo(h);
        assertThat(back.getTotalCount()).isEqualTo(100_000);
    }

    @Test
    void mergeAddsCountsInsteadOfAveragingPercentiles() {
        Histogram fast = random(1, 98_000, 100);
        Histogram slow = random(2, 2_000, 100_000);
        Histogram merged = Histograms.merge(List.of(fast, slow));

        assertThat(merged.getTotalCount()).isEqualTo(100_000);
        assertThat(merged.getMaxValue()).isEqualTo(Math.max(fast.getMaxValue(), slow.getMaxValue()));
        // p99 of the union lies in the slow tail; the mean of the two p99s would not
        double averagedP99 = (fast.getValueAtPercentile(99) + slow.getValueAtPercentile(99)) / 2.0;
        assertThat((double) merged.getValueAtPercentile(99))
                .isNotCloseTo(averagedP99, org.assertj.core.data.Percentage.withPercentage(20));
        assertThat(merged.getValueAtPercentile(99)).isGreaterThan(fast.getValueAtPercentile(99.9));
    }

    @Test
    void rejectsGarbage() {
        assertThatThrownBy(() -> Histograms.fromBase64("bm90IGEgaGlzdG9ncmFt"))
                .isInstanceOf(ResultFormatException.class);
    }

    @Test
    void hgrmIsWrittenInMicrosecondsAndReadsBack(@TempDir Path dir) {
        Histogram h = random(3, 50_000, 300);
        Path file = dir.resolve("x.hgrm");
        HgrmTable.write(h, file);

        HgrmTable table = HgrmTable.read(file);

        assertThat(table.totalCount()).isEqualTo(50_000);
        assertThat(table.max()).isCloseTo(h.getMaxValue() / 1000.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(table.mean()).isCloseTo(h.getMean() / 1000.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(table.valueAt(50))
                .isCloseTo(h.getValueAtPercentile(50) / 1000.0, org.assertj.core.data.Offset.offset(0.002));
        assertThat(table.rows().getLast().percentile()).isEqualTo(1.0);
        assertThat(table.rows().getLast().inverse()).isInfinite();
    }

    @Test
    void hgrmParserNamesTheBadLine() {
        String text = HgrmTable.render(random(4, 10, 10))
                .replaceFirst("\\n(\\s+[0-9.]+\\s+[0-9.]+\\s+\\d+)", "\nbogus row$1");
        assertThatThrownBy(() -> HgrmTable.parse(text)).hasMessageContaining("is not a percentile row: 'bogus row");
        assertThatThrownBy(() -> HgrmTable.parse("")).hasMessageContaining("no '#[Max = …, Total count = …]' footer");
    }
}
