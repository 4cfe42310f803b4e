package io.isobench.runner.targets.ipc;

import io.isobench.target.spi.LatencyRecorder;
import io.isobench.target.spi.Session;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import net.openhft.chronicle.bytes.MethodReader;

/**
 * The publisher on the rig's sender thread: each {@link #send} serializes one NewOrderSingle into the
 * {@code orders} queue through a Chronicle method writer; {@link #idle} reads the consumer's answers from
 * {@code handled} and records intended send → consumer's method call. The consumer's own timestamp makes the
 * figure, so when the answer is read does not matter; reading it on this thread adds no thread to compete for the
 * two pinned CPUs (a separate reader thread was tried: its wake-ups preempted the spinning threads and cost more). The writer and reader are built here, on
 * the orchestrating thread (Chronicle generates and compiles their classes: seconds, not for the schedule), then
 * released so the sender thread's first call takes them over (appenders and tailers belong to one thread).
 */
final class IpcSession implements Session {

    /** Client order ids, built once: the publisher allocates nothing per order. */
    private static final int ID_RING = 4096;

    private final Path dir;
    private final LatencyRecorder recorder;
    private final Supplier<String> consumerFailure;
    private final AutoCloseable consumer;
    private final String[] clOrdIds = new String[ID_RING];
    private final NewOrderSingle order = NewOrderSingle.sample();
    private final IpcQueues queues;
    private final OrderListener writer;
    private final MethodReader answers;
    private volatile String failure;
    private long sent;
    private long handled;

    IpcSession(
            Path dir,
            IpcQueues queues,
            LatencyRecorder recorder,
            Supplier<String> consumerFailure,
            AutoCloseable consumer) {
        this.dir = dir;
        this.queues = queues;
        this.recorder = recorder;
        this.consumerFailure = consumerFailure;
        this.consumer = consumer;
        for (int i = 0; i < ID_RING; i++) {
            clOrdIds[i] = "ORD-" + (100_000_000 + i);
        }
        var appender = queues.orders.createAppender();
        writer = appender.methodWriter(OrderListener.class);
        var tailer = queues.handled.createTailer();
        answers = tailer.methodReader((HandledListener) this::onHandled);
        appender.singleThreadedCheckReset();
        tailer.singleThreadedCheckReset();
    }

    @Override
    public boolean send(long intendedNanos) {
        if (failure != null) {
            return false;
        }
        order.next(intendedNanos, System.currentTimeMillis(), clOrdIds[(int) (sent & (ID_RING - 1))]);
        writer.newOrderSingle(order);
        sent++;
        return true;
    }

    @Override
    public void idle() {
        if (failure == null) {
            answers.readOne();
        }
    }

    private void onHandled(long intendedNanos, long handledNanos) {
        handled++;
        recorder.recordLatency(intendedNanos, handledNanos - intendedNanos);
    }

    @Override
    public String failure() {
        String gone = consumerFailure.get();
        return gone != null ? gone : failure;
    }

    @Override
    public Map<String, Object> metrics() {
        Map<String, Object> metrics = new LinkedHashMap<>();
        metrics.put("orders", sent);
        metrics.put("handled", handled);
        metrics.put("queueDirectory", dir.toString());
        return metrics;
    }

    @Override
    public void close() throws Exception {
        try {
            consumer.close();
        } finally {
            queues.close();
            IpcQueues.delete(dir);
        }
    }
}
