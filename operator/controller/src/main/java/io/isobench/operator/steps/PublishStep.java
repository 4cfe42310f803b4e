package io.isobench.operator.steps;

import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.Publications;
import io.isobench.operator.stepcontract.ReconcileStep;
import io.isobench.operator.stepcontract.RunContext;
import java.time.Duration;
import java.util.Optional;

/**
 * Succeeded/Failed with a result: puts the run on the report site. Publishing is the action, done after the status is
 * stored ({@link Publications}); the next reconcile writes how it went: Published=True with the run's page, or
 * Published=False with the failure, tried again after {@link #RETRY}. Publishing never changes how the run ended. The
 * phase's next step (retention) always runs: it keeps the run until it is published.
 */
public final class PublishStep implements ReconcileStep {

    static final Duration RETRY = Duration.ofSeconds(30);

    @Override
    public Outcome apply(RunContext ctx) {
        var status = ctx.status();
        var publisher = ctx.services().publisher();
        if (publisher == null
                || status.getArtifacts() == null
                || Conditions.isTrue(status, CrdConstants.CONDITION_PUBLISHED)) {
            return Outcome.proceedToNext();
        }
        var publications = ctx.services().publications();
        var done = publications.take(ctx.run().getMetadata().getUid());
        if (done.isEmpty()) {
            var run = ctx.run();
            var baseline = baseline(ctx);
            // how it went is said at once; the steps after (retention) still decide, knowing the run is not published
            // yet
            return new Outcome(() -> publications.publish(publisher, run, baseline), true, Duration.ZERO);
        }
        return switch (done.get()) {
            case Publications.Result.Published(var published) -> {
                status.getArtifacts().setSite(published.where());
                ctx.condition(
                        CrdConstants.CONDITION_PUBLISHED,
                        true,
                        "Published",
                        "on the report site: " + published.where()
                                + (published.ignoredFiles() == 0
                                        ? ""
                                        : "; " + published.ignoredFiles() + " other uploaded file(s) left out"));
                yield Outcome.proceedToNext();
            }
            case Publications.Result.Failed(var message) -> {
                ctx.condition(CrdConstants.CONDITION_PUBLISHED, false, "PublishFailed", message + "; retrying");
                yield Outcome.proceedToNext(RETRY);
            }
        };
    }

    /** The run named as baseline, as the cluster has it now (its uid completes the key the site compares with). */
    static Optional<BenchmarkRun> baseline(RunContext ctx) {
        var run = ctx.run();
        String name = run.getSpec().getReport().getBaseline();
        return name == null
                ? Optional.empty()
                : ctx.allRuns().stream()
                        .filter(r -> name.equals(r.getMetadata().getName())
                                && run.getMetadata()
                                        .getNamespace()
                                        .equals(r.getMetadata().getNamespace()))
                        .findFirst();
    }
}
