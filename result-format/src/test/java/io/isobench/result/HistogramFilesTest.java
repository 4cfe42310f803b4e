package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;

class HistogramFilesTest {

    private static Histogram recorded() {
        Histogram h = Histograms.newLatencyHistogram();
        for (int i = 1; i <= 1000; i++) {
            h.recordValue(i * 1_000L);
        }
        return h;
    }

    /** An interval log as the runner writes it: HdrHistogram's writer, two intervals. */
    static byte[] intervalLog() {
        var bytes = new ByteArrayOutputStream();
        try (var out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            var writer = new HistogramLogWriter(out);
            out.println("#isobench dispatch step repetition 1");
            writer.outputLogFormatVersion();
            writer.outputStartTime(1_795_392_122_033L);
            writer.outputLegend();
            for (int i = 0; i < 2; i++) {
                Histogram h = recorded();
                h.setStartTimeStamp(1_795_392_122_033L + i * 1000L);
                h.setEndTimeStamp(1_795_392_123_033L + i * 1000L);
                writer.outputIntervalHistogram(h);
            }
        }
        return bytes.toByteArray();
    }

    @Test
    void realFilesPass() {
        assertThatCode(() -> HistogramFiles.check("steps/a/rep-1_OK.hlog", intervalLog()))
                .doesNotThrowAnyException();
        assertThatCode(() -> HistogramFiles.check(
                        "steps/a/rep-1_OK.hgrm", HgrmTable.render(recorded()).getBytes(StandardCharsets.UTF_8)))
                .doesNotThrowAnyException();
    }

    @Test
    void theTableOfAnEmptyHistogramPassesAndSaysItHoldsNoSamples() {
        // what the runner writes for a repetition that FAILed before its window: HdrHistogram's table of no samples
        byte[] empty = HgrmTable.render(Histograms.newLatencyHistogram()).getBytes(StandardCharsets.UTF_8);
        assertThatCode(() -> HistogramFiles.check("steps/a/rep-1_FAIL.hgrm", empty))
                .doesNotThrowAnyException();
        HgrmTable table = HgrmTable.parse(new String(empty, StandardCharsets.UTF_8));
        assertThat(table.totalCount()).isZero();
        assertThat(table.rows()).isEmpty();
        assertThat(table.valueAt(50)).isNaN();
    }

    @Test
    void aTableWithoutRowsThatClaimsSamplesIsRefused() {
        String claims = """
                       Value     Percentile TotalCount 1/(1-Percentile)

                #[Mean    =        5.000, StdDeviation   =        0.000]
                #[Max     =        5.000, Total count    =            7]
                """;
        assertThatThrownBy(() -> HistogramFiles.check("steps/a/rep-1_OK.hgrm", claims.getBytes(StandardCharsets.UTF_8)))
                .hasMessage("steps/a/rep-1_OK.hgrm: .hgrm has no percentile rows but a total count of 7");
    }

    @Test
    void markupPassedOffAsAHistogramFileIsRefused() {
        byte[] html = "<html><script>window.__xss=1</script></html>".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> HistogramFiles.check("steps/a/rep-1_OK.hgrm", html))
                .hasMessage("steps/a/rep-1_OK.hgrm: line 1 of .hgrm is not a percentile row: "
                        + "'<html><script>window.__xss=1</script></html>'");
        assertThatThrownBy(() -> HistogramFiles.check("steps/a/rep-1_OK.hlog", html))
                .hasMessageStartingWith("steps/a/rep-1_OK.hlog: line 1 of .hlog is not an interval: '<html>");
        assertThatThrownBy(() ->
                        HistogramFiles.check("steps/a/rep-1_OK.hlog", new byte[] {(byte) 0xff, (byte) 0xfe, 0x00}))
                .hasMessage("steps/a/rep-1_OK.hlog is not UTF-8 text");
    }

    @Test
    void anIntervalLogCutMidLineIsRefused() {
        byte[] log = intervalLog();
        String text = new String(log, StandardCharsets.UTF_8).stripTrailing();
        byte[] cut = Arrays.copyOf(log, text.lastIndexOf('\n') + 1 + (text.length() - text.lastIndexOf('\n')) / 2);
        assertThatThrownBy(() -> HistogramFiles.check("steps/a/rep-1_OK.hlog", cut))
                .hasMessageStartingWith("steps/a/rep-1_OK.hlog: line ")
                .hasMessageMatching(".*(an HdrHistogram cut short|not an HdrHistogram compressed histogram).*");
    }

    @Test
    void aHistogramDeclaringAHugeShapeIsRefusedBeforeItIsAllocated() {
        // 52 base64 characters that would make HdrHistogram allocate ~48 MB
        Histogram huge = new Histogram(1, Long.MAX_VALUE / 2, 5);
        ByteBuffer buffer = ByteBuffer.allocate(huge.getNeededByteBufferCapacity());
        int length = huge.encodeIntoCompressedByteBuffer(buffer);
        String encoded = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
        assertThat(encoded).hasSizeLessThan(60);
        assertThatThrownBy(() -> Histograms.fromBase64(encoded))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageStartingWith(
                        "a histogram of another shape (5 significant digits, values 1 … 4611686018427387903)");
        byte[] log = ("0.000,1.000,1.000," + encoded + "\n").getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> HistogramFiles.check("steps/a/rep-1_OK.hlog", log))
                .hasMessageContaining("line 1 of .hlog: a histogram of another shape");
    }

    @Test
    void theFilesAResultNamesWithTheFieldThatNamesThem() {
        var named = HistogramFiles.named(ResultJsonTest.sample());
        assertThat(named).isNotEmpty().allSatisfy((path, field) -> {
            assertThat(path).startsWith("steps/").matches(".*\\.(hgrm|hlog)");
            assertThat(field).matches("steps\\[\\d+]\\.(repetitions\\[\\d+]|merged)\\.files\\.(hgrm|hlog)");
        });
        assertThat(named.values()).anyMatch(f -> f.endsWith("merged.files.hgrm"));
    }

    @Test
    void aParallelRunNamesEveryPartsFilesToo() {
        RunResult parallel = ResultJson.parse(new String(
                io.isobench.result.samples.ResultSamples.threeParts(), java.nio.charset.StandardCharsets.UTF_8));

        var named = HistogramFiles.named(parallel);

        assertThat(named)
                .containsEntry(
                        "steps/remote_rate-150/part-2/rep-2_OK.hlog",
                        "steps[0].repetitions[1].parts[2].repetition.files.hlog")
                .containsEntry("steps/remote_rate-150/rep-2_OK.hlog", "steps[0].repetitions[1].files.hlog")
                .containsEntry(
                        "steps/remote_rate-150/part-0/rep-1_OK.hgrm",
                        "steps[0].repetitions[0].parts[0].repetition.files.hgrm");
        // two repetitions, each its own two files and each of three parts' two, and the merged table
        assertThat(named).hasSize(2 * 2 + 2 * 3 * 2 + 1);
    }
}
