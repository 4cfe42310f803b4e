package io.isobench.operator.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperatorConfigTest {

    @Test
    void defaultsFollowTheContract() {
        var config = OperatorConfig.fromEnvironment(Map.of("POD_NAMESPACE", "isobench-system"));
        assertThat(config.runNamespace()).isEqualTo("isobench-system");
        assertThat(config.namespaces()).isEmpty();
        assertThat(config.poolLabel()).isEqualTo("isobench.io/pool");
        assertThat(config.leaderElection()).isTrue();
        assertThat(config.httpPort()).isEqualTo(8080);
        assertThat(config.hasStore()).isFalse();
        assertThat(config.collectGrace()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void everyBadValueIsReportedWithItsVariableAndValue() {
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of("ISOBENCH_HTTP_PORT", "http", "ISOBENCH_STORE_ENDPOINT", "minio:9000",
                "ISOBENCH_LEADER_ELECTION", "yes", "ISOBENCH_NAMESPACES", "team-a,Team_B")))
                .hasMessageContaining("ISOBENCH_HTTP_PORT=\"http\" must be a port number")
                .hasMessageContaining("ISOBENCH_STORE_ENDPOINT=\"minio:9000\" must be an http(s) URL")
                .hasMessageContaining("ISOBENCH_LEADER_ELECTION=\"yes\" must be true or false")
                .hasMessageContaining("ISOBENCH_NAMESPACES names \"Team_B\"");
    }

    @Test
    void credentialsNeverAppearInItsDescription() {
        var config = OperatorConfig.fromEnvironment(Map.of("ISOBENCH_STORE_ENDPOINT", "http://127.0.0.1:9000",
                "ISOBENCH_STORE_ACCESS_KEY", "AKIA-visible", "ISOBENCH_STORE_SECRET_KEY", "s3cr3t-value"));
        assertThat(config.toString()).doesNotContain("AKIA-visible").doesNotContain("s3cr3t-value");
    }
}
