package io.isobench.operator.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.isobench.operator.api.BenchmarkRun;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Operator replicas as the chart runs them — each a JVM of its own, leader election on — against the real API server:
 * when the leader is killed (SIGKILL: it releases nothing), the standby takes the Lease once it expires and reconciles;
 * /healthz follows the informers' health, on the leader and on a standby.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplicasAndHealthIT {

    static final String SYSTEM_NAMESPACE = "isobench-system";
    static final String USER_NAMESPACE = "team-a";
    /** IsobenchOperator's leader election: lease 15 s, renewed every 2 s. */
    static final Duration LEASE = Duration.ofSeconds(15);

    static final Duration RETRY_PERIOD = Duration.ofSeconds(2);

    static LocalCluster cluster;
    static KubernetesClient client;
    static CustomResourceDefinition crd;
    final List<Process> replicas = new ArrayList<>();
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = new LocalCluster("bench-1,policy=static,cpus=4,pool=bench");
        client = cluster.client;
        crd = cluster.installCrd();
        for (String ns : List.of(SYSTEM_NAMESPACE, USER_NAMESPACE)) {
            client.resource(new NamespaceBuilder()
                            .withNewMetadata()
                            .withName(ns)
                            .endMetadata()
                            .build())
                    .serverSideApply();
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @AfterEach
    void stopReplicas() throws InterruptedException {
        for (Process p : replicas) {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    @Order(1)
    void whenTheLeaderIsKilledTheStandbyReconcilesWithinTheLease() throws Exception {
        int leaderPort = start("replica-a");
        await().atMost(Duration.ofSeconds(60)).until(() -> "replica-a".equals(leaseHolder()));
        int standbyPort = start("replica-b");
        assertThat(probe(standbyPort, "/healthz")).as("a standby is alive").isEqualTo(200);
        assertThat(probe(standbyPort, "/readyz")).as("and ready to take over").isEqualTo(200);
        assertThat(probe(leaderPort, "/healthz")).isEqualTo(200);
        create("before-kill");
        await().atMost(Duration.ofSeconds(30)).until(() -> phase("before-kill") != null);
        assertThat(leaseHolder()).as("the standby waits").isEqualTo("replica-a");

        replicas.getFirst().destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        Instant killed = Instant.now();
        create("after-kill");
        await().atMost(LEASE.plusSeconds(30))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> phase("after-kill") != null);
        Duration takeover = Duration.between(killed, Instant.now());
        System.out.printf(
                "standby reconciled %d ms after the leader was killed (lease %d s)%n",
                takeover.toMillis(), LEASE.toSeconds());
        assertThat(leaseHolder()).isEqualTo("replica-b");
        // the Lease expires at most LEASE after the leader's last renewal; the standby notices and acquires it on its
        // next
        // tries (one retry period each), then starts processing with its informers already synced
        assertThat(takeover)
                .as("lease %s + two retry periods of %s + 3 s to start processing", LEASE, RETRY_PERIOD)
                .isLessThan(LEASE.plus(RETRY_PERIOD.multipliedBy(2)).plusSeconds(3));
    }

    @Test
    @Order(2)
    void livenessFailsWhenTheOperatorCanNoLongerWatchItsRuns() throws Exception {
        int port = start("replica-c");
        await().atMost(Duration.ofSeconds(60)).until(() -> "replica-c".equals(leaseHolder()));
        assertThat(probe(port, "/healthz")).isEqualTo(200);
        // the BenchmarkRun API disappears: its informer stops watching, and the probe says so (the kubelet restarts the
        // pod)
        client.resource(crd).delete();
        await().atMost(Duration.ofSeconds(60)).until(() -> probe(port, "/healthz") == 503);
        var body = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(body.body()).startsWith("not watching: benchmarkrun/");
        assertThat(probe(port, "/readyz")).isEqualTo(503);
    }

    /** Starts a replica; returns its HTTP port once it has started (informers synced). */
    int start(String name) throws IOException {
        Path log = cluster.stateDir.getParent().resolve(cluster.stateDir.getFileName() + "-" + name + ".log");
        var builder = OperatorProcess.replica(
                log, cluster.stateDir.resolve("kubeconfig"), SYSTEM_NAMESPACE, name, USER_NAMESPACE);
        replicas.add(builder.start());
        await().atMost(Duration.ofSeconds(90)).until(() -> Files.readString(log).contains(OperatorProcess.PORT_LINE));
        String line = Files.readAllLines(log).stream()
                .filter(l -> l.startsWith(OperatorProcess.PORT_LINE))
                .findFirst()
                .orElseThrow();
        return Integer.parseInt(
                line.substring(OperatorProcess.PORT_LINE.length()).trim());
    }

    int probe(int port, String path) throws IOException, InterruptedException {
        return http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    static String leaseHolder() {
        var lease = client.leases()
                .inNamespace(SYSTEM_NAMESPACE)
                .withName("isobench-operator")
                .get();
        return lease == null || lease.getSpec() == null ? null : lease.getSpec().getHolderIdentity();
    }

    static void create(String name) {
        client.resource(OperatorIT.runSpec(name, "bench", "5m")).create();
    }

    static io.isobench.operator.api.Phase phase(String name) {
        BenchmarkRun run = client.resources(BenchmarkRun.class)
                .inNamespace(USER_NAMESPACE)
                .withName(name)
                .get();
        return run == null || run.getStatus() == null ? null : run.getStatus().getPhase();
    }
}
