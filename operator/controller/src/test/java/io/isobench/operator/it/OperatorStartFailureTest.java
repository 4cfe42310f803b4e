package io.isobench.operator.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator that cannot start must end its JVM, so that the kubelet starts it again: its HTTP server's thread would
 * otherwise keep a JVM alive that answers /healthz "starting" for ever and never becomes ready (a CI run's helm install
 * waited its 5 minutes on such a pod). No cluster: the API server named in the kubeconfig is a port nothing listens on.
 */
class OperatorStartFailureTest {

    @Test
    void anOperatorThatCannotReachTheApiServerExitsAndSaysWhy(@TempDir Path dir) throws Exception {
        int closed;
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), """
                apiVersion: v1
                kind: Config
                clusters:
                - name: gone
                  cluster: {server: "http://127.0.0.1:%d"}
                users:
                - name: nobody
                  user: {token: not-a-token}
                contexts:
                - name: gone
                  context: {cluster: gone, user: nobody}
                current-context: gone
                """.formatted(closed));
        Path log = dir.resolve("operator.log");
        var builder = OperatorProcess.replica(log, kubeconfig, "isobench-system", "replica-a", "team-a");
        // Fabric8 retries a refused connection with backoff (about 100 s by default); once is enough to show the exit
        builder.environment().put("KUBERNETES_REQUEST_RETRY_BACKOFFLIMIT", "1");
        builder.environment().put("ISOBENCH_LEADER_ELECTION", "false");
        // the operator never talks to a kubelet without a CA to check it with: any will do, none is reached
        builder.environment().put("ISOBENCH_KUBELET_CA_FILE", "/etc/ssl/certs/ca-certificates.crt");
        var process = builder.start();
        try {
            boolean exited = process.waitFor(90, TimeUnit.SECONDS);
            assertThat(exited)
                    .as("the operator's JVM ended within 90 s; its output:%n%s", Files.readString(log))
                    .isTrue();
            assertThat(process.exitValue()).isEqualTo(1);
            assertThat(Files.readString(log))
                    .containsPattern(
                            "isobench operator not started: .*ConnectException.* \\(API server http://127\\.0\\.0\\.1:"
                                    + closed + "/\\); exiting for the kubelet to start it again")
                    .doesNotContain(OperatorProcess.PORT_LINE);
        } finally {
            process.destroyForcibly();
        }
    }
}
