package io.isobench.target.spi;

import io.isobench.result.Load;
import io.isobench.result.LoadMode;

/** Human labels for loads, in the seeds' style: "10k msg/s", "1M msg/s", "150 clients". */
public final class StepLabels {

    private StepLabels() {}

    public static String label(Load load) {
        return load.mode() == LoadMode.OPEN_LOOP
                ? rate(load.targetRate()) + " msg/s"
                : load.concurrency() + (load.concurrency() == 1 ? " in flight (ping-pong)" : " clients");
    }

    /** 10000 → "10k", 1500000 → "1.5M", 999 → "999". */
    public static String rate(long perSecond) {
        if (perSecond >= 1_000_000_000 && perSecond % 100_000_000 == 0) {
            return trim(perSecond / 1e9) + "G";
        }
        if (perSecond >= 1_000_000 && perSecond % 100_000 == 0) {
            return trim(perSecond / 1e6) + "M";
        }
        if (perSecond >= 1_000 && perSecond % 100 == 0) {
            return trim(perSecond / 1e3) + "k";
        }
        return Long.toString(perSecond);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
