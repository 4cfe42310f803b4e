package io.isobench.store.testing;

import io.isobench.store.MinioObjectStore;
import io.isobench.store.StoreConfig;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real MinIO server for tests: the binary {@code local-cluster/tools.sh minio} builds into
 * {@code ~/.cache/isobench/bin/minio}, on 127.0.0.1 (a free port in 29900–29999), data in a temp dir.
 * Register with {@code @RegisterExtension static MinioServer minio = new MinioServer();} (started once per class);
 * {@link #stop()} and {@link #start()} let a test take it away mid-upload. Other modules get it from the
 * object-store test-jar.
 */
public final class MinioServer implements BeforeAllCallback, AfterAllCallback {

    private final String accessKey = "test-" + UUID.randomUUID().toString().substring(0, 8);
    private final String secretKey = UUID.randomUUID().toString();
    private Path dataDir;
    private int port;
    private Process process;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        dataDir = Files.createTempDirectory("isobench-minio");
        port = freePort();
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        stop();
        try (var files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** Starts (or restarts) the server on the same port and data, waiting until it is live. */
    public synchronized void start() throws IOException, InterruptedException {
        Path binary = Path.of(System.getProperty("user.home"), ".cache", "isobench", "bin", "minio");
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException(
                    binary + " is missing: run `local-cluster/tools.sh minio` (make test does)");
        }
        var pb = new ProcessBuilder(
                        binary.toString(),
                        "server",
                        dataDir.toString(),
                        "--address",
                        "127.0.0.1:" + port,
                        "--console-address",
                        "127.0.0.1:" + (port == 29999 ? 29998 : port + 1),
                        "--quiet")
                .redirectErrorStream(true)
                .redirectOutput(
                        dataDir.resolveSibling(dataDir.getFileName() + ".log").toFile());
        pb.environment().put("MINIO_ROOT_USER", accessKey);
        pb.environment().put("MINIO_ROOT_PASSWORD", secretKey);
        pb.environment().put("MINIO_BROWSER", "off");
        stop(); // a restart must not orphan the running server
        process = pb.start();
        Process started = process;
        // a test JVM that dies or exits without afterAll (a crash, a fork timeout) must not leave MinIO behind
        Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!live()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("MinIO did not come up on 127.0.0.1:" + port);
            }
            Thread.sleep(100);
        }
    }

    /** Stops the server (the data stays for {@link #start()}). */
    public synchronized void stop() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    public String accessKey() {
        return accessKey;
    }

    public String secretKey() {
        return secretKey;
    }

    /** A store on a fresh bucket of this server. */
    public MinioObjectStore newStore(String bucket) {
        return new MinioObjectStore(new StoreConfig(endpoint(), bucket, accessKey, secretKey, null)).ensureBucket();
    }

    private boolean live() {
        try {
            var c = (HttpURLConnection)
                    URI.create(endpoint() + "/minio/health/live").toURL().openConnection();
            c.setConnectTimeout(500);
            return c.getResponseCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        int start = 29900 + (int) (ProcessHandle.current().pid() % 50) * 2;
        for (int i = 0; i < 100; i += 2) {
            int candidate = 29900 + (start - 29900 + i) % 98;
            try (var a = new ServerSocket(candidate, 1, InetAddress.getLoopbackAddress());
                    var b = new ServerSocket(candidate + 1, 1, InetAddress.getLoopbackAddress())) {
                return candidate;
            } catch (IOException busy) {
                // next pair
            }
        }
        throw new IOException("no free port pair in 29900-29999");
    }
}
