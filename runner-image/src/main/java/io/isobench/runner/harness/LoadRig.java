package io.isobench.runner.harness;

import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import io.isobench.target.spi.Clock;
import io.isobench.target.spi.Session;
import java.util.concurrent.TimeUnit;

/**
 * The sender loop of one repetition, run on the pinned sender thread.
 *
 * <p>Open loop: message {@code i} is stamped with its scheduled time and sent as soon as that time has
 * come; a sender that falls behind sends the backlog immediately, still stamped with the scheduled
 * times, so the delay shows up as latency (coordinated-omission correct). If it falls behind by more
 * than the allowed overrun it abandons the rest of the window (the repetition then FAILs on rate).
 *
 * <p>Closed loop: keeps {@code concurrency} messages in flight, each stamped with its actual send time.
 *
 * <p>Either way the rig measures what it charges the target for itself ({@link SenderLag}): how late it sent, and
 * how long replies waited for it to poll.
 */
public final class LoadRig {

    /** How often (in loop iterations) the rig checks for target failure and overrun. */
    private static final int CHECK_MASK = 1023;

    private final Clock clock;
    private final RepetitionRecording recording;
    private final long drainTimeoutNanos;
    private final double overrunFraction;
    private final Runnable windowClosed;
    private final SenderLag lag;

    /**
     * @param drainTimeoutNanos how long to wait for outstanding completions after the window
     * @param overrunFraction   how far past the window end (as a fraction of the window) a late sender may go
     * @param windowClosed      called on the sender thread after the drain, before the rig allocates its
     *                          outcome: where the window's closing allocation snapshot is taken
     * @param senderRecorder    the recorder the target completes messages in on the sender thread (in
     *                          {@link Session#idle()}), or null: how the rig tells how long replies waited unread
     */
    public LoadRig(
            Clock clock,
            RepetitionRecording recording,
            long drainTimeoutNanos,
            double overrunFraction,
            Runnable windowClosed,
            WindowedLatencyRecorder senderRecorder) {
        this.clock = clock;
        this.recording = recording;
        this.drainTimeoutNanos = drainTimeoutNanos;
        this.overrunFraction = overrunFraction;
        this.windowClosed = windowClosed;
        this.lag = new SenderLag(senderRecorder);
    }

    /** Runs warm-up plus the measured window, starting {@code leadNanos} from now. */
    public RigOutcome run(Session session, Load load, long leadNanos) {
        long start = clock.nanoTime() + leadNanos;
        long warmup = TimeUnit.MILLISECONDS.toNanos(load.warmupMillis());
        long duration = TimeUnit.MILLISECONDS.toNanos(load.durationMillis());
        return load.mode() == LoadMode.OPEN_LOOP
                ? openLoop(session, new Schedule(start, warmup, duration, load.targetRate()))
                : closedLoop(session, start, start + warmup, start + warmup + duration, load.concurrency());
    }

