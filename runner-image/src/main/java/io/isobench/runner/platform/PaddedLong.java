package io.isobench.runner.platform;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A long alone on its cache lines (128 bytes of padding on each side, laid out by class hierarchy so the
 * JVM cannot reorder it), read with acquire and written with release semantics: the one shared word of a
 * single-producer single-consumer hand-off.
 */
public final class PaddedLong extends PaddedLongValue {

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedLongValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

    public long getAcquire() {
        return (long) VALUE.getAcquire(this);
    }

    public void setRelease(long v) {
        VALUE.setRelease(this, v);
    }
}

abstract class PaddedLongLeft {
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class PaddedLongValue extends PaddedLongLeft {
    volatile long value;
}
