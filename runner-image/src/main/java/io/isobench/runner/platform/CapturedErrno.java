package io.isobench.runner.platform;

import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.VarHandle;

/** errno as the FFM API captures it for a downcall: the option that asks for it, the state it lands in, its value. */
final class CapturedErrno {

    /** The downcall option: the call's errno is copied into the state segment passed as its first argument. */
    static final Linker.Option CAPTURE = Linker.Option.captureCallState("errno");
    /** What to allocate for that state. */
    static final StructLayout STATE = Linker.Option.captureStateLayout();

    private static final VarHandle ERRNO = STATE.varHandle(MemoryLayout.PathElement.groupElement("errno"));

    private CapturedErrno() {}

    /** The errno the last call captured into {@code state}. */
    static int of(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }
}
