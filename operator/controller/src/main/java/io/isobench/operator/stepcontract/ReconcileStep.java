package io.isobench.operator.stepcontract;

/**
 * One named step of the reconcile. A step observes (the context), decides, records its decision in
 * {@code ctx.status()}, and returns the action to take once that status is stored. Steps never block or sleep.
 */
public interface ReconcileStep {

    Outcome apply(RunContext ctx) throws Exception;

    default String name() {
        return getClass().getSimpleName();
    }
}
