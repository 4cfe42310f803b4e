package io.isobench.runner.targets.ipc;

import java.nio.file.Path;
import net.openhft.chronicle.bytes.MethodReader;

/**
 * The consuming service: tails {@code orders}, lets Chronicle deserialize each NewOrderSingle and call
 * {@link OrderListener#newOrderSingle}, and there — after the method call is reached — takes the time and
 * answers on {@code handled}. Busy-spins on one (pinned) thread, in this JVM or alone in its own process.
 */
public final class IpcConsumer implements Runnable, AutoCloseable {

    private final Path dir;
    private final IpcQueues shared;
    private final java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);
    private volatile boolean running = true;
    private volatile Throwable error;
    private volatile boolean stopped;
    private long orders;
    private long checksum;

    /** A consumer in its own process, opening the queues under {@code dir}. */
    public IpcConsumer(Path dir) {
        this.dir = dir;
        this.shared = null;
    }

    /** A consumer thread next to the publisher, sharing its queue instances (one instance per queue and JVM). */
    IpcConsumer(IpcQueues queues) {
        this.dir = null;
        this.shared = queues;
    }

    @Override
    public void run() {
        // queues, tailer and appender belong to this thread (Chronicle's single-thread rule)
        IpcQueues queues = shared != null ? shared : new IpcQueues(dir);
        try {
            HandledListener answer = queues.handled.createAppender().methodWriter(HandledListener.class);
            MethodReader reader = queues.orders.createTailer().methodReader((OrderListener) order -> {
                long now = System.nanoTime();
                orders++;
                // touch the payload, so the deserialized fields are really used
                checksum += order.symbol.length() + (long) order.orderQty + order.msgSeqNum;
                answer.handled(order.intendedNanos(), now);
            });
            ready.countDown();
            while (running) {
                if (!reader.readOne()) {
                    Thread.onSpinWait();
                }
            }
        } catch (Throwable t) {
            error = t;
        } finally {
            if (shared == null) {
                queues.close();
            }
            stopped = true;
            ready.countDown();
        }
    }

    /** Waits until the queues are open and the reader is built (Chronicle compiles it: seconds); false on timeout or error. */
    public boolean awaitReady(long timeoutMillis) throws InterruptedException {
        return ready.await(timeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS) && error == null;
    }

    public Throwable error() {
        return error;
    }

    public long orders() {
        return orders;
    }

    long checksum() {
        return checksum;
    }

    @Override
    public void close() {
        running = false;
    }

    public boolean stopped() {
        return stopped;
    }
}
