package io.isobench.operator.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The status as users and the site read it: typed in Java, the same JSON as when its times and verdict were strings. */
class BenchmarkRunStatusJsonTest {

    /** What the operator stored before the status was typed (kubectl get -o json of a finished run, cut to these fields). */
    private static final String STORED = "{\"phase\":\"Succeeded\",\"conditions\":[],\"node\":\"bench-1,bench-2\","
            + "\"nodes\":[\"bench-1\",\"bench-2\"],\"phaseSince\":\"2026-11-25T09:00:01.250Z\",\"startTime\":\"2026-11-25T08:59:00Z\","
            + "\"completionTime\":\"2026-11-25T09:00:01.250Z\",\"verdict\":\"INCONCLUSIVE\","
            + "\"steps\":[{\"id\":\"isobench_rate-1000\",\"verdict\":\"OK\"}],\"uploadGrant\":{\"attempt\":1,\"prefix\":\"runs/a/\","
            + "\"expires\":\"2026-11-25T10:00:00Z\",\"revokedAt\":\"2026-11-25T09:00:01.250Z\"}}";

    // the client's own mapper: what JOSDK patches the status with and what the informers read it with
    private final KubernetesSerialization json = new KubernetesSerialization();

    @Test
    void aStatusStoredWithStringTimesReadsIntoInstantsAndEnumsAndWritesBackTheSameJson() {
        BenchmarkRunStatus status = json.unmarshal(STORED, BenchmarkRunStatus.class);

        assertThat(status.getPhaseSince()).isEqualTo(Instant.parse("2026-11-25T09:00:01.250Z"));
        assertThat(status.getStartTime()).isEqualTo(Instant.parse("2026-11-25T08:59:00Z"));
        assertThat(status.getVerdict()).isEqualTo(RunVerdict.INCONCLUSIVE);
        assertThat(status.getSteps().getFirst().getVerdict()).isEqualTo(RunVerdict.OK);
        assertThat(status.getUploadGrant().getRevokedAt()).isEqualTo(Instant.parse("2026-11-25T09:00:01.250Z"));
        // field order aside (node is now derived, so Jackson writes it last), the very same JSON
        assertThat(tree(json.asJson(status))).isEqualTo(tree(STORED));
    }

    private JsonNode tree(String text) {
        return json.unmarshal(text, JsonNode.class);
    }

    @Test
    void theNodeColumnIsTheNodesJoinedAndIsNeverReadBackOnItsOwn() {
        var status = new BenchmarkRunStatus();
        status.setNodes(List.of("ha-1", "ha-2"));
        assertThat(json.asJson(status)).contains("\"node\":\"ha-1,ha-2\"");

        // a node that disagrees with nodes (hand-edited) loses: nodes is the one truth
        BenchmarkRunStatus read =
                json.unmarshal("{\"node\":\"elsewhere\",\"nodes\":[\"ha-2\"]}", BenchmarkRunStatus.class);
        assertThat(read.getNode()).isEqualTo("ha-2");
        status.setNodes(null);
        assertThat(json.asJson(status)).doesNotContain("node");
    }

    @Test
    void aTimeThatIsNotRfc3339IsRefusedNamingTheFieldAndTheValue() {
        assertThatThrownBy(() -> json.unmarshal("{\"startTime\":\"yesterday\"}", BenchmarkRunStatus.class))
                .isInstanceOf(KubernetesClientException.class)
                .cause()
                .hasMessageContaining("\"yesterday\"")
                .hasMessageContaining("[\"startTime\"]");
    }
}
