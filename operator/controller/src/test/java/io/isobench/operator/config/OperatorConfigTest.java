package io.isobench.operator.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.isobench.result.ReadLimits;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperatorConfigTest {

    @Test
    void defaultsFollowTheContract() {
        var config = OperatorConfig.fromEnvironment(Map.of("POD_NAMESPACE", "isobench-system"));
        assertThat(config.runners().namespace()).isEqualTo("isobench-system");
        assertThat(config.instance().namespaces()).isEmpty();
        assertThat(config.runners().poolLabel()).isEqualTo("isobench.io/pool");
        assertThat(config.instance().leaderElection()).isTrue();
        assertThat(config.instance().httpPort()).isEqualTo(8080);
        assertThat(config.hasStore()).isFalse();
        assertThat(config.timing().collectGrace()).isEqualTo(Duration.ofMinutes(2));
        assertThat(config.timing().maxReconcileInterval())
                .as("spec.timeout is enforced at most a minute late")
                .isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void theMaximumReconcileIntervalIsAPositiveDuration() {
        assertThat(OperatorConfig.fromEnvironment(Map.of("ISOBENCH_MAX_RECONCILE_INTERVAL", "5s"))
                        .timing()
                        .maxReconcileInterval())
                .isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of("ISOBENCH_MAX_RECONCILE_INTERVAL", "0s")))
                .hasMessageContaining("ISOBENCH_MAX_RECONCILE_INTERVAL=\"0s\" must be longer than zero");
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of("ISOBENCH_MAX_RECONCILE_INTERVAL", "often")))
                .hasMessageContaining(
                        "ISOBENCH_MAX_RECONCILE_INTERVAL=\"often\" must be a duration such as 500ms, 30s, 10m, 1h");
    }

    @Test
    void finishedRunsAreKeptForeverUnlessTheInstallationGivesATtlInWholeSeconds() {
        assertThat(OperatorConfig.fromEnvironment(Map.of()).timing().ttlAfterFinished())
                .as("unset: never deleted")
                .isNull();
        assertThat(OperatorConfig.fromEnvironment(Map.of("ISOBENCH_TTL_SECONDS_AFTER_FINISHED", ""))
                        .timing()
                        .ttlAfterFinished())
                .as("empty, as the chart renders an unset value: never deleted")
                .isNull();
        assertThat(OperatorConfig.fromEnvironment(Map.of("ISOBENCH_TTL_SECONDS_AFTER_FINISHED", "86400"))
                        .timing()
                        .ttlAfterFinished())
                .isEqualTo(Duration.ofDays(1));
        assertThat(OperatorConfig.fromEnvironment(Map.of("ISOBENCH_TTL_SECONDS_AFTER_FINISHED", "0"))
                        .timing()
                        .ttlAfterFinished())
                .isEqualTo(Duration.ZERO);
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of("ISOBENCH_TTL_SECONDS_AFTER_FINISHED", "1d")))
                .hasMessageContaining("ISOBENCH_TTL_SECONDS_AFTER_FINISHED=\"1d\" must be a whole number of seconds");
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of("ISOBENCH_TTL_SECONDS_AFTER_FINISHED", "-5")))
                .hasMessageContaining("ISOBENCH_TTL_SECONDS_AFTER_FINISHED=\"-5\" must be a whole number of seconds");
    }

    @Test
    void everyBadValueIsReportedWithItsVariableAndValue() {
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of(
                        "ISOBENCH_HTTP_PORT",
                        "http",
                        "ISOBENCH_STORE_ENDPOINT",
                        "minio:9000",
                        "ISOBENCH_LEADER_ELECTION",
                        "yes",
                        "ISOBENCH_NAMESPACES",
                        "team-a,Team_B")))
                .hasMessageContaining("ISOBENCH_HTTP_PORT=\"http\" must be a port number")
                .hasMessageContaining("ISOBENCH_STORE_ENDPOINT=\"minio:9000\" must be an http(s) URL")
                .hasMessageContaining("ISOBENCH_LEADER_ELECTION=\"yes\" must be true or false")
                .hasMessageContaining("ISOBENCH_NAMESPACES names \"Team_B\"");
    }

    @Test
    void imagePullSecretsAreSecretNamesAndNoneByDefault() {
        assertThat(OperatorConfig.fromEnvironment(Map.of()).runners().imagePullSecrets())
                .isEmpty();
        assertThat(OperatorConfig.fromEnvironment(Map.of("ISOBENCH_IMAGE_PULL_SECRETS", "regcred, mirror.creds"))
                        .runners()
                        .imagePullSecrets())
                .containsExactly("regcred", "mirror.creds");
        assertThatThrownBy(
                        () -> OperatorConfig.fromEnvironment(Map.of("ISOBENCH_IMAGE_PULL_SECRETS", "regcred,Reg_Cred")))
                .hasMessageContaining("ISOBENCH_IMAGE_PULL_SECRETS names \"Reg_Cred\", which is not a Secret name");
    }

    @Test
    void readCapsDefaultAndTakeKubernetesSizes() {
        assertThat(OperatorConfig.fromEnvironment(Map.of()).store().readLimits())
                .isEqualTo(ReadLimits.DEFAULTS);
        var config = OperatorConfig.fromEnvironment(Map.of(
                "ISOBENCH_MAX_RESULT_BYTES",
                "4Mi",
                "ISOBENCH_MAX_HISTOGRAM_FILE_BYTES",
                "512Ki",
                "ISOBENCH_MAX_RUN_FILES_BYTES",
                "1073741824"));
        assertThat(config.store().readLimits()).isEqualTo(new ReadLimits(4L << 20, 512L << 10, 1L << 30));
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of(
                        "ISOBENCH_MAX_RESULT_BYTES",
                        "4MB",
                        "ISOBENCH_MAX_HISTOGRAM_FILE_BYTES",
                        "0",
                        "ISOBENCH_MAX_RUN_FILES_BYTES",
                        "4Gi")))
                .hasMessageContaining("ISOBENCH_MAX_RESULT_BYTES=\"4MB\" must be a size between 1 and 2147483631 bytes")
                .hasMessageContaining("ISOBENCH_MAX_HISTOGRAM_FILE_BYTES=\"0\" must be a size")
                .hasMessageContaining("ISOBENCH_MAX_RUN_FILES_BYTES=\"4Gi\" must be a size");
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(
                        Map.of("ISOBENCH_MAX_HISTOGRAM_FILE_BYTES", "64Mi", "ISOBENCH_MAX_RUN_FILES_BYTES", "32Mi")))
                .hasMessageContaining(
                        "ISOBENCH_MAX_RUN_FILES_BYTES=\"33554432\" is below ISOBENCH_MAX_HISTOGRAM_FILE_BYTES=\"67108864\"");
    }

    @Test
    void kubeletsAreDialledAtInternalAddressesAndTrustedByTheApiServersCaUnlessTold(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        var defaults = OperatorConfig.fromEnvironment(Map.of());
        assertThat(defaults.kubelets().addressTypes()).containsExactly("InternalIP", "InternalDNS", "Hostname");
        assertThat(defaults.kubelets().caFile()).isNull();
        var ca = java.nio.file.Files.writeString(dir.resolve("ca.crt"), "-----BEGIN CERTIFICATE-----");
        var told = OperatorConfig.fromEnvironment(Map.of(
                "ISOBENCH_KUBELET_CA_FILE", ca.toString(), "ISOBENCH_KUBELET_ADDRESS_TYPES", "ExternalIP, InternalIP"));
        assertThat(told.kubelets().caFile()).isEqualTo(ca);
        assertThat(told.kubelets().addressTypes()).containsExactly("ExternalIP", "InternalIP");
        assertThatThrownBy(() -> OperatorConfig.fromEnvironment(Map.of(
                        "ISOBENCH_KUBELET_CA_FILE",
                        dir.resolve("missing.crt").toString(),
                        "ISOBENCH_KUBELET_ADDRESS_TYPES",
                        "InternalIP,LegacyHostIP")))
                .hasMessageContaining(
                        "ISOBENCH_KUBELET_CA_FILE=\"" + dir.resolve("missing.crt") + "\" is not a readable file")
                .hasMessageContaining(
                        "ISOBENCH_KUBELET_ADDRESS_TYPES names \"LegacyHostIP\", which is not a node address type");
    }

    @Test
    void credentialsNeverAppearInItsDescription() {
        var config = OperatorConfig.fromEnvironment(Map.of(
                "ISOBENCH_STORE_ENDPOINT",
                "http://127.0.0.1:9000",
                "ISOBENCH_STORE_ACCESS_KEY",
                "AKIA-visible",
                "ISOBENCH_STORE_SECRET_KEY",
                "s3cr3t-value"));
        assertThat(config.toString()).doesNotContain("AKIA-visible").doesNotContain("s3cr3t-value");
        assertThat(config.store().toString()).doesNotContain("AKIA-visible").doesNotContain("s3cr3t-value");
    }
}
