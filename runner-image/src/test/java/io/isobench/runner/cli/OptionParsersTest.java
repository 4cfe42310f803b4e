package io.isobench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.runner.harness.DurationText;
import io.isobench.runner.harness.UsageException;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OptionParsersTest {

    @ParameterizedTest
    @ValueSource(strings = {"5s", "500ms", "2m", "1h", "250us", "7ns"})
    void aDurationWrittenInItsLargestWholeUnitReadsBackAsWritten(String text) {
        // the messages about --drain-timeout and --noise-budget show the Duration: it must be the value the user gave
        Duration read = OptionParsers.duration("--drain-timeout", text, false);
        assertThat(DurationText.of(read)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "soon", "-1s", "0s", "25h"})
    void aBadDurationIsRefusedNamingTheOptionAndTheValue(String text) {
        assertThatThrownBy(() -> OptionParsers.duration("--drain-timeout", text, false))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("--drain-timeout '" + text + "': ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "0s"})
    void zeroIsADurationOnlyWhereItMeansOff(String text) {
        assertThat(OptionParsers.duration("--probe-duration", text, true)).isEqualTo(Duration.ZERO);
    }
}
