package io.isobench.compare;

import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down correction: comparing every percentile of every step makes one "any change?" question of many
 * tests, and Holm keeps the chance of any false alarm among them at α whatever their dependence (the percentiles of a
 * step move together).
 */
public final class Holm {

    private Holm() {}

    /**
     * Adjusted p-values, in the order given: the i-th smallest p becomes the largest of (m − j + 1)·p₍ⱼ₎ over j ≤ i,
     * at most 1. A test is significant at α when its adjusted p is at most α.
     */
    public static double[] adjust(double[] p) {
        int m = p.length;
        Integer[] order = IntStream.range(0, m)
                .boxed()
                .sorted(Comparator.comparingDouble(i -> p[i]))
                .toArray(Integer[]::new);
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            running = Math.max(running, Math.min(1, (m - rank) * p[order[rank]]));
            adjusted[order[rank]] = running;
        }
        return adjusted;
    }
}
