package io.isobench.runner.plugins;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import io.isobench.target.spi.Target;
import io.isobench.target.spi.TargetOption;
import io.isobench.target.spi.TargetOptionException;
import io.isobench.target.spi.TargetProvider;
import java.util.List;
import java.util.Map;

/**
 * Plugins on the test class path (META-INF/services in src/test/resources), as a user's jar would bring them: one that
 * allocates nothing per message, one whose hot path allocates, and one that cannot describe itself.
 */
public final class TestPlugins {

    private TestPlugins() {}

    /** test-quiet: completes each message on the sender thread after {@code work} rounds of arithmetic. */
    public static final class Quiet implements TargetProvider {
        @Override
        public String name() {
            return "test-quiet";
        }

        @Override
        public String description() {
            return "Completes each message on the sender thread, allocating nothing.";
        }

        @Override
        public List<TargetOption> options() {
            return List.of(new TargetOption("work", "Rounds of arithmetic per message, 0 to 1000.", "0"));
        }

        @Override
        public Target create(Map<String, String> options) {
            return new SenderThreadTarget(name(), rounds(options.get("work")), false);
        }
    }

    /** test-allocating: as test-quiet, but each message leaves an 80-byte array on the heap. */
    public static final class Allocating implements TargetProvider {
        @Override
        public String name() {
            return "test-allocating";
        }

        @Override
        public String description() {
            return "Allocates a 64-byte array per message on the sender thread.";
        }

        @Override
        public List<TargetOption> options() {
            return List.of();
        }

        @Override
        public Target create(Map<String, String> options) {
            return new SenderThreadTarget(name(), 0, true);
        }
    }

    /** A provider whose jar is broken: it cannot even say its name. */
    public static final class Throwing implements TargetProvider {
        @Override
        public String name() {
            throw new IllegalStateException("broken on purpose");
        }

        @Override
        public String description() {
            return "never read";
        }

        @Override
        public List<TargetOption> options() {
            return List.of();
        }

        @Override
        public Target create(Map<String, String> options) {
            throw new UnsupportedOperationException();
        }
    }

    static int rounds(String value) {
        int rounds;
        try {
            rounds = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new TargetOptionException("work", value, "not a whole number");
        }
        if (rounds < 0 || rounds > 1000) {
            throw new TargetOptionException("work", value, "must be between 0 and 1000");
        }
        return rounds;
    }

    /** Sessions opened in this JVM so far: a session's metrics say how many came before it (a fresh JVM's first: 0). */
    private static final java.util.concurrent.atomic.AtomicInteger SESSIONS =
            new java.util.concurrent.atomic.AtomicInteger();

    /** Completes every message as it is sent, on the sender thread. */
    private record SenderThreadTarget(String name, int rounds, boolean allocates) implements Target {

        @Override
        public List<String> variants() {
            return List.of(name);
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
            return Map.of();
        }

        @Override
        public Session open(SessionContext context) {
            LatencyRecorder recorder = context.recording().newRecorder("client");
            int sessionsBefore = SESSIONS.getAndIncrement();
            return new Session() {
                long sum;
                byte[] last;

                @Override
                public boolean send(long intendedNanos) {
                    for (int i = 0; i < rounds; i++) {
                        sum += i * intendedNanos;
                    }
                    if (allocates) {
                        // kept in a field: escapes, so the JIT cannot take the allocation away
                        last = new byte[64];
                        last[0] = (byte) intendedNanos;
                    }
                    recorder.record(intendedNanos);
                    return true;
                }

                @Override
                public java.util.Map<String, Object> metrics() {
                    return java.util.Map.of(
                            "sum",
                            sum,
                            "last",
                            last == null ? 0 : last[0],
                            "sessionsBefore",
                            sessionsBefore,
                            "pid",
                            ProcessHandle.current().pid());
                }

                @Override
                public void close() {}
            };
        }
    }
}
