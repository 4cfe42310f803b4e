package io.isobench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The chart's ValidatingAdmissionPolicy (what depends on chart values: the runner image allowlist and the longest
 * timeout), rendered by {@code helm template} and installed into a real API server beside the committed CRD. Only the
 * admission objects of the rendering are applied, so without the policy template the hostile specs are admitted and
 * these tests fail.
 */
class AdmissionPolicyIT {

    static final String WATCHED = "team-a";
    static final String NOT_WATCHED = "team-b";
    static final String CHART_IMAGE = "docker.io/isobench/runner:0.1.0";
    static LocalApiServer api;
    static int counter;

    @BeforeAll
    static void installThePolicy() throws Exception {
        api = new LocalApiServer();
        for (String ns : List.of(WATCHED, NOT_WATCHED)) {
            api.client
                    .resource(new NamespaceBuilder()
                            .withNewMetadata()
                            .withName(ns)
                            .endMetadata()
                            .build())
                    .serverSideApply();
        }
        List<HasMetadata> admission = api
                .client
                .load(new ByteArrayInputStream(helmTemplate(
                        "admission.allowedRunnerImages={registry.example.com/team/runner:*}",
                        "admission.maxTimeout=2h",
                        "operator.watchNamespaces={" + WATCHED + "}")))
                .items()
                .stream()
                .filter(o -> o.getApiVersion().startsWith("admissionregistration.k8s.io/"))
                .toList();
        admission.forEach(o -> api.client.resource(o).serverSideApply());
        // The API server starts enforcing a new policy once its informer has seen it: wait for a known refusal.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline && accepted(WATCHED, image("evil.example.com/runner:1"))) {
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stop() {
        if (api != null) {
            api.close();
        }
    }

    /** The chart rendered as the user would install it, with these --set values. */
    static byte[] helmTemplate(String... sets) throws IOException, InterruptedException {
        Path helm = Path.of(System.getProperty("user.home"), ".cache", "isobench", "bin", "helm");
        if (!Files.isExecutable(helm)) {
            throw new IllegalStateException(
                    "no helm at " + helm + ": run `local-cluster/tools.sh helm` (make test does)");
        }
        Path chart = CrdDriftTest.repoRoot().resolve("charts/isobench");
        var command = new ArrayList<>(List.of(
                helm.toString(),
                "template",
                "isobench",
                chart.toString(),
                "-n",
                "isobench-system",
                "--kube-version",
                LocalApiServer.K8S_VERSION));
        for (String set : sets) {
            command.addAll(List.of("--set", set));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("helm template failed: " + new String(out, StandardCharsets.UTF_8));
        }
        return out;
    }

    static Map<String, Object> image(String image) {
        Map<String, Object> spec = AdmissionIT.validSpec();
        AdmissionIT.at(spec, "runner").put("image", image);
        return spec;
    }

    static GenericKubernetesResource create(String namespace, Map<String, Object> spec) {
        GenericKubernetesResource run = AdmissionIT.run("policy-" + (++counter), spec);
        run.getMetadata().setNamespace(namespace);
        return api.client
                .genericKubernetesResources(AdmissionIT.RUNS)
                .inNamespace(namespace)
                .resource(run)
                .create();
    }

    static boolean accepted(String namespace, Map<String, Object> spec) {
        try {
            create(namespace, spec);
            return true;
        } catch (KubernetesClientException e) {
            return false;
        }
    }

    static void assertRefused(Map<String, Object> spec, String... messageParts) {
        assertThatThrownBy(() -> create(WATCHED, spec))
                .isInstanceOf(KubernetesClientException.class)
                .satisfies(e -> {
                    KubernetesClientException k = (KubernetesClientException) e;
                    assertThat(k.getCode()).isEqualTo(422);
                    assertThat(k.getStatus().getMessage()).contains(messageParts);
                });
    }

    @Test
    void anImageOutsideTheAllowlistIsRefusedNamingTheFieldTheImageAndTheAllowlist() {
        assertRefused(
                image("evil.example.com/runner:1"),
                "spec.runner.image: evil.example.com/runner:1 is not a runner image this " + "installation allows",
                CHART_IMAGE,
                "registry.example.com/team/runner:*",
                "admission.allowedRunnerImages");
    }

    @Test
    void aPrefixEntryAllowsOnlyWhatStartsWithItsTextNotALookAlikeRepository() {
        assertRefused(
                image("registry.example.com/team/runner-evil:1"),
                "registry.example.com/team/runner-evil:1 is not a runner image");
        assertRefused(
                image("docker.io/isobench/runner:0.1.0-evil"),
                "docker.io/isobench/runner:0.1.0-evil is not a runner image");
    }

    @Test
    void theChartsRunnerImageTheAllowedPrefixAndTheDefaultImageAreAdmitted() {
        assertThat(create(WATCHED, image(CHART_IMAGE)).getMetadata().getUid()).isNotBlank();
        assertThat(create(WATCHED, image("registry.example.com/team/runner:2.0"))
                        .getMetadata()
                        .getUid())
                .isNotBlank();
        assertThat(create(WATCHED, AdmissionIT.validSpec()).getMetadata().getUid())
                .as("no image: the operator's own")
                .isNotBlank();
    }

    /** A variant of another image runs that image's runner in the client's pod: the same allowlist, the variant named. */
    @Test
    void aVariantsImageIsJudgedByTheSameAllowlistNamingTheVariant() {
        assertRefused(
                variants("registry.example.com/team/runner:2.0", "evil.example.com/runner:1"),
                "spec.variants[candidate].image: evil.example.com/runner:1 is not a runner image this installation allows",
                "registry.example.com/team/runner:*");
        assertRefused(
                variants("registry.example.com/team/runner-evil:1", CHART_IMAGE),
                "spec.variants[current].image: registry.example.com/team/runner-evil:1 is not a runner image");
        assertThat(create(WATCHED, variants(CHART_IMAGE, "registry.example.com/team/runner:2.0"))
                        .getMetadata()
                        .getUid())
                .isNotBlank();
    }

    static Map<String, Object> variants(String current, String candidate) {
        Map<String, Object> spec = AdmissionIT.json("{\"target\": {\"tcpEcho\": {}}, \"load\": {\"rates\": [10000]}}");
        spec.put(
                "variants",
                List.of(Map.of("name", "current", "image", current), Map.of("name", "candidate", "image", candidate)));
        return spec;
    }

    @Test
    void aTimeoutPastTheInstallationsMaximumIsRefusedAndTheMaximumItselfAdmitted() {
        Map<String, Object> longer = AdmissionIT.validSpec();
        longer.put("timeout", "3h");
        assertRefused(
                longer, "spec.timeout: 3h is longer than this installation allows: at most 2h", "admission.maxTimeout");

        Map<String, Object> atTheBound = AdmissionIT.validSpec();
        atTheBound.put("timeout", "2h");
        assertThat(create(WATCHED, atTheBound).getMetadata().getUid()).isNotBlank();
    }

    @Test
    void runsInNamespacesThisReleaseDoesNotReconcileAreNotItsToJudge() {
        assertThat(accepted(NOT_WATCHED, image("evil.example.com/runner:1"))).isTrue();
    }

    /** A schedule in the watched namespace whose runs get {@code spec}. */
    static GenericKubernetesResource schedule(Map<String, Object> spec) {
        Map<String, Object> scheduleSpec = BenchmarkScheduleAdmissionIT.validSpec();
        scheduleSpec.put("runTemplate", Map.of("spec", spec));
        GenericKubernetesResource schedule = new GenericKubernetesResource();
        schedule.setApiVersion(CrdConstants.API_VERSION);
        schedule.setKind(CrdConstants.SCHEDULE_KIND);
        schedule.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder()
                .withName("policy-schedule-" + (++counter))
                .withNamespace(WATCHED)
                .build());
        schedule.setAdditionalProperty("spec", scheduleSpec);
        return schedule;
    }

