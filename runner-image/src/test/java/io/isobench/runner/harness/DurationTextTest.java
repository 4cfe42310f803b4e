package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationTextTest {

    @Test
    void aDurationIsWrittenInTheLargestUnitThatHoldsItWhole() {
        assertThat(DurationText.of(Duration.ofSeconds(5))).isEqualTo("5s");
        assertThat(DurationText.of(Duration.ofMillis(500))).isEqualTo("500ms");
        assertThat(DurationText.of(Duration.ofMillis(1500)))
                .as("1.5 s is not whole seconds")
                .isEqualTo("1500ms");
        assertThat(DurationText.of(Duration.ofSeconds(90))).isEqualTo("90s");
        assertThat(DurationText.of(Duration.ofMinutes(2))).isEqualTo("2m");
        assertThat(DurationText.of(Duration.ofHours(24))).isEqualTo("24h");
        assertThat(DurationText.of(Duration.ofNanos(250_000))).isEqualTo("250us");
        assertThat(DurationText.of(Duration.ofNanos(7))).isEqualTo("7ns");
        assertThat(DurationText.of(Duration.ZERO)).isEqualTo("0");
    }
}
