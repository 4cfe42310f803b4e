package io.isobench.runner.cli;

import io.isobench.result.LoadMode;

/** The target commands' choices that are one word of a few, typed; each converter lists the words it takes. */
final class RunChoices {

    private RunChoices() {}

    /** {@code --mode}: the CLI's words for the result's load modes. */
    enum Mode {
        /** Fixed-rate schedule, latency from each message's intended send time. */
        OPEN(LoadMode.OPEN_LOOP),
        /** The next message when one completes. */
        CLOSED(LoadMode.CLOSED_LOOP);

        final LoadMode loadMode;

        Mode(LoadMode loadMode) {
            this.loadMode = loadMode;
        }
    }

    /** {@code --fork}: whether each variant runs in a JVM of its own. */
    enum Fork {
        /** Each variant in a fresh JVM (JIT profiles and heaps stay apart). */
        AUTO,
        /** Every variant in this JVM. */
        NONE
    }

    /** {@code --progress}: how a run reports while it runs. */
    enum ProgressStyle {
        /** A bar on a terminal, else a log. */
        AUTO,
        /** A live line on a terminal. */
        BAR,
        /** JSON lines on stderr. */
        LOG,
        /** Nothing. */
        NONE
    }

    static final class ModeWords extends OptionWords<Mode> {
        ModeWords() {
            super(Mode.class);
        }
    }

    static final class ForkWords extends OptionWords<Fork> {
        ForkWords() {
            super(Fork.class);
        }
    }

    static final class ProgressWords extends OptionWords<ProgressStyle> {
        ProgressWords() {
            super(ProgressStyle.class);
        }
    }
}
