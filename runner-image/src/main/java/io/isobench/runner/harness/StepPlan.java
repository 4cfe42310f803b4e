package io.isobench.runner.harness;

import io.isobench.result.Load;
import io.isobench.result.LoadMode;
import io.isobench.result.RunLayout;

/**
 * One step to run: an implementation under test at one load, and the share of that load this process sends (all of it,
 * or one load part's share when several processes make the load together).
 *
 * @param variant       what the step is named by: the target's own variant, or the option set ({@code --variant NAME})
 *                      this JVM runs
 * @param targetVariant the target's own variant the session opens (a target compared in option sets has one)
 */
public record StepPlan(String target, String variant, String targetVariant, Load load, String label, Share share) {

    /**
     * What one process sends of a step's load.
     *
     * @param load       its rate or clients (the step's own when it is alone)
     * @param phaseNanos how much later than the step's start its open-loop schedule begins: parts {@code k} of {@code N}
     *                   at rate {@code R} start {@code k/R} apart, so their sends interleave into one schedule at the step's
     *                   rate instead of arriving in bursts of {@code N}
     */
    public record Share(Load load, long phaseNanos) {}

    /** A step this process runs alone, named by the target's own variant. */
    public StepPlan(String target, String variant, Load load, String label) {
        this(target, variant, variant, load, label);
    }

    /** A step this process runs alone. */
    public StepPlan(String target, String variant, String targetVariant, Load load, String label) {
        this(target, variant, targetVariant, load, label, new Share(load, 0));
    }

    public String id() {
        return RunLayout.stepId(variant, load);
    }

    /**
     * Part {@code part}'s share of this step when {@code parts} processes make its load: {@code rate/parts} messages per
     * second (or {@code clients/parts} in flight), the remainder going one each to the first parts, so the shares add up to
     * the step's load exactly.
     *
     * @throws IllegalArgumentException if a part would get nothing to send
     */
    public StepPlan forPart(int part, int parts) {
        if (parts == 1) {
            return this;
        }
        Load whole = load;
        Load share;
        long phase = 0;
        if (whole.mode() == LoadMode.OPEN_LOOP) {
            long rate = whole.targetRate();
            share = Load.openLoop(split(rate, part, parts), whole.warmupMillis(), whole.durationMillis());
            phase = Math.round(part * 1e9 / rate);
        } else {
            int clients = whole.concurrency();
            share = Load.closedLoop((int) split(clients, part, parts), whole.warmupMillis(), whole.durationMillis());
        }
        return new StepPlan(target, variant, targetVariant, load, label, new Share(share, phase));
    }

    private static long split(long total, int part, int parts) {
        long each = total / parts + (part < total % parts ? 1 : 0);
        if (each < 1) {
            throw new IllegalArgumentException("a load of " + total + " split over " + parts
                    + " load parts leaves part " + part + " nothing to send");
        }
        return each;
    }
}
