package io.isobench.runner.harness;

import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Recording;
import io.isobench.target.spi.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * A session for rig tests: completes each message on send (recording through a real recorder), and can
 * stall, cost time per send, refuse sends, or never complete some messages.
 */
final class ScriptedSession implements Session {

    final List<Long> stamps = new ArrayList<>();
    final List<Long> sentAt = new ArrayList<>();
    private final FakeClock clock;
    private final LatencyRecorder recorder;
    long sendCostNanos;
    long stallAtSend = -1;
    long stallNanos;
    long refuseFrom = Long.MIN_VALUE;
    long refuseUntil = Long.MIN_VALUE;
    LongPredicate neverCompletes = i -> false;
    String failure;

    ScriptedSession(FakeClock clock, Recording recording) {
        this.clock = clock;
        this.recorder = recording.newRecorder("fake");
    }

    @Override
    public boolean send(long intendedNanos) {
        if (clock.peek() >= refuseFrom && clock.peek() < refuseUntil) {
            return false;
        }
        long index = stamps.size();
        if (index == stallAtSend) {
            clock.advance(stallNanos);
        }
        clock.advance(sendCostNanos);
        stamps.add(intendedNanos);
        sentAt.add(clock.peek());
        if (!neverCompletes.test(index)) {
            recorder.record(intendedNanos);
        }
        return true;
    }

    @Override
    public String failure() {
        return failure;
    }

    @Override
    public void close() {}
}
