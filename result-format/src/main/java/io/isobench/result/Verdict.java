package io.isobench.result;

/**
 * Whether a repetition, step or run met its goals; a FAIL always comes with a reason. INCONCLUSIVE: the host was
 * too noisy while it ran (a stall, throttling, steal… beyond the noise budget) for the figures to say anything
 * about the code; it names the noise as its reason. Combined, FAIL beats INCONCLUSIVE beats OK.
 */
public enum Verdict {
    OK,
    FAIL,
    INCONCLUSIVE;

    public static Verdict of(boolean ok) {
        return ok ? OK : FAIL;
    }

    /** The verdict of a whole made of parts judged {@code a} and {@code b}: FAIL beats INCONCLUSIVE beats OK. */
    public static Verdict worst(Verdict a, Verdict b) {
        return a.severity() >= b.severity() ? a : b;
    }

    private int severity() {
        return switch (this) {
            case OK -> 0;
            case INCONCLUSIVE -> 1;
            case FAIL -> 2;
        };
    }
}
