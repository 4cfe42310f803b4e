package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses the runner's option values; every error names the option and the value. */
final class OptionParsers {

    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)([kKmMgG]?)");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ns|us|µs|ms|s|m|h)");
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%");

    static final long MAX_RATE = 1_000_000_000L;

    private OptionParsers() {}

    /** "10k,100k,1M,10M" → [10000, 100000, 1000000, 10000000], each rate once. */
    static List<Long> rates(String option, String text) {
        List<Long> rates = new ArrayList<>();
        Map<Long, String> given = new HashMap<>();
        for (String part : splitList(option, text)) {
            Matcher m = RATE.matcher(part);
            if (!m.matches()) {
                throw new UsageException(
                        option + " '" + part + "': not a rate; use messages per second like 10000, 10k, 1.5M");
            }
            double multiplier = switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> 1e3;
                case "m" -> 1e6;
                case "g" -> 1e9;
                default -> 1;
            };
            double value = Double.parseDouble(m.group(1)) * multiplier;
            if (value != Math.rint(value)) {
                throw new UsageException(option + " '" + part + "': must be a whole number of messages per second");
            }
            long rate = (long) value;
            if (rate <= 0 || rate > MAX_RATE) {
                throw new UsageException(
                        option + " '" + part + "': must be between 1 and " + MAX_RATE + " messages per second");
            }
            once(option, part, rate, given);
            rates.add(rate);
        }
        return rates;
    }

    /** "10,50,150" → [10, 50, 150], each in [1, max], each once. */
    static List<Integer> counts(String option, String text, int max) {
        List<Integer> counts = new ArrayList<>();
        Map<Integer, String> given = new HashMap<>();
        for (String part : splitList(option, text)) {
            try {
                int n = Integer.parseInt(part);
                if (n < 1 || n > max) {
                    throw new UsageException(option + " '" + part + "': must be between 1 and " + max);
                }
                once(option, part, n, given);
                counts.add(n);
            } catch (NumberFormatException e) {
                throw new UsageException(option + " '" + part + "': not a whole number");
            }
        }
        return counts;
    }

    /**
     * Refuses a sweep value given twice (1M and 1000k are one rate): each is one step, and the step and its files are
     * named by it, so a second one would overwrite the first's files.
     */
    private static <T> void once(String option, String part, T value, Map<T, String> given) {
        String earlier = given.putIfAbsent(value, part);
        if (earlier != null) {
            throw new UsageException(option + " '" + part + "': the same as '" + earlier + "' before it; each value is"
                    + " one step of the sweep, and the step and its files are named by it");
        }
    }

    /** "5s", "500ms", "2m", "250us" → nanoseconds; {@code allowZero} for options where 0 means "off". */
    static long durationNanos(String option, String text, boolean allowZero) {
        String t = text == null ? "" : text.strip();
        if (t.equals("0") && allowZero) {
            return 0;
        }
        Matcher m = DURATION.matcher(t);
        if (!m.matches()) {
            throw new UsageException(
                    option + " '" + text + "': not a duration; use a number and a unit like 5s, 500ms, 2m"
                            + (t.startsWith("-") ? " (durations cannot be negative)" : ""));
        }
        double value = Double.parseDouble(m.group(1));
        double nanos = value
                * switch (m.group(2)) {
                    case "ns" -> 1;
                    case "us", "µs" -> 1e3;
                    case "ms" -> 1e6;
                    case "s" -> 1e9;
                    case "m" -> 60e9;
                    default -> 3600e9;
                };
        if (nanos < 1 && !allowZero) {
            throw new UsageException(option + " '" + text + "': must be longer than zero");
        }
        if (nanos > 24 * 3600e9) {
            throw new UsageException(option + " '" + text + "': must be at most 24h");
        }
        return (long) nanos;
    }

    /** {@link #durationNanos} as a {@link Duration}. */
    static Duration duration(String option, String text, boolean allowZero) {
        return Duration.ofNanos(durationNanos(option, text, allowZero));
    }

    /** "2%" or "0.02" → 0.02, in [0, 1). */
    static double fraction(String option, String text) {
        String t = text.strip();
        double value;
        try {
            Matcher m = PERCENT.matcher(t);
            value = m.matches() ? Double.parseDouble(m.group(1)) / 100 : Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new UsageException(option + " '" + text + "': not a fraction; use 2% or 0.02");
        }
        if (value < 0 || value >= 1) {
            throw new UsageException(option + " '" + text + "': must be at least 0% and below 100%");
        }
        return value;
    }

    private static List<String> splitList(String option, String text) {
        List<String> parts = new ArrayList<>();
        for (String p : (text == null ? "" : text).split(",")) {
            if (!p.isBlank()) {
                parts.add(p.strip());
            }
        }
        if (parts.isEmpty()) {
            throw new UsageException(option + " '" + text + "': give at least one value");
        }
        return parts;
    }
}
