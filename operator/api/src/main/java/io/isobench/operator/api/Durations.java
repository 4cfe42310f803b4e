package io.isobench.operator.api;

/** The duration syntax spec fields share with the runner's options: a number and one unit (5s, 500ms, 2m, 250us). */
public final class Durations {

    public static final String PATTERN = "^[0-9]+(\\.[0-9]+)?(us|ms|s|m|h)$";

    private Durations() {}
}
