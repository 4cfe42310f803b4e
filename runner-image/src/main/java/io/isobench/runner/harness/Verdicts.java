package io.isobench.runner.harness;

import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import io.isobench.result.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Decides OK/FAIL for a repetition from what the rig saw; every FAIL names its reasons. */
public final class Verdicts {

    public record Judgement(Verdict verdict, String reason, double achievedRate) {}

    private Verdicts() {}

    /**
     * @param recorded       samples recorded in the window
     * @param rateTolerance  how far below the target rate the achieved rate may fall (0.05 = 5%)
     * @param drainTimeout   for the message, as the user wrote it
     */
    public static Judgement judge(Load load, RigOutcome outcome, long recorded, double rateTolerance, String drainTimeout) {
        double achieved = outcome.windowNanos() <= 0 ? 0 : recorded * 1e9 / outcome.windowNanos();
        List<String> reasons = new ArrayList<>();
        if (outcome.failure() != null) {
            reasons.add("target failed: " + outcome.failure());
        }
        if (outcome.abandoned()) {
            reasons.add(outcome.sentInWindow() == 0
                    ? "sender fell too far behind schedule during warm-up and never reached the measured window"
                    : String.format(Locale.ROOT, "sender fell too far behind schedule and abandoned the window after %,d of %,d messages",
                            outcome.sentInWindow(), outcome.expected()));
        }
        long lost = outcome.sentInWindow() - recorded;
        if (lost > 0 && outcome.failure() == null) {
            reasons.add(String.format(Locale.ROOT, "%,d of %,d messages sent did not complete within the %s drain timeout",
                    lost, outcome.sentInWindow(), drainTimeout));
        }
        if (recorded == 0 && outcome.failure() == null && !outcome.abandoned()) {
            reasons.add("no message completed in the measured window");
        }
        if (load.mode() == LoadMode.OPEN_LOOP && recorded > 0) {
            double floor = load.targetRate() * (1 - rateTolerance);
            if (achieved < floor) {
                reasons.add(String.format(Locale.ROOT, "achieved %,.0f msg/s, %.1f%% below the target %,d msg/s (tolerance %.1f%%)",
                        achieved, 100 * (1 - achieved / load.targetRate()), load.targetRate(), 100 * rateTolerance));
            }
        }
        return reasons.isEmpty()
                ? new Judgement(Verdict.OK, null, achieved)
                : new Judgement(Verdict.FAIL, String.join("; ", reasons), achieved);
    }

    /** A step or run is OK when all its parts are; otherwise the failing parts' reasons, labelled. */
    public static Judgement combine(List<String> labels, List<Verdict> verdicts, List<String> reasons) {
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < verdicts.size(); i++) {
            if (verdicts.get(i) == Verdict.FAIL) {
                failed.add(labels.get(i) + ": " + reasons.get(i));
            }
        }
        return failed.isEmpty()
                ? new Judgement(Verdict.OK, null, 0)
                : new Judgement(Verdict.FAIL, failed.size() + " of " + verdicts.size() + " failed: " + String.join(" | ", failed), 0);
    }
}
