package io.isobench.operator.steps;

import static org.assertj.core.api.Assertions.assertThat;

import io.isobench.operator.Runs;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.EchoTargetSpec;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.PlacementSpec;
import io.isobench.operator.api.PluginTargetSpec;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.api.VariantSpec;
import io.isobench.operator.status.Conditions;
import io.isobench.operator.stepcontract.RunContext;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the CRD's rules cannot catch (or a run stored under an older CRD) ends at validation, saying which field and why. */
class ValidateStepTest {

    private final Instant now = Instant.parse("2026-11-23T10:00:00Z");
    private final FakeCluster cluster = new FakeCluster();

    @Test
    void aRunIsAcceptedAndQueuedWithItsTargetAsTheRunnerNamesIt() {
        RunContext ctx = cluster.context(Runs.tcpEcho("echo", now, PlacementSpec.Topology.SamePod), now);
        new ValidateStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        assertThat(ctx.status().getTarget()).isEqualTo("tcp-echo");
        assertThat(Conditions.get(ctx.status(), CrdConstants.CONDITION_ACCEPTED)
                        .orElseThrow()
                        .getMessage())
                .isEqualTo("target tcp-echo, 2 whole CPU(s) per node, isolation Exclusive");
    }

    @Test
    void aPluginRunsTargetIsThePluginsNameNotTheRunnersSubCommand() {
        BenchmarkRun run = Runs.dispatch("mine", now);
        var plugin = new PluginTargetSpec();
        plugin.setName("order-codec");
        var target = new TargetSpec();
        target.setPlugin(plugin);
        run.getSpec().setTarget(target);
        RunContext ctx = cluster.context(run, now);
        new ValidateStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Queued);
        assertThat(ctx.status().getTarget()).isEqualTo("order-codec");
    }

    @Test
    void aVariantOptionTheTargetDoesNotHaveFailsAsAnInvalidSpecNamingIt() {
        BenchmarkRun run = Runs.tcpEcho("ab", now, PlacementSpec.Topology.SamePod);
        run.getSpec()
                .setVariants(List.of(
                        new VariantSpec("a", null, null), new VariantSpec("b", null, Map.of("ringSize", "64"))));
        RunContext ctx = cluster.context(run, now);
        new ValidateStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        assertThat(ctx.status().getMessage())
                .startsWith("spec.variants[1].options.ringSize: the tcpEcho target has no such option");
    }

    @Test
    void aRunWithNoTargetFailsAsAnInvalidSpecNamingTheField() {
        BenchmarkRun run = Runs.dispatch("none", now);
        run.getSpec().setTarget(new TargetSpec());
        assertInvalid(
                run,
                "spec.target: set exactly one of dispatch, udpEcho, tcpEcho, rsocket, httpMock, http, ipc, plugin; none is set");
    }

    @Test
    void aRunWithTwoTargetsFailsAsAnInvalidSpecNamingBoth() {
        BenchmarkRun run = Runs.dispatch("two", now);
        run.getSpec().getTarget().setUdpEcho(new EchoTargetSpec());
        assertInvalid(
                run,
                "spec.target: set exactly one of dispatch, udpEcho, tcpEcho, rsocket, httpMock, http, ipc, plugin; [dispatch, udpEcho] are set");
    }

    private void assertInvalid(BenchmarkRun run, String message) {
        RunContext ctx = cluster.context(run, now);
        new ValidateStep().apply(ctx);
        assertThat(ctx.phase()).isEqualTo(Phase.Failed);
        var accepted =
                Conditions.get(ctx.status(), CrdConstants.CONDITION_ACCEPTED).orElseThrow();
        assertThat(accepted.getStatus()).isEqualTo("False");
        assertThat(accepted.getReason()).isEqualTo("InvalidSpec");
        assertThat(accepted.getMessage()).isEqualTo(message);
        assertThat(Conditions.get(ctx.status(), CrdConstants.CONDITION_COMPLETED)
                        .orElseThrow()
                        .getReason())
                .isEqualTo("InvalidSpec");
    }
}
