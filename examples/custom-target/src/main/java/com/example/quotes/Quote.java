package com.example.quotes;

import java.util.Arrays;

/**
 * A market-data quote as a trading system holds it: an instrument, a sequence number, and the best {@code levels}
 * bid and ask prices (fixed-point, 1e-8) with their sizes. Mutable and reused: one instance per thread, filled in
 * place, so handling a quote allocates nothing.
 */
final class Quote {

    long instrument;
    long sequence;
    int levels;
    final long[] bidPrices;
    final long[] bidSizes;
    final long[] askPrices;
    final long[] askSizes;

    Quote(int maxLevels) {
        bidPrices = new long[maxLevels];
        bidSizes = new long[maxLevels];
        askPrices = new long[maxLevels];
        askSizes = new long[maxLevels];
    }

    /** A plausible book around a mid price that moves with {@code sequence}: enough variety that nothing is constant. */
    void fill(long instrument, long sequence, int levels) {
        this.instrument = instrument;
        this.sequence = sequence;
        this.levels = levels;
        long mid = 100_00000000L + (sequence & 0xFFFF) * 1_000_000L;
        for (int i = 0; i < levels; i++) {
            bidPrices[i] = mid - (i + 1) * 500_000L;
            askPrices[i] = mid + (i + 1) * 500_000L;
            bidSizes[i] = 100 + ((sequence + i) & 0x3FF);
            askSizes[i] = 100 + ((sequence + 3 * i) & 0x3FF);
        }
    }

    /** Whether {@code other} holds the same quote (the round trip's check). */
    boolean sameAs(Quote other) {
        return instrument == other.instrument
                && sequence == other.sequence
                && levels == other.levels
                && Arrays.equals(bidPrices, 0, levels, other.bidPrices, 0, levels)
                && Arrays.equals(bidSizes, 0, levels, other.bidSizes, 0, levels)
                && Arrays.equals(askPrices, 0, levels, other.askPrices, 0, levels)
                && Arrays.equals(askSizes, 0, levels, other.askSizes, 0, levels);
    }
}
