package io.isobench.runner.targets.dispatch;

/**
 * The pooled event every queue carries: preallocated once, reused forever (zero allocation in steady
 * state). Padded to two cache lines so the publisher filling event n+1 never shares a line (or an
 * adjacent-line prefetch pair) with the agent reading event n.
 */
@SuppressWarnings("unused")
public final class DispatchEvent extends DispatchEventFields {

    void fill(long intendedNanos, long sequence, long payload) {
        this.intendedNanos = intendedNanos;
        this.sequence = sequence;
        this.payload = payload;
    }

    void deliverTo(DispatchChannel.EventHandler handler) {
        handler.onEvent(intendedNanos, sequence, payload);
    }

    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22, p23, p24, p25;
}

abstract class DispatchEventLeftPad {
    @SuppressWarnings("unused")
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

abstract class DispatchEventFields extends DispatchEventLeftPad {
    /** When the rig intended this message to be sent (ns, rig clock). */
    long intendedNanos;
    /** Publisher's sequence number, to catch loss and reordering. */
    long sequence;
    /** A value derived from the sequence, to catch torn or stale reads. */
    long payload;
}
