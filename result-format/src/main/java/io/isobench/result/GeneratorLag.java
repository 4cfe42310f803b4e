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
 * @param replyReadDelayP99  99th percentile, weighted by time, of the gaps between the sender's receive polls: how
 *                           long a reply could have waited unread; null when the sender does not read replies
 * @param replyReadDelayMax  the longest such gap; null when the sender does not read replies
 * @param shareOfP99         the larger of sendLagP99 and replyReadDelayP99 as a fraction of the latency p99
 */
public record GeneratorLag(long sendLagP50, long sendLagP99, long sendLagMax, long sends, Long replyReadDelayP99, Long replyReadDelayMax,
                           double shareOfP99) {}
