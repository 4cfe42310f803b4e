package io.isobench.runner.harness;

import java.time.Duration;

/**
 * A duration written as the runner's options take it ("500ms", "5s", "2m"), so a message about an option shows a value
 * the user could pass back. The largest unit that holds it whole is used: 1.5 s reads "1500ms".
 */
public final class DurationText {

    private static final long[] UNIT_NANOS = {
        3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L
    };
    private static final String[] UNIT_NAMES = {"h", "m", "s", "ms", "us", "ns"};

    private DurationText() {}

    public static String of(Duration duration) {
        long nanos = duration.toNanos();
        if (nanos == 0) {
            return "0";
        }
        for (int i = 0; i < UNIT_NANOS.length; i++) {
            if (nanos % UNIT_NANOS[i] == 0) {
                return nanos / UNIT_NANOS[i] + UNIT_NAMES[i];
            }
        }
        throw new AssertionError("every whole number of nanoseconds is a whole number of ns");
    }
}
