package io.isobench.operator.workload;

import io.isobench.operator.api.Durations;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Pattern;

/** Parses the duration syntax of spec fields ({@link Durations#PATTERN}: 5s, 500ms, 2m, 250us, 1.5h). */
public final class SpecDurations {

    private static final Pattern SYNTAX = Pattern.compile(Durations.PATTERN);

    private SpecDurations() {}

    public static Duration parse(String text) {
        if (text == null || !SYNTAX.matcher(text).matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration such as 500ms, 10s, 2m");
        }
        int unitStart = text.length() - (text.endsWith("us") || text.endsWith("ms") ? 2 : 1);
        BigDecimal amount = new BigDecimal(text.substring(0, unitStart));
        long nanosPerUnit = switch (text.substring(unitStart)) {
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        return Duration.ofNanos(
                amount.multiply(BigDecimal.valueOf(nanosPerUnit)).longValueExact());
    }
}
