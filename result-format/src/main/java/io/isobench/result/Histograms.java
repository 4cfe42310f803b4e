package io.isobench.result;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
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

    /**
     * Decodes a histogram of this shape (or a smaller one). The shape in its header is checked before anything is
     * allocated: a few bytes can declare a histogram of tens of megabytes, and what is decoded comes from uploads.
     */
    public static Histogram fromBase64(String encoded) {
        try {
            byte[] compressed = Base64.getDecoder().decode(encoded);
            requireShape(compressed);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), HIGHEST_NANOS);
        } catch (DataFormatException | IllegalArgumentException | java.nio.BufferUnderflowException e) {
            throw new ResultFormatException("not an HdrHistogram compressed histogram: " + e.getMessage(), e);
        }
    }

    /** HdrHistogram's V2 compressed encoding: cookie, length, then deflated: cookie, payload length, offset, digits, lowest, highest. */
    private static final int COMPRESSED_COOKIE_BASE = 0x1c849304;

    private static final int HEADER_BYTES = 40;

    private static void requireShape(byte[] compressed) throws DataFormatException {
        ByteBuffer buffer = ByteBuffer.wrap(compressed);
        int cookie = buffer.getInt();
        int length = buffer.getInt();
        if ((cookie & ~0xf0) != COMPRESSED_COOKIE_BASE) {
            throw new ResultFormatException(
                    "not an HdrHistogram V2 compressed histogram (cookie 0x" + Integer.toHexString(cookie) + ")");
        }
        if (length < 0 || length > compressed.length - 8) {
            throw new ResultFormatException(
                    "an HdrHistogram cut short: " + (compressed.length - 8) + " of " + length + " compressed bytes");
        }
        Inflater inflater = new Inflater();
        byte[] header = new byte[HEADER_BYTES];
        try {
            inflater.setInput(compressed, 8, length);
            if (inflater.inflate(header) < HEADER_BYTES) {
                throw new ResultFormatException("an HdrHistogram whose header is cut short");
            }
        } finally {
            inflater.end();
        }
        ByteBuffer h = ByteBuffer.wrap(header, 12, HEADER_BYTES - 12);
        int digits = h.getInt();
        long lowest = h.getLong();
        long highest = h.getLong();
        if (digits < 0 || digits > SIGNIFICANT_DIGITS || lowest < LOWEST_NANOS || highest > HIGHEST_NANOS) {
            throw new ResultFormatException(
                    "a histogram of another shape (" + digits + " significant digits, values " + lowest
                            + " … " + highest + "); isobench records " + SIGNIFICANT_DIGITS + " digits, " + LOWEST_NANOS
                            + " … " + HIGHEST_NANOS
                            + " ns");
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
