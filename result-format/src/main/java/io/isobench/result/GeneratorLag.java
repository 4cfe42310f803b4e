package io.isobench.result;

/**
 * How much of a repetition's latency the load generator itself may have caused. The rig's single sender thread
 * both sends and (for most targets) reads replies: while it is busy with a backlog, due messages go out late and
 * replies wait unread, and both land in the target's latency.
 *
 * @param sendLagP50         median lateness of a due message while the target was accepting sends (ns)
 * @param sendLagP99         its 99th percentile
 * @param sendLagMax         the latest send
 * @param sends              messages the lag was measured over (the window's; closed loop: 0, it sends when a reply frees a slot)
 * @param replyReadDelayP50  median, weighted by time, of the gaps between the sender's receive polls: how long a reply
 *                           could have waited unread; null when the sender does not read replies
 * @param replyReadDelayP99  the same at the 99th percentile
 * @param replyReadDelayMax  the longest such gap
 * @param shareOfP50         the larger of sendLagP50 and replyReadDelayP50 as a fraction of the latency p50
 * @param shareOfP99         the larger of sendLagP99 and replyReadDelayP99 as a fraction of the latency p99
 */
public record GeneratorLag(
        long sendLagP50,
        long sendLagP99,
        long sendLagMax,
        long sends,
        Long replyReadDelayP50,
        Long replyReadDelayP99,
        Long replyReadDelayMax,
        double shareOfP50,
        double shareOfP99) {

    /** What the generator may have added to a typical message: the larger of the two medians. */
    public long chargeP50() {
        return Math.max(sendLagP50, replyReadDelayP50 == null ? 0 : replyReadDelayP50);
    }

    /** What it may have added at the 99th percentile. */
    public long chargeP99() {
        return Math.max(sendLagP99, replyReadDelayP99 == null ? 0 : replyReadDelayP99);
    }
}
