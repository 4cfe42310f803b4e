package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScheduleTest {

    @Test
    void cursorMatchesClosedFormWithoutDriftAtAwkwardRates() {
        for (long rate : new long[] {1, 3, 7, 999, 1_000_003, 10_000_000}) {
            Schedule s = new Schedule(123, 0, 1_000_000_000L, rate);
            for (long i = 0; i < Math.min(rate * 3, 50_000); i++) {
                assertThat(s.current()).as("rate %d message %d", rate, i).isEqualTo(s.intendedAt(i));
                s.advance();
            }
        }
    }

    @Test
    void countsMessagesIntendedInsideTheWindow() {
        Schedule s = new Schedule(0, 5_000_000_000L, 10_000_000_000L, 3);
        assertThat(s.expectedInWindow()).isEqualTo(30);
        assertThat(new Schedule(0, 1_500_000, 1_000_000_000L, 1_000_000).expectedInWindow())
                .isEqualTo(1_000_000);
        assertThat(new Schedule(7, 0, 1, 1).expectedInWindow()).isEqualTo(1);
    }

    @Test
    void exactNanosecondIntervalsAtIntegralRates() {
        Schedule s = new Schedule(0, 0, 1_000_000_000L, 1_000_000);
        assertThat(s.intendedAt(1)).isEqualTo(1000);
        assertThat(s.intendedAt(999_999)).isEqualTo(999_999_000);
        assertThat(s.intendedAt(1_000_000)).isEqualTo(1_000_000_000L);
    }
}
