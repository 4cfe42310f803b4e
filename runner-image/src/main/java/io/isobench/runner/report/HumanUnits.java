package io.isobench.runner.report;

import java.util.Locale;

/** Nanoseconds and rates written the way the seed write-ups write them: "250 ns", "7.5 µs", "1.13 ms". */
public final class HumanUnits {

    private HumanUnits() {}

    public static String latency(double nanos) {
        if (nanos < 1_000) {
            return Math.round(nanos) + " ns";
        }
        if (nanos < 1_000_000) {
            return threeDigits(nanos / 1e3) + " µs";
        }
        if (nanos < 1_000_000_000) {
            return threeDigits(nanos / 1e6) + " ms";
        }
        return threeDigits(nanos / 1e9) + " s";
    }

    /** Three significant digits, trailing zeros dropped: 7.50 → "7.5", 16.54 → "16.5", 444.2 → "444". */
    static String threeDigits(double v) {
        int decimals = v >= 100 ? 0 : v >= 10 ? 1 : 2;
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }

    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** 998765.4 → "999k/s", 10_000_000 → "10.0M/s". */
    public static String rate(double perSecond) {
        if (perSecond >= 999_500) {
            return String.format(Locale.ROOT, "%.2fM/s", perSecond / 1e6);
        }
        if (perSecond >= 999.5) {
            return String.format(Locale.ROOT, "%.1fk/s", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f/s", perSecond);
    }
}
