package io.isobench.runner.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.result.LatencySummary;
import io.isobench.result.RepetitionResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AllocationCheckTest {

    private static final long MESSAGES = 1_000_000;
    /** 1 KiB + a byte per 1,000 messages. */
    private static final long TOLERATED = 1024 + MESSAGES / 1000;

    @Test
    void aThreadAtTheToleranceAllocatesNothingPerMessageAndOneByteMoreDoes() {
        assertThat(AllocationCheck.toleratedBytes(MESSAGES)).isEqualTo(2024);
        assertThat(AllocationCheck.hotPathAllocation(List.of(window(MESSAGES, "client", TOLERATED))))
                .isNull();
        assertThat(AllocationCheck.hotPathAllocation(List.of(window(MESSAGES, "client", TOLERATED + 1))))
                .isEqualTo("client allocated 2,025 bytes over 1,000,000 messages (0.0 bytes per message)");
    }

    @Test
    void everyMeasuredThreadIsJudgedNotOnlyTheFirst() {
        Map<String, Long> bytes = new LinkedHashMap<>();
        bytes.put("client", 0L);
        bytes.put("agent", 80 * MESSAGES);

        assertThat(AllocationCheck.hotPathAllocation(List.of(window(MESSAGES, bytes))))
                .isEqualTo("agent allocated 80,000,000 bytes over 1,000,000 messages (80.0 bytes per message)");
    }

    @Test
    void aStepAllocatesOnlyWhenEveryRepetitionDoesSoAOneOffInOneWindowIsForgiven() {
        RepetitionResult deoptimized = window(MESSAGES, "client", 50_000);
        RepetitionResult quiet = window(MESSAGES, "client", 0);
        RepetitionResult allocating = window(MESSAGES, "client", 16 * MESSAGES);

        assertThat(AllocationCheck.hotPathAllocation(List.of(deoptimized, quiet)))
                .isNull();
        assertThat(AllocationCheck.hotPathAllocation(List.of(quiet, deoptimized)))
                .isNull();
        assertThat(AllocationCheck.hotPathAllocation(List.of(deoptimized, allocating)))
                .as("the first window over is the one named")
                .startsWith("client allocated 50,000 bytes");
    }

    @Test
    void aWindowWithoutMessagesOrWithoutFiguresIsNotJudged() {
        RepetitionResult failedBeforeItsWindow = window(0, "client", 1_000_000);
        RepetitionResult unmeasured = window(MESSAGES, Map.of());

        assertThat(AllocationCheck.hotPathAllocation(List.of(failedBeforeItsWindow, unmeasured)))
                .isNull();
        assertThat(AllocationCheck.hotPathAllocation(
                        List.of(failedBeforeItsWindow, window(MESSAGES, "client", 16 * MESSAGES))))
                .startsWith("client allocated 16,000,000 bytes");
    }

    private static RepetitionResult window(long messages, String role, long bytes) {
        return window(messages, Map.of(role, bytes));
    }

    private static RepetitionResult window(long messages, Map<String, Long> allocatedBytes) {
        return RepetitionResult.builder()
                .latency(LatencySummary.builder().count(messages).build())
                .allocatedBytes(allocatedBytes)
                .build();
    }
}
