package com.example.quotes;

import io.isobench.target.spi.Target;
import io.isobench.target.spi.TargetOption;
import io.isobench.target.spi.TargetOptionException;
import io.isobench.target.spi.TargetProvider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Registers quote-codec with the runner (META-INF/services/io.isobench.target.spi.TargetProvider): its name, what it
 * measures, its options, and the target built from them.
 */
public final class QuoteCodecProvider implements TargetProvider {

    static final String NAME = "quote-codec";
    static final int MAX_LEVELS = 64;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "A market-data quote encoded to its binary wire format and decoded back, per message.";
    }

    @Override
    public List<TargetOption> options() {
        return List.of(
                new TargetOption("levels", "Price levels per side in each quote, 1 to " + MAX_LEVELS + ".", "10"),
                new TargetOption(
                        "buffers",
                        "direct or heap: one buffer reused; per-message: a new array per quote (allocates);"
                                + " several, comma-separated, run side by side.",
                        "direct"));
    }

    @Override
    public Target create(Map<String, String> options) {
        return new QuoteCodecTarget(levels(options.get("levels")), buffers(options.get("buffers")));
    }

    private static int levels(String value) {
        int levels;
        try {
            levels = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new TargetOptionException("levels", value, "not a whole number");
        }
        if (levels < 1 || levels > MAX_LEVELS) {
            throw new TargetOptionException("levels", value, "must be between 1 and " + MAX_LEVELS);
        }
        return levels;
    }

    private static List<QuoteCodecTarget.Buffers> buffers(String value) {
        List<QuoteCodecTarget.Buffers> chosen = new ArrayList<>();
        for (String word : value.split(",", -1)) {
            QuoteCodecTarget.Buffers buffers = Arrays.stream(QuoteCodecTarget.Buffers.values())
                    .filter(b -> QuoteCodecTarget.word(b).equals(word.strip()))
                    .findFirst()
                    .orElseThrow(() -> new TargetOptionException(
                            "buffers", value, "'" + word + "' is not one of direct, heap, per-message"));
            if (chosen.contains(buffers)) {
                throw new TargetOptionException("buffers", value, "'" + word + "' is given twice");
            }
            chosen.add(buffers);
        }
        return chosen;
    }
}