    RigOutcome openLoop(Session session, Schedule schedule) {
        long windowStart = schedule.windowStart();
        long end = schedule.end();
        long giveUpAt = end + (long) ((end - windowStart) * overrunFraction);
        recording.openWindow(windowStart, end);
        lag.open(windowStart);

        long sentTotal = 0;
        long sentInWindow = 0;
        long lastSend = 0;
        long iterations = 0;
        long acceptingSince = Long.MIN_VALUE;
        String failure = null;
        boolean abandoned = false;
        long intended = schedule.current();
        sending:
        while (intended < end) {
            long now = clock.nanoTime();
            if (now > giveUpAt) {
                abandoned = true;
                break;
            }
            if (now < intended) {
                session.flush();
                while ((now = clock.nanoTime()) < intended) {
                    lag.poll(session, now);
                    if ((++iterations & CHECK_MASK) == 0 && (failure = session.failure()) != null) {
                        break sending;
                    }
                }
            }
            // backpressure: retry the same stamp, so the wait counts as latency
            long firstTry = now;
            boolean refused = false;
            while (!session.send(intended)) {
                refused = true;
                long retry = clock.nanoTime();
                lag.poll(session, retry);
                if ((++iterations & CHECK_MASK) == 0) {
                    if ((failure = session.failure()) != null) {
                        break sending;
                    }
                    if (retry > giveUpAt) {
                        lag.refused(intended, firstTry, retry);
                        abandoned = true;
                        break sending;
                    }
                }
            }
            lag.sent(intended, firstTry, acceptingSince);
            if (refused) {
                acceptingSince = clock.nanoTime();
                lag.refused(intended, firstTry, acceptingSince);
            }
            sentTotal++;
            if (intended >= windowStart) {
                sentInWindow++;
                lastSend = now;
            }
            intended = schedule.advance();
            if ((++iterations & CHECK_MASK) == 0 && (failure = session.failure()) != null) {
                break;
            }
        }
        session.flush();
        long sendingEnded = lastSend;
        long due = session.dueInWindow(windowStart, end);
        if (due >= 0) {
            // the server's messages, not the sends, are what the window owes: wait for the ones due in it
            return drain(session, windowStart, end, sendingEnded, due, due, sentTotal, failure, abandoned, true);
        }
        return drain(
                session,
                windowStart,
                end,
                sendingEnded,
                schedule.expectedInWindow(),
                sentInWindow,
                sentTotal,
                failure,
                abandoned,
                false);
    }

    RigOutcome closedLoop(Session session, long start, long windowStart, long end, int concurrency) {
        recording.openWindow(windowStart, end);
        lag.open(windowStart);
        while (clock.nanoTime() < start) {
            session.idle();
        }
        Thread sender = Thread.currentThread();
        InFlightLimit inFlight =
                new InFlightLimit(concurrency, recording::completed, () -> recording.completedByOtherThan(sender));
        long sentTotal = 0;
        long sentInWindow = 0;
        long lastSend = 0;
        long iterations = 0;
        String failure = null;
        long now;
        while ((now = clock.nanoTime()) < end) {
            if (inFlight.hasRoom(sentTotal) && session.send(now)) {
                sentTotal++;
                if (now >= windowStart) {
                    sentInWindow++;
                    lastSend = now;
                }
            } else {
                session.flush();
                lag.poll(session, now);
            }
            if ((++iterations & CHECK_MASK) == 0 && (failure = session.failure()) != null) {
                break;
            }
        }
        session.flush();
        return drain(session, windowStart, end, lastSend, sentInWindow, sentInWindow, sentTotal, failure, false, false);
    }

    /**
     * Waits, up to the drain timeout, for what is still owed: every message sent, or (server-paced) every message due in
     * the window — late ones are recorded with their whole lateness, the rest count as lost.
     */
    private RigOutcome drain(
            Session session,
            long windowStart,
            long end,
            long sendingEnded,
            long expected,
            long sentInWindow,
            long sentTotal,
            String failure,
            boolean abandoned,
            boolean serverPaced) {
        long owed = serverPaced ? expected : sentTotal;
        long deadline = clock.nanoTime() + drainTimeoutNanos;
        long iterations = 0;
        long now;
        while (failure == null && done(serverPaced) < owed && (now = clock.nanoTime()) < deadline) {
            lag.poll(session, now);
            if ((++iterations & CHECK_MASK) == 0) {
                failure = session.failure();
            }
        }
        long completed = recording.completed();
        boolean drained = done(serverPaced) >= owed;
        long drainEnded = clock.nanoTime();
        lag.close();
        windowClosed.run();
        return new RigOutcome(
                new RigOutcome.Window(windowStart, end, sendingEnded, drainEnded, drained),
                new RigOutcome.Messages(expected, sentInWindow, sentTotal, completed),
                failure,
                abandoned,
                serverPaced ? null : lag,
                serverPaced);
    }

    /** What has arrived of what is owed: completions of sends, or messages recorded in the window (server-paced). */
    private long done(boolean serverPaced) {
        return serverPaced ? recording.recorded() : recording.completed();
    }
}
