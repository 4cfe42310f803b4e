package io.isobench.result;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/** The one latency histogram shape isobench records into, and its lossless encoding and merging. */
public final class Histograms {

    /** 1 ns resolution up to one hour, 3 significant digits: ≤ 0.1% error at any magnitude. */
    public static final long LOWEST_NANOS = 1;
    public static final long HIGHEST_NANOS = 3_600_000_000_000L;
    public static final int SIGNIFICANT_DIGITS = 3;

    private Histograms() {}

    public static Histogram newLatencyHistogram() {
        return new Histogram(LOWEST_NANOS, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
    }

    public static String toBase64(AbstractHistogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    public static Histogram fromBase64(String encoded) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), HIGHEST_NANOS);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new ResultFormatException("not an HdrHistogram compressed histogram: " + e.getMessage(), e);
        }
    }

    /** Adds every histogram into a new one: the lossless merge (percentiles are never averaged). */
    public static Histogram merge(Iterable<? extends AbstractHistogram> histograms) {
        Histogram merged = newLatencyHistogram();
        for (AbstractHistogram h : histograms) {
            merged.add(h);
        }
        return merged;
    }
}
