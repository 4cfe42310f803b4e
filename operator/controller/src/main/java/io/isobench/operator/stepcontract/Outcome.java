package io.isobench.operator.stepcontract;

import java.time.Duration;

/**
 * What a step decided, beyond the status changes it made on the context: an action to take once the new
 * status is stored (so a crash between the two repeats an idempotent action, never loses a decision), and
 * whether the next step of the phase may run in the same reconcile.
 *
 * @param action   done after the status patch; null for none
 * @param next     true: run the phase's next step now; false: stop here
 * @param recheck  when to reconcile again without an event (null: only on events)
 */
public record Outcome(Action action, boolean next, Duration recheck) {

    /** Work against the cluster or the store, after the status is patched. */
    @FunctionalInterface
    public interface Action {
        void run() throws Exception;
    }

    public static Outcome proceedToNext() {
        return new Outcome(null, true, null);
    }

    /** Go on with the next step, and look again within {@code recheck} whatever later steps decide. */
    public static Outcome proceedToNext(Duration recheck) {
        return new Outcome(null, true, recheck);
    }

    /** Go on with the next step; {@code action} runs after the status patch, before any later step's. */
    public static Outcome proceedToNext(Action action) {
        return new Outcome(action, true, null);
    }

    /**
     * This outcome followed by a later step's: both actions in order, the later step's say on going on, the sooner
     * recheck.
     */
    public Outcome then(Outcome later) {
        Action both = action == null
                ? later.action
                : later.action == null
                        ? action
                        : () -> {
                            action.run();
                            later.action.run();
                        };
        Duration sooner = recheck == null
                ? later.recheck
                : later.recheck == null || recheck.compareTo(later.recheck) < 0 ? recheck : later.recheck;
        return new Outcome(both, later.next, sooner);
    }

    public static Outcome stop(Duration recheck) {
        return new Outcome(null, false, recheck);
    }

    public static Outcome act(Action action, Duration recheck) {
        return new Outcome(action, false, recheck);
    }

    /** An action, and the phase's next step may still run (its own action runs after this one). */
    public static Outcome actThenNext(Action action) {
        return new Outcome(action, true, null);
    }
}
