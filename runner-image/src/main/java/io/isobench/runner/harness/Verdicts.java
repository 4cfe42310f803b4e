package io.isobench.runner.harness;

import io.isobench.result.GeneratorLag;
import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import io.isobench.result.Verdict;
import io.isobench.runner.report.HumanUnits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Decides OK/FAIL (or INCONCLUSIVE, a rate the host made it miss) for a repetition from what the rig saw; every FAIL names its reasons. */
public final class Verdicts {

    public record Judgement(Verdict verdict, String reason, double achievedRate) {}

    /** What the generator check found: a reason to FAIL, a warning, or neither (both null). */
    public record GeneratorCheck(String failure, String warning) {}

    /**
     * Below this the generator's lag cannot be told from the clock reads and loop of the rig itself (tens of ns each)
     * and from the sub-microsecond latencies of in-process queues: the generator checks need its charge above it.
     */
    static final long GENERATOR_FLOOR_NANOS = 1_000;
    /** A generator share of the p99 worth a warning: a tenth of the tail may be the generator's. */
    static final double GENERATOR_WARNING_SHARE = 0.10;

    /**
     * What the load generator's own lag says about a repetition (docs/noise.md). FAIL when its median charge (the larger
     * of the sender lag p50 and the reply-read delay p50) is at least {@code limit} of the latency p50: a generator that
     * cannot keep up delays most messages, so the typical latency is then more the generator's than the target's; a host
     * stall that descheduled the sender only reaches the tail, which is the noise gate's business. A sender the kernel
     * kept switching out ({@code senderPreempted}) was not busy but absent: host noise, so only a warning. A warning
     * also when the p99 charge is at least a tenth of the latency p99. All need the charge above
     * {@link #GENERATOR_FLOOR_NANOS}.
     *
     * @param senderPreempted how the sender thread was switched out beyond its allowance ({@link NoiseGate}), or null
     */
    public static GeneratorCheck generator(
            GeneratorLag lag, long latencyP50, long latencyP99, double limit, String senderPreempted) {
        String figures = "sender lag p50 " + HumanUnits.latency(lag.sendLagP50()) + ", p99 "
                + HumanUnits.latency(lag.sendLagP99())
                + (lag.replyReadDelayP50() == null
                        ? ""
                        : "; reply-read delay p50 " + HumanUnits.latency(lag.replyReadDelayP50()) + ", p99 "
                                + HumanUnits.latency(lag.replyReadDelayP99()));
        if (lag.chargeP50() >= GENERATOR_FLOOR_NANOS && latencyP50 > 0 && lag.shareOfP50() >= limit) {
            String what = String.format(
                    Locale.ROOT,
                    "%s, %.0f%% of the latency p50 %s (limit %.0f%%, --generator-limit)",
                    figures,
                    100 * lag.shareOfP50(),
                    HumanUnits.latency(latencyP50),
                    100 * limit);
            return senderPreempted == null
                    ? new GeneratorCheck("the load generator, not the target, was the bottleneck: " + what, null)
                    : new GeneratorCheck(
                            null,
                            "the load generator lagged (" + what + ") but " + senderPreempted
                                    + ": the host took its CPU, so this is noise rather than the generator's capacity");
        }
        if (lag.chargeP99() >= GENERATOR_FLOOR_NANOS && latencyP99 > 0 && lag.shareOfP99() >= GENERATOR_WARNING_SHARE) {
            return new GeneratorCheck(
                    null,
                    String.format(
                            Locale.ROOT,
                            "the load generator was busy or descheduled: %s, %.0f%% of the "
                                    + "latency p99 %s; that much of the tail may be the generator's",
                            figures,
                            100 * lag.shareOfP99(),
                            HumanUnits.latency(latencyP99)));
        }
        return new GeneratorCheck(null, null);
    }

    private Verdicts() {}

    /**
     * @param recorded       samples recorded in the window
     * @param rateTolerance  how far below the target rate the achieved rate may fall (0.05 = 5%)
     * @param drainTimeout   for the message: how long completions could trail the window
     */
    public static Judgement judge(
            Load load, RigOutcome outcome, long recorded, double rateTolerance, Duration drainTimeout) {
        return judge(load, outcome, recorded, rateTolerance, drainTimeout, null);
    }

    /**
     * How long the host kept one of the rig's measured threads from running during the window: waiting while other
     * threads had its CPU, plus what the hypervisor stole from that CPU ({@link NoiseGate#hostHold}).
     *
     * @param nanos the time
     * @param what  whose time it was, for the reason
     */
    public record HostHold(long nanos, String what) {}

