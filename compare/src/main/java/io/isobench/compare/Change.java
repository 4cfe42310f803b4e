package io.isobench.compare;

import com.fasterxml.jackson.annotation.JsonValue;

/** What one percentile of one step did from A to B (docs/compare.md). */
public enum Change {
    /** significant after Holm, and B's value at least (1 + threshold) times A's */
    SLOWER("slower"),
    /** significant after Holm, and B's value at most A's divided by (1 + threshold) */
    FASTER("faster"),
    /** not significant, or a difference smaller than the threshold */
    NO_CHANGE("no change"),
    /** fewer than {@link DecisionRule#MIN_REPETITIONS} repetitions in A or B: not a guess */
    TOO_FEW_REPETITIONS("too few repetitions to tell");

    private final String text;

    Change(String text) {
        this.text = text;
    }

    /** As users read it, and as the golden cases and the JSON output write it. */
    @JsonValue
    public String text() {
        return text;
    }

    public static Change ofText(String text) {
        for (Change c : values()) {
            if (c.text.equals(text)) {
                return c;
            }
        }
        throw new IllegalArgumentException(
                "verdict '" + text + "' is none of slower, faster, no change, too few repetitions to tell");
    }
}
