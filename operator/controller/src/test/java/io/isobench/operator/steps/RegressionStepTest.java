package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Condition;
import io.isobench.operator.ResultFixtures;
import io.isobench.operator.Runs;
import io.isobench.operator.api.ArtifactsStatus;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.Outcome;
import io.isobench.operator.stepcontract.RunContext;
import io.isobench.operator.workload.RunNames;
import io.isobench.store.BucketLayout;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The Regressed condition's every reason, step by step (the whole flow against the real API server: OperatorIT). */
class RegressionStepTest {

    private final Instant now = Instant.parse("2026-11-25T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();

    /** An ended run, collected with {@code result} (null: no collected result), comparing itself with {@code baseline}. */
    private BenchmarkRun ended(String name, Phase phase, String baseline, String result) {
        BenchmarkRun run = Runs.inPhase(Runs.dispatch(name, now.minusSeconds(60)), phase, "bench-1");
        run.getSpec().getReport().setBaseline(baseline);
        if (result != null) {
            run.getStatus().setArtifacts(new ArtifactsStatus());
            cluster.objects.put(BucketLayout.runResult(RunNames.key(run)), result.getBytes(StandardCharsets.UTF_8));
        }
        cluster.runs.add(run);
        return run;
    }

    private RunContext apply(BenchmarkRun run, Outcome[] outcome) {
        RunContext ctx = cluster.context(run, now);
        outcome[0] = new RegressionStep().apply(ctx);
        return ctx;
    }

    private static Condition regressed(RunContext ctx) {
        return Conditions.get(ctx.status(), CrdConstants.CONDITION_REGRESSED).orElse(null);
    }

    @Test
    void aRunWithoutBaselineHasNoRegressedCondition() {
        Outcome[] o = new Outcome[1];
        RunContext ctx = apply(ended("lone", Phase.Succeeded, null, ResultFixtures.dispatch(2, 3, 5, 1)), o);
        assertThat(regressed(ctx)).isNull();
        assertThat(o[0]).isEqualTo(Outcome.proceedToNext());
    }

    @Test
    void theSameBuildIsFalseATwiceAsSlowOneTrueNamingTheSteps() {
        ended("base", Phase.Succeeded, null, ResultFixtures.dispatch(2, 3, 5, 1));
        Outcome[] o = new Outcome[1];
        RunContext same = apply(ended("same", Phase.Succeeded, "base", ResultFixtures.dispatch(2, 3, 5, 1)), o);
        assertThat(regressed(same).getStatus()).isEqualTo("False");
        assertThat(regressed(same).getReason()).isEqualTo("NoRegression");
        assertThat(regressed(same).getMessage())
                .isEqualTo("against base: no regression beyond 5% in 9 comparisons of 3 step(s)");
        assertThat(o[0]).isEqualTo(Outcome.proceedToNext());
        RunContext slower = apply(ended("slower", Phase.Failed, "base", ResultFixtures.dispatch(2, 3, 5, 2)), o);
        assertThat(regressed(slower).getStatus()).isEqualTo("True");
        assertThat(regressed(slower).getReason()).isEqualTo("Regressed");
        assertThat(regressed(slower).getMessage()).startsWith("against base: slower: isobench_clients-1 p50 ×2.0");
    }

    @Test
    void aVerdictGivenIsNeverComputedAgain() {
        ended("base", Phase.Succeeded, null, ResultFixtures.dispatch(2, 3, 5, 1));
        BenchmarkRun run = ended("cand", Phase.Succeeded, "base", ResultFixtures.dispatch(2, 3, 5, 1));
        Conditions.set(
                run.getStatus(),
                CrdConstants.CONDITION_REGRESSED,
                "True",
                "Regressed",
                "earlier",
                1,
                now.minusSeconds(5));
        Outcome[] o = new Outcome[1];
        assertThat(regressed(apply(run, o)).getMessage()).isEqualTo("earlier");
        Conditions.set(
                run.getStatus(),
                CrdConstants.CONDITION_REGRESSED,
                "Unknown",
                "BaselinePending",
                "earlier",
                1,
                now.minusSeconds(5));
        assertThat(regressed(apply(run, o)).getReason()).isEqualTo("NoRegression");
    }

    @Test
    void whileTheBaselineRunsOrIsMissingItIsUnknownAndLooksAgain() {
        ended("base", Phase.Running, null, null);
        Outcome[] o = new Outcome[1];
        RunContext pending = apply(ended("cand", Phase.Succeeded, "base", ResultFixtures.dispatch(2, 3, 5, 1)), o);
        assertThat(regressed(pending).getStatus()).isEqualTo("Unknown");
        assertThat(regressed(pending).getReason()).isEqualTo("BaselinePending");
        assertThat(regressed(pending).getMessage()).isEqualTo("baseline base is Running; compared once it ends");
        assertThat(o[0]).isEqualTo(new Outcome(null, true, RegressionStep.RETRY));
        RunContext missing = apply(ended("other", Phase.Succeeded, "nosuch", ResultFixtures.dispatch(2, 3, 5, 1)), o);
        assertThat(regressed(missing).getReason()).isEqualTo("BaselineNotFound");
        assertThat(regressed(missing).getMessage()).isEqualTo("no BenchmarkRun nosuch in this namespace");
        assertThat(o[0].recheck()).isEqualTo(RegressionStep.RETRY);
    }

    @Test
    void withoutAResultOrAStoreItSaysWhy() {
        ended("base", Phase.Failed, null, null);
        Outcome[] o = new Outcome[1];
        assertThat(regressed(apply(ended("noresult", Phase.Failed, "base", null), o))
                        .getReason())
                .isEqualTo("NoResult");
        assertThat(o[0]).isEqualTo(Outcome.proceedToNext());
        RunContext baseless = apply(ended("cand", Phase.Succeeded, "base", ResultFixtures.dispatch(2, 3, 5, 1)), o);
        assertThat(regressed(baseless).getReason()).isEqualTo("BaselineHasNoResult");
        assertThat(regressed(baseless).getMessage()).isEqualTo("baseline base ended Failed with no collected result");
        ended("base2", Phase.Succeeded, null, "{\"formatVersion\": 99}");
        assertThat(regressed(apply(ended("c2", Phase.Succeeded, "base2", ResultFixtures.dispatch(2, 3, 5, 1)), o))
                        .getReason())
                .isEqualTo("UnreadableResult");
        ended("base3", Phase.Succeeded, null, ResultFixtures.dispatch(2, 3, 5, 1));
        BenchmarkRun c3 = ended("c3", Phase.Succeeded, "base3", ResultFixtures.dispatch(2, 3, 5, 1));
        cluster.storeDown = true;
        RunContext down = apply(c3, o);
        assertThat(regressed(down).getReason()).isEqualTo("StoreUnavailable");
        assertThat(regressed(down).getMessage())
                .isEqualTo("cannot read the results to compare: connection refused; retrying");
        assertThat(o[0].recheck()).isEqualTo(RegressionStep.RETRY);
    }
}
