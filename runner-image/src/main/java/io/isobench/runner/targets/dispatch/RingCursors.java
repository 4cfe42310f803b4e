package io.isobench.runner.targets.dispatch;

/**
 * The one-thread positions of a single-producer single-consumer hand-off, each alone on its cache lines (128 bytes
 * each side, laid out by class hierarchy so the JVM cannot reorder them) so the two threads never write a line the
 * other reads, except the shared counter the consumer releases (a {@code PaddedLong} next to these).
 */
final class RingCursors {

    private RingCursors() {}

    @SuppressWarnings("unused")
    abstract static class LeftPad {
        long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    }

    abstract static class ProducerFields extends LeftPad {
        /** Events claimed so far. */
        long position;
        /** The consumer's released position as last read: reread only when it says the ring is full. */
        long consumedCache;
    }

    /** The publisher's side. */
    @SuppressWarnings("unused")
    static final class Producer extends ProducerFields {
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }

    abstract static class ConsumerFields extends LeftPad {
        /** Events handled so far. */
        long position;
    }

    /** The agent's side. */
    @SuppressWarnings("unused")
    static final class Consumer extends ConsumerFields {
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }
}
