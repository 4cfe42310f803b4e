package io.isobench.runner.harness;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import io.isobench.target.spi.Target;
import java.util.List;
import java.util.Map;

/** A target whose messages complete on send, on the sender thread: exercises the whole harness in milliseconds. */
final class InstantTarget implements Target {

    final List<String> variants;
    String failOpen;
    /** Sends after which {@code send} throws, as a target with a bug would (0: never). */
    long throwAfterSends;

    InstantTarget(String... variants) {
        this.variants = List.of(variants);
    }

    @Override
    public String name() {
        return "instant";
    }

    @Override
    public List<String> variants() {
        return variants;
    }

    @Override
    public String senderRole() {
        return "client";
    }

    @Override
    public List<String> threadRoles() {
        return List.of();
    }

    @Override
    public LatencyMeasure measure(LoadMode mode) {
        return LatencyMeasure.ONE_WAY;
    }

    @Override
    public Map<String, Object> options() {
        return Map.of("variants", variants);
    }

    @Override
    public Session open(SessionContext context) {
        if (failOpen != null) {
            throw new IllegalStateException(failOpen);
        }
        LatencyRecorder recorder = context.recording().newRecorder("client");
        return new Session() {
            long sends;

            @Override
            public boolean send(long intendedNanos) {
                if (throwAfterSends > 0 && ++sends > throwAfterSends) {
                    throw new IllegalStateException("send " + sends + " broke");
                }
                recorder.record(intendedNanos);
                return true;
            }

            @Override
            public void close() {}
        };
    }
}
