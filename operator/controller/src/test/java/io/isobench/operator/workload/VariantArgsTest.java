package io.isobench.operator.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkRun;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.EchoTargetSpec;
import io.isobench.operator.api.HttpTargetSpec;
import io.isobench.operator.api.TargetSpec;
import io.isobench.operator.api.VariantSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** spec.variants as the runner's --variant NAME=ARGS, and what cannot be given to it refused naming the field. */
class VariantArgsTest {

    private static BenchmarkRunSpec echo(VariantSpec... variants) {
        var spec = new BenchmarkRunSpec();
        var target = new TargetSpec();
        target.setTcpEcho(new EchoTargetSpec());
        spec.setTarget(target);
        spec.setVariants(List.of(variants));
        return spec;
    }

    @Test
    void jvmOptionsAndTheTargetsOwnOptionsBecomeTheRunnersWords() throws Exception {
        BenchmarkRun example = Serialization.unmarshal(
                Files.readString(Path.of("../../examples/gc-variants.yaml")), BenchmarkRun.class);
        assertThat(VariantArgs.of(example.getSpec()))
                .containsExactly(
                        "--variant",
                        "g1=--jvm-option=-XX:+UseG1GC",
                        "--variant",
                        "g1-again=--jvm-option=-XX:+UseG1GC",
                        "--variant",
                        "zgc=--jvm-option=-XX:+UseZGC");

        BenchmarkRunSpec sizes = echo(
                new VariantSpec("small", null, null),
                new VariantSpec("big", List.of("-Xmx2g"), Map.of("messageBytes", "1024")));
        assertThat(VariantArgs.of(sizes))
                .as("a variant's values through the target's profile: messageBytes is the runner's --message-bytes")
                .containsExactly("--variant", "small=", "--variant", "big=--message-bytes 1024 --jvm-option=-Xmx2g");
        assertThat(VariantArgs.of(echo())).isEmpty();

        VariantSpec next = new VariantSpec("next", null, null);
        next.setImage("registry.example.com/team/runner:2");
        VariantSpec nextAgain = new VariantSpec("next-again", List.of("-Xmx2g"), null);
        nextAgain.setImage("registry.example.com/team/runner:2");
        assertThat(VariantArgs.of(echo(new VariantSpec("current", null, null), next, nextAgain)))
                .as("an image is where its init container copied it, one copy per image")
                .containsExactly(
                        "--variant",
                        "current=",
                        "--variant",
                        "next=--installation=/variants/next",
                        "--variant",
                        "next-again=--jvm-option=-Xmx2g --installation=/variants/next");
    }

    @Test
    void whatTheRunnerCouldNotBeGivenIsRefusedNamingTheField() {
        assertThatThrownBy(() -> VariantArgs.of(echo(
                        new VariantSpec("a", null, null), new VariantSpec("b", null, Map.of("messageByte", "64")))))
                .isInstanceOf(VariantArgs.InvalidVariantException.class)
                .hasMessageStartingWith("spec.variants[1].options.messageByte: the tcpEcho target has no such option")
                .hasMessageContaining("messageBytes");
        assertThatThrownBy(() -> VariantArgs.of(echo(
                        new VariantSpec("a", null, null), new VariantSpec("b", null, Map.of("messageBytes", "big")))))
                .hasMessage(
                        "spec.variants[1].options.messageBytes: 'big' is not a value the tcpEcho target takes there");
        assertThatThrownBy(() -> VariantArgs.of(
                        echo(new VariantSpec("a", null, null), new VariantSpec("b", null, Map.of("port", "7001")))))
                .as("the server's port: nothing of the load generator changes")
                .hasMessageStartingWith(
                        "spec.variants[1].options.port: '7001' changes nothing the runner's load generator takes");
        assertThatThrownBy(() -> VariantArgs.of(echo(
                        new VariantSpec("a", null, Map.of("messageBytes", "256")), new VariantSpec("b", null, null))))
                .as("the run's own value")
                .hasMessageStartingWith("spec.variants[0].options.messageBytes: '256' changes nothing");

        var http = new BenchmarkRunSpec();
        var target = new TargetSpec();
        var h = new HttpTargetSpec();
        h.setUrl("http://orders.team-a.svc/");
        h.setMethod("POST");
        h.setBody("{}");
        target.setHttp(h);
        http.setTarget(target);
        http.setVariants(List.of(new VariantSpec("a", null, null), new VariantSpec("b", null, Map.of("body", "[]"))));
        assertThatThrownBy(() -> VariantArgs.of(http))
                .hasMessageStartingWith("spec.variants[1].options: changes a file the runner reads");
    }
}
