package io.isobench.operator;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A check run on a thread of its own every so often until closed. A check that throws is logged and run again at its
 * next turn: a fixed-delay task that throws is never run again by its executor, and nobody would be told.
 */
final class RepeatedCheck implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RepeatedCheck.class);

    private final ScheduledExecutorService executor;
    private final ScheduledFuture<?> schedule;

    RepeatedCheck(String name, Runnable check, Duration every) {
        executor = Executors.newSingleThreadScheduledExecutor(
                r -> Thread.ofPlatform().daemon().name(name).unstarted(r));
        Runnable surviving = () -> {
            try {
                check.run();
            } catch (RuntimeException e) {
                LOG.warn("{} failed, tried again in {}: {}", name, every, e.toString(), e);
            }
        };
        schedule = executor.scheduleWithFixedDelay(surviving, every.toNanos(), every.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Whether the check is still scheduled (false once closed). */
    boolean scheduled() {
        return !schedule.isDone();
    }

    @Override
    public void close() {
        // shutdownNow drops the next turn but leaves its future pending: cancelled, it says the schedule is over
        schedule.cancel(true);
        executor.shutdownNow();
    }
}