    @Test
    @SuppressWarnings("unchecked")
    void aSchedulesTemplateIsJudgedAsItsRunsWillBeWhenCreatedAndWhenEdited() {
        var schedules = api.client
                .genericKubernetesResources(BenchmarkScheduleAdmissionIT.SCHEDULES)
                .inNamespace(WATCHED);
        Map<String, Object> longer = AdmissionIT.validSpec();
        longer.put("timeout", "3h");
        assertThatThrownBy(() -> schedules
                        .resource(schedule(image("evil.example.com/runner:1")))
                        .create())
                .isInstanceOfSatisfying(
                        KubernetesClientException.class,
                        e -> assertThat(e.getStatus().getMessage())
                                .contains(
                                        "spec.runTemplate.spec.runner.image: evil.example.com/runner:1 is not a runner image"));
        assertThatThrownBy(() -> schedules.resource(schedule(longer)).create())
                .isInstanceOfSatisfying(
                        KubernetesClientException.class,
                        e -> assertThat(e.getStatus().getMessage())
                                .contains("spec.runTemplate.spec.timeout: 3h is longer than this installation allows"));

        GenericKubernetesResource admitted =
                schedules.resource(schedule(image(CHART_IMAGE))).create();
        var template = (Map<String, Object>)
                ((Map<String, Object>) admitted.getAdditionalProperties().get("spec")).get("runTemplate");
        ((Map<String, Object>) ((Map<String, Object>) template.get("spec")).get("runner"))
                .put("image", "evil.example.com/runner:1");
        assertThatThrownBy(() -> schedules.resource(admitted).update())
                .isInstanceOfSatisfying(
                        KubernetesClientException.class,
                        e -> assertThat(e.getStatus().getMessage())
                                .contains("spec.runTemplate.spec.runner.image: evil.example.com/runner:1"));
    }
}
