package io.isobench.runner.targets.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Real HTTP servers on 127.0.0.1 that no one here wrote, for the http target's tests: Python's {@code http.server}
 * ({@code tiny_server.py}) and Debian's nginx run as this user with a configuration in a temporary directory,
 * plain and over TLS with a CA made by {@code openssl}.
 */
final class LocalHttpServers {

    /** A server process; closing it stops it. */
    record Server(Process process, int port) implements AutoCloseable {
        String url(String path) {
            return "http://127.0.0.1:" + port + path;
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    /** nginx and the files of its CA. */
    record Nginx(Server server, int tlsPort, Path ca, Path otherCa) implements AutoCloseable {
        String url(String path) {
            return server.url(path);
        }

        /** https on the name its certificate holds (localhost, which also makes the client send SNI). */
        String tlsUrl(String path) {
            return "https://localhost:" + tlsPort + path;
        }

        @Override
        public void close() throws InterruptedException {
            server.close();
        }
    }

    private LocalHttpServers() {}

    /** {@code tiny_server.py MODE}: keepalive, http10, status500 or slow. */
    static Server python(Path dir, String mode) throws IOException {
        Path script = dir.resolve("tiny_server.py");
        try (InputStream in = LocalHttpServers.class.getResourceAsStream("/http/tiny_server.py")) {
            Files.copy(in, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Process process = new ProcessBuilder("python3", script.toString(), mode)
                .redirectError(dir.resolve("python-" + mode + ".err").toFile())
                .start();
        String port = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))
                .readLine();
        if (port == null) {
            process.destroyForcibly();
            throw new IOException(
                    "tiny_server.py did not start: " + Files.readString(dir.resolve("python-" + mode + ".err")));
        }
        return new Server(process, Integer.parseInt(port.strip()));
    }

    /**
     * nginx, one worker: {@code /} returns 200 "ok", {@code /chunked} the same gzipped (nginx then sends it chunked),
     * {@code /error} 500; a TLS server with a certificate for localhost signed by {@link Nginx#ca()}.
     */
    static Nginx nginx(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve("logs"));
        Path ca = makeCa(dir, "ca");
        Path otherCa = makeCa(dir, "other-ca");
        openssl(
                dir,
                "req",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                "server.key",
                "-subj",
                "/CN=localhost",
                "-out",
                "server.csr");
        Files.writeString(dir.resolve("san.ext"), "subjectAltName=DNS:localhost\n");
        openssl(
                dir,
                "x509",
                "-req",
                "-in",
                "server.csr",
                "-CA",
                "ca.pem",
                "-CAkey",
                "ca.key",
                "-CAcreateserial",
                "-days",
                "2",
                "-extfile",
                "san.ext",
                "-out",
                "server.pem");
        int port = freePort();
        int tlsPort = freePort();
        // keepalive_requests: nginx closes a connection after 1,000 requests by default
        Files.writeString(dir.resolve("nginx.conf"), """
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 1024; }
                http {
                  access_log off;
                  keepalive_requests 100000000;
                  default_type text/plain;
                  server {
                    listen 127.0.0.1:%2$d;
                    listen 127.0.0.1:%3$d ssl;
                    ssl_certificate %1$s/server.pem;
                    ssl_certificate_key %1$s/server.key;
                    location / { return 200 "ok\\n"; }
                    location /chunked { gzip on; gzip_min_length 1; gzip_types text/plain; return 200 "ok\\n"; }
                    location /error { return 500 "no\\n"; }
                  }
                }
                """.formatted(dir, port, tlsPort));
        Process process = new ProcessBuilder(
                        "/usr/sbin/nginx",
                        "-p",
                        dir.toString(),
                        "-c",
                        dir.resolve("nginx.conf").toString(),
                        "-g",
                        "daemon off;")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("nginx.out").toFile())
                .start();
        Server server = new Server(process, port);
        for (int attempt = 0; !listening(port) || !listening(tlsPort); attempt++) {
            if (attempt > 100 || !process.isAlive()) {
                server.close();
                throw new IOException("nginx did not start: " + Files.readString(dir.resolve("nginx.out")));
            }
            Thread.sleep(50);
        }
        return new Nginx(server, tlsPort, ca, otherCa);
    }

    private static Path makeCa(Path dir, String name) throws IOException, InterruptedException {
        openssl(
                dir,
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                name + ".key",
                "-subj",
                "/CN=isobench test " + name,
                "-days",
                "2",
                "-out",
                name + ".pem");
        return dir.resolve(name + ".pem");
    }

    private static void openssl(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of("openssl"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("openssl.out").toFile())
                .start();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException(command + " failed: " + Files.readString(dir.resolve("openssl.out")));
        }
    }

    /** A port nothing listens on now (bound then released). */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
