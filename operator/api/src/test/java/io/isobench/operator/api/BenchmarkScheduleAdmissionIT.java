package io.isobench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The real API server, with the committed BenchmarkSchedule CRD, refuses a schedule it could never run (its cron, time
 * zone, policy, its template's run spec) naming the field and the value, fills in the documented defaults, and lets
 * the template change while a run's spec stays immutable.
 */
class BenchmarkScheduleAdmissionIT {

    static final ResourceDefinitionContext SCHEDULES = new ResourceDefinitionContext.Builder()
            .withGroup(CrdConstants.GROUP)
            .withVersion(CrdConstants.VERSION)
            .withPlural(CrdConstants.SCHEDULE_PLURAL)
            .withKind(CrdConstants.SCHEDULE_KIND)
            .withNamespaced(true)
            .build();

    static LocalApiServer api;
    static int counter;

    @BeforeAll
    static void start() throws Exception {
        api = new LocalApiServer();
    }

    @AfterAll
    static void stop() {
        if (api != null) {
            api.close();
        }
    }

    static Map<String, Object> validSpec() {
        Map<String, Object> spec = AdmissionIT.json("{\"schedule\": \"0 2 * * *\"}");
        spec.put("runTemplate", Map.of("spec", AdmissionIT.validSpec()));
        return spec;
    }

    static GenericKubernetesResource create(String name, Map<String, Object> spec) {
        GenericKubernetesResource r = new GenericKubernetesResource();
        r.setApiVersion(CrdConstants.API_VERSION);
        r.setKind(CrdConstants.SCHEDULE_KIND);
        r.setMetadata(
                new ObjectMetaBuilder().withName(name).withNamespace("default").build());
        r.setAdditionalProperty("spec", spec);
        return api.client
                .genericKubernetesResources(SCHEDULES)
                .inNamespace("default")
                .resource(r)
                .create();
    }

    static GenericKubernetesResource create(Map<String, Object> spec) {
        return create("nightly-" + (++counter), spec);
    }

    static Arguments invalid(String description, Consumer<Map<String, Object>> change, String... messageParts) {
        return Arguments.of(description, change, List.of(messageParts));
    }

    static Stream<Arguments> invalidSpecs() {
        return Stream.of(
                invalid("no schedule", s -> s.remove("schedule"), "spec.schedule", "Required value"),
                invalid(
                        "four fields",
                        s -> s.put("schedule", "0 2 * *"),
                        "spec.schedule",
                        "is \"0 2 * *\"; must be five fields"),
                invalid(
                        "words",
                        s -> s.put("schedule", "every night"),
                        "spec.schedule",
                        "is \"every night\"; must be five fields"),
                invalid("unknown macro", s -> s.put("schedule", "@fortnightly"), "spec.schedule", "@fortnightly"),
                invalid("unknown time zone", s -> s.put("timeZone", "Mars/Olympus"), "spec.timeZone", "Mars/Olympus"),
                invalid(
                        "unknown policy",
                        s -> s.put("concurrencyPolicy", "Sometimes"),
                        "spec.concurrencyPolicy",
                        "Unsupported value: \"Sometimes\""),
                invalid(
                        "negative history",
                        s -> s.put("successfulRunsHistoryLimit", -1),
                        "spec.successfulRunsHistoryLimit",
                        "greater than or equal to 0"),
                invalid(
                        "deadline 0",
                        s -> s.put("startingDeadlineSeconds", 0),
                        "spec.startingDeadlineSeconds",
                        "greater than or equal to 1"),
                invalid("no template", s -> s.remove("runTemplate"), "spec.runTemplate", "Required value"),
                invalid(
                        "a template whose run could not run",
                        s -> s.put("runTemplate", Map.of("spec", Map.of("load", Map.of("rates", List.of(1000))))),
                        "spec.runTemplate.spec.target",
                        "Required value"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSpecs")
    void refusedNamingTheField(String description, Consumer<Map<String, Object>> change, List<String> messageParts) {
        Map<String, Object> spec = validSpec();
        change.accept(spec);
        assertThatThrownBy(() -> create(spec))
                .as(description)
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
                    assertThat(e.getCode()).isEqualTo(422);
                    messageParts.forEach(
                            part -> assertThat(e.getStatus().getMessage()).contains(part));
                });
    }

    @Test
    void macrosAndNamedZonesAreAccepted() {
        Map<String, Object> spec = validSpec();
        spec.put("schedule", "@daily");
        spec.put("timeZone", "Europe/Paris");
        assertThat(create(spec)).isNotNull();
        spec.put("schedule", "*/15 9-17 * JAN-DEC MON-FRI");
        assertThat(create(spec)).isNotNull();
    }

    @Test
    @SuppressWarnings("unchecked")
    void defaultsAreFilledIn() {
        var spec = (Map<String, Object>)
                create(validSpec()).getAdditionalProperties().get("spec");
        assertThat(spec)
                .containsEntry("timeZone", "UTC")
                .containsEntry("concurrencyPolicy", "Forbid")
                .containsEntry("successfulRunsHistoryLimit", 3)
                .containsEntry("failedRunsHistoryLimit", 1)
                .containsEntry("suspend", false)
                .doesNotContainKey("startingDeadlineSeconds");
    }

    @Test
    void aNameThatWouldMakeRunNamesTooLongIsRefused() {
        assertThatThrownBy(() -> create("n".repeat(54), validSpec()))
                .isInstanceOfSatisfying(
                        KubernetesClientException.class,
                        e -> assertThat(e.getStatus().getMessage())
                                .contains("metadata.name")
                                .contains("n".repeat(54))
                                .contains("at most 53"));
        assertThat(create("n".repeat(53), validSpec())).isNotNull();
    }

    @Test
    @SuppressWarnings("unchecked")
    void theTemplateCanBeEditedUnlikeARunsSpec() {
        GenericKubernetesResource created = create(validSpec());
        var template = (Map<String, Object>)
                ((Map<String, Object>) created.getAdditionalProperties().get("spec")).get("runTemplate");
        ((Map<String, Object>) ((Map<String, Object>) template.get("spec")).get("load")).put("repetitions", 5);

        var updated = api.client
                .genericKubernetesResources(SCHEDULES)
                .inNamespace("default")
                .resource(created)
                .update();

        assertThat(updated.getAdditionalProperties().toString()).contains("repetitions=5");
    }
}
