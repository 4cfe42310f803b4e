package io.isobench.result;

/** Whether a repetition, step or run met its goals; a FAIL always comes with a reason. */
public enum Verdict {
    OK,
    FAIL;

    public static Verdict of(boolean ok) {
        return ok ? OK : FAIL;
    }
}
