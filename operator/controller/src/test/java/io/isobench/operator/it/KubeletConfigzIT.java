package io.isobench.operator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.isobench.operator.config.OperatorConfig;
import io.isobench.operator.placement.KubeletConfigz;
import io.isobench.operator.placement.KubeletFacts;
import io.isobench.operator.placement.NodeInspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operator reads each node's kubelet configuration from the kubelet itself, as the chart's ServiceAccount with the
 * chart's RBAC (rendered by {@code helm template}) and nothing more: the simulated kubelets authenticate its token through
 * the real API server (TokenReview) and authorize nodes/configz (SubjectAccessReview), as a kubelet with webhook
 * authentication and fine-grained authorization does. What it cannot read is a lasting refusal that says what to change.
 */
class KubeletConfigzIT {

    static final String SYSTEM = "isobench-system";
    static final String OPERATOR_SA = "isobench-operator";
    static LocalCluster cluster;
    static Config admin;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = new LocalCluster("bench-1,policy=static,cpus=4,pool=bench", "old-1,policy=static,cpus=4,pool=old");
        admin = cluster.client.getConfiguration();
        cluster.installChartRbac(SYSTEM);
        cluster.client
                .resource(new ServiceAccountBuilder()
                        .withNewMetadata()
                        .withName("stranger")
                        .withNamespace(SYSTEM)
                        .endMetadata()
                        .build())
                .serverSideApply();
        // a kubelet from before fine-grained authorization asks for nodes/proxy alone (simulated-kubelet/server.py)
        Files.createFile(cluster.stateDir.resolve("kubelets").resolve("old-1").resolve("coarse-authz"));
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    static KubernetesClient clientWith(String token, boolean trustAnyApiServerCertificate) {
        if (!trustAnyApiServerCertificate) {
            return cluster.clientWithToken(token);
        }
        return new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder(Config.empty())
                        .withMasterUrl(admin.getMasterUrl())
                        .withOauthToken(token)
                        .withTrustCerts(true)
                        .build())
                .build();
    }

    static String token(String serviceAccount) {
        return cluster.token(SYSTEM, serviceAccount);
    }

    /** What the operator sees of a node's kubelet, as the given client, trusting the given CA (null: the API server's). */
    static KubeletFacts read(KubernetesClient as, Path caFile, String node) {
        try (var kubelets = new KubeletConfigz(
                        as.getConfiguration(),
                        caFile,
                        OperatorConfig.DEFAULT_KUBELET_ADDRESS_TYPES,
                        Duration.ofSeconds(10));
                var inspector =
                        new NodeInspector(cluster.client, kubelets, Duration.ofSeconds(30), Clock.systemUTC())) {
            return inspector.kubelet(node);
        }
    }

    static boolean mayGet(KubernetesClient as, String subresource) {
        return as.authorization()
                .v1()
                .selfSubjectAccessReview()
                .create(new SelfSubjectAccessReviewBuilder()
                        .withNewSpec()
                        .withNewResourceAttributes()
                        .withVerb("get")
                        .withResource("nodes")
                        .withSubresource(subresource)
                        .withName("bench-1")
                        .endResourceAttributes()
                        .endSpec()
                        .build())
                .getStatus()
                .getAllowed();
    }

    @Test
    void theChartsServiceAccountReadsTheKubeletsConfigzWithNodesConfigzAndHoldsNoNodesProxy() {
        try (var operator = clientWith(token(OPERATOR_SA), false)) {
            KubeletFacts facts = read(operator, null, "bench-1");
            assertThat(facts.error()).isNull();
            assertThat(facts.cpuManagerPolicy()).isEqualTo("static");
            assertThat(facts.reservedSystemCpus()).isEqualTo("0");
            assertThat(mayGet(operator, "configz")).isTrue();
            assertThat(mayGet(operator, "proxy"))
                    .as("nodes/proxy would let the operator exec into any container")
                    .isFalse();
        }
    }

    @Test
    void aServiceAccountWithoutTheGrantIsRefusedByTheKubeletLastingly() {
        try (var stranger = clientWith(token("stranger"), false)) {
            KubeletFacts facts = read(stranger, null, "bench-1");
            assertThat(facts.lasting()).isTrue();
            assertThat(facts.error())
                    .contains(
                            "Forbidden (user=system:serviceaccount:isobench-system:stranger, verb=get, resource=nodes, "
                                    + "subresource(s)=[configz proxy])")
                    .contains("needs get on nodes/configz");
        }
    }

    @Test
    void aKubeletWithoutFineGrainedAuthorizationIsALastingRefusalNamingNodesProxyAndTheVersion() {
        try (var operator = clientWith(token(OPERATOR_SA), false)) {
            KubeletFacts facts = read(operator, null, "old-1");
            assertThat(facts.lasting()).isTrue();
            assertThat(facts.error())
                    .contains("the kubelet kwok-0.8.0 on node old-1 authorizes GET /configz only as nodes/proxy")
                    .contains("KubeletFineGrainedAuthz, on by default from Kubernetes 1.33")
                    .contains("never nodes/proxy");
        }
    }

    @Test
    void aTokenTheApiServerDoesNotVouchForIsUnauthenticated() {
        try (var nobody = clientWith("not-a-token", false)) {
            KubeletFacts facts = read(nobody, null, "bench-1");
            assertThat(facts.lasting()).isTrue();
            assertThat(facts.error())
                    .contains("did not authenticate the operator")
                    .contains("401");
        }
    }

    @Test
    void theServingCertificateIsVerifiedAgainstTheGivenCaAndNeverSkipped() throws Exception {
        Path otherCa = Files.createTempDirectory("other-ca").resolve("ca.crt");
        Process openssl = new ProcessBuilder(
                        "openssl",
                        "req",
                        "-x509",
                        "-newkey",
                        "rsa:2048",
                        "-nodes",
                        "-keyout",
                        otherCa.resolveSibling("ca.key").toString(),
                        "-subj",
                        "/CN=another-ca",
                        "-days",
                        "1",
                        "-out",
                        otherCa.toString())
                .redirectErrorStream(true)
                .start();
        openssl.getInputStream().readAllBytes();
        assertThat(openssl.waitFor(60, TimeUnit.SECONDS) && openssl.exitValue() == 0)
                .as("openssl made a CA")
                .isTrue();
        try (var operator = clientWith(token(OPERATOR_SA), false);
                var insecure = clientWith(token(OPERATOR_SA), true)) {
            KubeletFacts wrongCa = read(operator, otherCa, "bench-1");
            assertThat(wrongCa.lasting()).isTrue();
            assertThat(wrongCa.error())
                    .contains("the kubelet's serving certificate on node bench-1 (127.0.0.2:")
                    .contains("is not trusted by the CA in " + otherCa)
                    .contains("kubelet.caBundle");
            // an API client told to trust any API server certificate still verifies the kubelet's: with no CA it does
            // not start
            assertThatThrownBy(() -> read(insecure, null, "bench-1"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no CA to verify kubelets with")
                    .hasMessageContaining("ISOBENCH_KUBELET_CA_FILE");
            assertThat(read(insecure, otherCa, "bench-1").error()).contains("is not trusted");
            assertThat(read(operator, cluster.stateDir.resolve("pki").resolve("ca.crt"), "bench-1")
                            .cpuManagerPolicy())
                    .isEqualTo("static");
        }
    }
}
