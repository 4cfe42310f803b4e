package com.example.quotes;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The code under test: a quote's wire format, little-endian and fixed-layout (instrument, sequence, level count, then
 * price and size per level, bids before asks). {@link #encode} and {@link #decode} work in buffers the caller owns.
 */
final class QuoteCodec {

    static final int HEADER_BYTES = 8 + 8 + 4;
    static final int LEVEL_BYTES = 4 * 8;

    private QuoteCodec() {}

    static int encodedSize(int levels) {
        return HEADER_BYTES + levels * LEVEL_BYTES;
    }

    /** Writes {@code quote} at {@code out}'s start; returns the bytes written. */
    static int encode(Quote quote, ByteBuffer out) {
        out.putLong(0, quote.instrument);
        out.putLong(8, quote.sequence);
        out.putInt(16, quote.levels);
        int at = HEADER_BYTES;
        for (int i = 0; i < quote.levels; i++) {
            out.putLong(at, quote.bidPrices[i]);
            out.putLong(at + 8, quote.bidSizes[i]);
            out.putLong(at + 16, quote.askPrices[i]);
            out.putLong(at + 24, quote.askSizes[i]);
            at += LEVEL_BYTES;
        }
        return at;
    }

    /** Reads a quote written by {@link #encode} from {@code in}'s start into {@code into}. */
    static void decode(ByteBuffer in, Quote into) {
        into.instrument = in.getLong(0);
        into.sequence = in.getLong(8);
        into.levels = in.getInt(16);
        int at = HEADER_BYTES;
        for (int i = 0; i < into.levels; i++) {
            into.bidPrices[i] = in.getLong(at);
            into.bidSizes[i] = in.getLong(at + 8);
            into.askPrices[i] = in.getLong(at + 16);
            into.askSizes[i] = in.getLong(at + 24);
            at += LEVEL_BYTES;
        }
    }

    /** A buffer for one encoded quote of up to {@code levels} levels, in the codec's byte order. */
    static ByteBuffer buffer(int levels, boolean direct) {
        int size = encodedSize(levels);
        return (direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size)).order(ByteOrder.LITTLE_ENDIAN);
    }
}
