package io.isobench.runner.targets.dispatch;

import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One repetition of the dispatch hop: the rig's publisher thread offers events, a pinned busy-spin agent
 * drains them into the handler, which records latency from each event's intended publish time.
 */
final class DispatchSession implements Session {

    /** Events handed to the handler per drain call, like a busy-spin agent's duty cycle limit. */
    static final int DRAIN_LIMIT = 256;
    /** Payload check value: payload = sequence × this, so a stale or torn read shows. */
    static final long PAYLOAD_FACTOR = 0x9E3779B97F4A7C15L;

    private final DispatchChannel channel;
    private final Agent agent;
    private final Thread agentThread;
    private long nextSequence;

    DispatchSession(DispatchChannel channel, SessionContext context) {
        this.channel = channel;
        this.agent = new Agent(channel, context.recording().newRecorder("agent"));
        this.agentThread = context.threads().start("agent", agent);
    }

    @Override
    public boolean send(long intendedNanos) {
        long sequence = nextSequence;
        if (channel.offer(intendedNanos, sequence, sequence * PAYLOAD_FACTOR)) {
            nextSequence = sequence + 1;
            return true;
        }
        return false;
    }

    @Override
    public void flush() {
        channel.flush();
    }

    @Override
    public String failure() {
        Throwable error = agent.error;
        if (error != null) {
            return "agent thread died: " + error;
        }
        long corrupt = agent.handler.corrupt;
        return corrupt > 0 ? corrupt + " events arrived out of order or corrupt" : null;
    }

    @Override
    public Map<String, Object> metrics() {
        return Map.of("outOfOrderOrCorrupt", agent.handler.corrupt);
    }

    @Override
    public void close() throws InterruptedException {
        agent.running = false;
        agentThread.join(TimeUnit.SECONDS.toMillis(5));
    }

    /** The busy-spin agent: drains, and spins (with the CPU's pause hint) when there is nothing. */
    static final class Agent implements Runnable {
        final DispatchChannel channel;
        final Handler handler;
        volatile boolean running = true;
        volatile Throwable error;

        Agent(DispatchChannel channel, LatencyRecorder recorder) {
            this.channel = channel;
            this.handler = new Handler(recorder);
        }

        @Override
        public void run() {
            try {
                while (running) {
                    if (channel.drain(handler, DRAIN_LIMIT) == 0) {
                        Thread.onSpinWait();
                    }
                }
            } catch (Throwable t) {
                error = t;
            }
        }
    }

    /** The handler at the end of the hop: checks order and payload, records latency. */
    static final class Handler implements DispatchChannel.EventHandler {
        private final LatencyRecorder recorder;
        private long expected;
        volatile long corrupt;

        Handler(LatencyRecorder recorder) {
            this.recorder = recorder;
        }

        @Override
        @SuppressWarnings(
                "NonAtomicVolatileUpdate") // one consumer thread writes corrupt; volatile only for the reader at the
        // end
        public void onEvent(long intendedNanos, long sequence, long payload) {
            recorder.record(intendedNanos);
            if (sequence != expected || payload != sequence * PAYLOAD_FACTOR) {
                corrupt = corrupt + 1;
            }
            expected = sequence + 1;
        }
    }
}