    /**
     * As above, and a rate missed by no more than the host took from the rig ({@code hold}, null when unknown) is
     * INCONCLUSIVE, not FAIL: given that time back the window would have kept its rate, so the miss says nothing about
     * the target. Only when the rate is all that failed: a lost message, a target failure or an abandoned window still
     * FAILs whatever the host did.
     */
    public static Judgement judge(
            Load load, RigOutcome outcome, long recorded, double rateTolerance, Duration drainTimeout, HostHold hold) {
        double achieved = outcome.windowNanos() <= 0 ? 0 : recorded * 1e9 / outcome.windowNanos();
        List<String> reasons = new ArrayList<>();
        if (outcome.failure() != null) {
            reasons.add("target failed: " + outcome.failure());
        }
        if (outcome.abandoned() && outcome.serverPaced()) {
            // its sends are the server's streams, not messages: how many opened is the target's to say
            reasons.add("sender fell too far behind its schedule of openings and abandoned the window");
        } else if (outcome.abandoned()) {
            reasons.add(
                    outcome.messages().sentInWindow() == 0
                            ? "sender fell too far behind schedule during warm-up and never reached the measured window"
                            : String.format(
                                    Locale.ROOT,
                                    "sender fell too far behind schedule and abandoned the window after %,d of %,d messages",
                                    outcome.messages().sentInWindow(),
                                    outcome.messages().expected()));
        }
        long lost = outcome.messages().sentInWindow() - recorded;
        if (lost > 0 && outcome.failure() == null) {
            reasons.add(String.format(
                    Locale.ROOT,
                    outcome.serverPaced()
                            ? "%,d of %,d messages due in the window were not delivered within the %s drain timeout"
                            : "%,d of %,d messages sent did not complete within the %s drain timeout",
                    lost,
                    outcome.messages().sentInWindow(),
                    DurationText.of(drainTimeout)));
        }
        if (recorded == 0 && outcome.failure() == null && !outcome.abandoned()) {
            reasons.add("no message completed in the measured window");
        }
        boolean rateMissed = false;
        if (load.mode() == LoadMode.OPEN_LOOP && recorded > 0) {
            double target = outcome.targetRate(load.targetRate());
            double floor = target * (1 - rateTolerance);
            if (achieved < floor) {
                rateMissed = true;
                reasons.add(String.format(
                        Locale.ROOT,
                        "achieved %,.0f msg/s, %.1f%% below the target %,.0f msg/s%s (tolerance %.1f%%)",
                        achieved,
                        100 * (1 - achieved / target),
                        target,
                        outcome.serverPaced() ? " due" : "",
                        100 * rateTolerance));
            }
        }
        RigOutcome.Window window = outcome.window();
        long behind = Math.max(0, window.sendingEnded() - window.end());
        // the sending fell behind when the window was abandoned, or when its last send went out late by at least the
        // rate tolerance's share of the window: less cannot miss the rate, so a miss with sends on time is completions
        // missing (said above), and neither side's pace is to blame
        boolean sendingLate = outcome.abandoned() || behind >= rateTolerance * (window.end() - window.start());
        if (sendingLate
                && (outcome.abandoned() || rateMissed)
                && !outcome.serverPaced()
                && outcome.senderLag() != null) {
            reasons.add(whoFellBehind(outcome.senderLag(), outcome.messages().sentInWindow() > 0, behind));
        }
        if (reasons.isEmpty()) {
            return new Judgement(Verdict.OK, null, achieved);
        }
        String reason = String.join("; ", reasons);
        boolean onlyTheRate = rateMissed && outcome.failure() == null && !outcome.abandoned() && lost <= 0;
        if (onlyTheRate && hold != null) {
            // the window as it would have run had the host not held the rig: never shorter than its schedule
            long scheduled = window.end() - window.start();
            double given = recorded * 1e9 / Math.max(scheduled, outcome.windowNanos() - hold.nanos());
            if (given >= outcome.targetRate(load.targetRate()) * (1 - rateTolerance)) {
                return new Judgement(
                        Verdict.INCONCLUSIVE,
                        reason + "; but the host took longer from the rig than the rate fell short by: " + hold.what()
                                + ", and with that time the window would have kept its rate (host noise, not a result"
                                + " about the target)",
                        achieved);
            }
        }
        return new Judgement(Verdict.FAIL, reason, achieved);
    }

    /**
     * Whose pace a schedule that was not kept was. A target that refused sends was full (its queue or socket buffer);
     * when the time those sends waited for room is at least half of how late the window's last send went out
     * ({@code behindNanos}), the target was the limit. Otherwise sending — the rig's loop plus the target's own send
     * call, or the sender thread losing its CPU to the host — was. Both read alike in an achieved rate; telling them
     * apart says which side to look at. A window never reached is explained by its warm-up's refusals alone.
     */
    static String whoFellBehind(SenderLag lag, boolean reachedWindow, long behindNanos) {
        String sends = reachedWindow ? "the window's sends" : "the warm-up's sends";
        long refused = lag.refusedSends(reachedWindow);
        String sendingItself =
                "sending itself (the rig's loop and the target's send call, or the sender losing its CPU)";
        if (refused == 0) {
            return "the target took every one of " + sends + " at first try: " + sendingItself
                    + " fell behind the schedule";
        }
        long waited = lag.refusedWaitNanos(reachedWindow);
        String refusals =
                String.format(Locale.ROOT, "the target refused %,d of %s at first try (it was full)", refused, sends);
        if (!reachedWindow || 2 * waited >= behindNanos) {
            return refusals + "; they waited " + HumanUnits.latency(waited) + " for it in all"
                    + (reachedWindow ? ": the target was the limit" : "");
        }
        return refusals + ", but they waited only " + HumanUnits.latency(waited) + " of the "
                + HumanUnits.latency(behindNanos) + " the window's last send went out late: " + sendingItself
                + " was the limit";
    }

    /**
     * A step or run is OK when all its parts are; FAIL when any part FAILed (FAIL beats INCONCLUSIVE), with the failing
     * parts' reasons, labelled; else INCONCLUSIVE when any part was, with those parts' reasons.
     */
    public static Judgement combine(List<String> labels, List<Verdict> verdicts, List<String> reasons) {
        for (Verdict worst : List.of(Verdict.FAIL, Verdict.INCONCLUSIVE)) {
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < verdicts.size(); i++) {
                if (verdicts.get(i) == worst) {
                    parts.add(labels.get(i) + ": " + reasons.get(i));
                }
            }
            if (!parts.isEmpty()) {
                String how = worst == Verdict.FAIL ? " failed: " : " inconclusive: ";
                return new Judgement(
                        worst, parts.size() + " of " + verdicts.size() + how + String.join(" | ", parts), 0);
            }
        }
        return new Judgement(Verdict.OK, null, 0);
    }
}
