package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.GeneratorLag;
import io.isobench.result.Histograms;
import org.junit.jupiter.api.Test;

class SenderLagTest {

    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    @Test
    void theLongestLagIsTheLongestSendNotTheCeilingTheHistogramIsGivenUpFront() {
        SenderLag lag = new SenderLag(null);
        lag.open(0);
        lag.sent(100 * US, 110 * US, Long.MIN_VALUE); // 10 µs late
        lag.sent(200 * US, 200 * US + 3 * MS, Long.MIN_VALUE); // 3 ms late
        lag.sent(300 * US, 550 * US, Long.MIN_VALUE); // 250 µs late
        for (int i = 0; i < 97; i++) {
            lag.sent(MS + i * US, MS + i * US, Long.MIN_VALUE); // on time
        }

        GeneratorLag figures = lag.figures(5 * US, 4 * MS);

        assertThat(figures.sends()).isEqualTo(100);
        assertThat(figures.sendLagMax()).isBetween(3 * MS, 3 * MS + 3 * US);
        assertThat(figures.sendLagP99()).as("the second-longest of 100").isBetween(250 * US, 251 * US);
        assertThat(figures.sendLagP50()).isZero();
    }

    @Test
    void aLagPastTheHistogramsRangeIsRecordedAtItsCeiling() {
        SenderLag lag = new SenderLag(null);
        lag.open(0);
        lag.sent(1, 1 + 2 * Histograms.HIGHEST_NANOS, Long.MIN_VALUE);

        GeneratorLag figures = lag.figures(1, 1);

        assertThat(figures.sends()).isEqualTo(1);
        assertThat(figures.sendLagMax())
                .isBetween(Histograms.HIGHEST_NANOS, Histograms.HIGHEST_NANOS + Histograms.HIGHEST_NANOS / 1000);
    }

    @Test
    void sendsOnTimeOrBeforeTheWindowLeaveNoLag() {
        SenderLag lag = new SenderLag(null);
        lag.open(MS);
        lag.sent(0, 500 * US, Long.MIN_VALUE); // warm-up: not counted
        lag.sent(2 * MS, 2 * MS, Long.MIN_VALUE);

        GeneratorLag figures = lag.figures(1, 1);

        assertThat(figures.sends()).isEqualTo(1);
        assertThat(figures.sendLagMax()).isZero();
        assertThat(figures.sendLagP99()).isZero();
        assertThat(new SenderLag(null).figures(1, 1).sendLagMax())
                .as("nothing sent")
                .isZero();
    }
}
