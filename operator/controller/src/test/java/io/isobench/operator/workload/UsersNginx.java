package io.isobench.operator.workload;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A user's HTTP server for an http example run as written: Debian's nginx as this user, one worker, answering 200 "ok"
 * on every path over keep-alive connections (a server no one here wrote, as the runner's own http tests use).
 */
final class UsersNginx {

    private UsersNginx() {}

    /** nginx on 127.0.0.1:port, its configuration and logs in dir; returns once it accepts connections. */
    static Process start(Path dir, int port) throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve("logs"));
        // keepalive_requests: nginx closes a connection after 1,000 requests by default, which the runner would count
        // as reconnects
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
                    location / { return 200 "ok\\n"; }
                  }
                }
                """.formatted(dir, port));
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
        for (int attempt = 0; !listening(port); attempt++) {
            if (attempt > 100 || !process.isAlive()) {
                process.destroyForcibly();
                throw new IOException(
                        "nginx did not start on 127.0.0.1:" + port + ": " + Files.readString(dir.resolve("nginx.out")));
            }
            Thread.sleep(50);
        }
        return process;
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
