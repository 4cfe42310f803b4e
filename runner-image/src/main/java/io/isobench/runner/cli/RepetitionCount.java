package io.isobench.runner.cli;

import io.isobench.runner.harness.UsageException;
import java.util.Map;

/**
 * {@code --repetitions N}, or {@code auto} with {@code --precision} and {@code --max-repetitions}: how many repetitions a step
 * gets, checked once, each bad value named.
 *
 * @param most      a fixed count, or the budget with auto
 * @param precision 0 for a fixed count; with auto the fraction p50's and p99's interval must be within
 */
record RepetitionCount(int most, double precision) {

    static final int MAX = 100;
    static final String DEFAULT_PRECISION = "5%";
    static final int DEFAULT_BUDGET = 20;

    static RepetitionCount parse(String repetitions, String precision, Integer maxRepetitions) {
        if ("auto".equals(repetitions.strip())) {
            double fraction = OptionParsers.fraction("--precision", precision == null ? DEFAULT_PRECISION : precision);
            if (fraction <= 0) {
                throw new UsageException("--precision '" + precision + "': must be above 0%");
            }
            int budget = maxRepetitions == null ? DEFAULT_BUDGET : maxRepetitions;
            if (budget < 3 || budget > MAX) {
                throw new UsageException("--max-repetitions '" + budget + "': must be between 3 and " + MAX);
            }
            return new RepetitionCount(budget, fraction);
        }
        if (precision != null || maxRepetitions != null) {
            String option = precision != null
                    ? "--precision '" + precision + "'"
                    : "--max-repetitions '" + maxRepetitions + "'";
            throw new UsageException(option + ": only applies with --repetitions auto");
        }
        int count;
        try {
            count = Integer.parseInt(repetitions.strip());
        } catch (NumberFormatException e) {
            throw new UsageException(
                    "--repetitions '" + repetitions + "': use a number from 1 to " + MAX + ", or auto");
        }
        if (count < 1 || count > MAX) {
            throw new UsageException("--repetitions '" + repetitions + "': must be between 1 and " + MAX);
        }
        return new RepetitionCount(count, 0);
    }

    /** Into result.json's config: the count, or "auto" with the precision and the budget. */
    void describe(Map<String, Object> config) {
        if (precision == 0) {
            config.put("repetitions", most);
            return;
        }
        config.put("repetitions", "auto");
        config.put("precision", precision);
        config.put("maxRepetitions", most);
    }
}
