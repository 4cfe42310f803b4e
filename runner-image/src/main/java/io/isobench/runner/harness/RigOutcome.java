package io.isobench.runner.harness;

/**
 * What the sender loop did in one repetition.
 *
 * @param window      when the measured window ran, was sent and drained
 * @param messages    what the window owed, what was sent and what completed
 * @param failure     why the target stopped, or null
 * @param abandoned   true when the sender fell so far behind that it gave up on the rest of the window
 * @param senderLag   the sender's own lateness and reply-read delay (null when the rig never ran, or when the sends
 *                    are not the messages: a server-paced target's latency owes nothing to when the rig sent)
 * @param serverPaced true when the messages are the server's, not the rig's sends ({@link Session#dueInWindow})
 */
public record RigOutcome(
        Window window, Messages messages, String failure, boolean abandoned, SenderLag senderLag, boolean serverPaced) {

    /**
     * @param start        first nanosecond of the measured window
     * @param end          the schedule's end of the window
     * @param sendingEnded when the last message of the window actually went out (≥ its intended time)
     * @param drainEnded   when the rig saw the last completion, or the drain deadline passed
     * @param drained      whether every message owed completed before the drain deadline
     */
    public record Window(long start, long end, long sendingEnded, long drainEnded, boolean drained) {

        /** A window that never opened. */
        static final Window NEVER_OPENED = new Window(0, 0, 0, 0, false);
    }

    /**
     * @param expected       messages the open-loop schedule asked for in the window (closed loop: = sent; a server-paced
     *                       target: the messages its server was due to emit in the window)
     * @param sentInWindow   messages sent with an intended time in the window (server-paced: = expected, what the window owes)
     * @param sentTotal      all messages sent, warm-up included
     * @param completedTotal all completions seen, warm-up included
     */
    public record Messages(long expected, long sentInWindow, long sentTotal, long completedTotal) {}

    /** The outcome of a rig that broke before it could report one: nothing sent in a window that never opened. */
    static RigOutcome neverRan(long completedTotal, String failure) {
        return new RigOutcome(Window.NEVER_OPENED, new Messages(0, 0, 0, completedTotal), failure, false, null, false);
    }

    /** The same outcome, failed with {@code reason} (found outside the rig). */
    public RigOutcome failedWith(String reason) {
        return new RigOutcome(window, messages, reason, abandoned, senderLag, serverPaced);
    }

    /**
     * Messages per second the window asked for: the load's target rate, or for a server-paced target the messages due
     * per second of the window as scheduled (streams open over a ramp, so the load's rate counts streams, not messages).
     */
    public double targetRate(long loadTargetRate) {
        if (!serverPaced) {
            return loadTargetRate;
        }
        return window.end() > window.start() ? messages.expected() * 1e9 / (window.end() - window.start()) : 0;
    }

    /**
     * The measured window as it really ran: from its start until the last in-window message was sent and
     * completed (at least the scheduled end). A sender or receiver that cannot keep up stretches it.
     */
    public long windowNanos() {
        long last = Math.max(window.end(), window.sendingEnded());
        if (window.drained()) {
            last = Math.max(last, window.drainEnded());
        }
        return last - window.start();
    }
}
