package io.isobench.runner.targets.echo;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.runner.harness.Session;
import io.isobench.runner.harness.SessionContext;
import io.isobench.runner.harness.Target;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Loopback (or pod-to-pod) UDP/TCP echo of fixed-size messages, the CoralReactor write-up: the client on the
 * rig's sender thread, the server in this JVM on a pinned thread of its own — or elsewhere
 * ({@code --server-address}, the operator's second container or pod running {@code isobench-runner server}).
 */
public final class EchoTarget implements Target {

    private final EchoProtocol protocol;
    private final int messageBytes;
    private final InetSocketAddress remote;

    /** @param remote the server to use, or null to run one in this JVM */
    public EchoTarget(EchoProtocol protocol, int messageBytes, InetSocketAddress remote) {
        this.protocol = protocol;
        this.messageBytes = messageBytes;
        this.remote = remote;
    }

    @Override
    public String name() {
        return protocol.target();
    }

    @Override
    public List<String> variants() {
        return List.of(remote == null ? "loopback" : "remote");
    }

    @Override
    public String senderRole() {
        return "client";
    }

    @Override
    public List<String> threadRoles() {
        return remote == null ? List.of("server") : List.of();
    }

    @Override
    public LatencyMeasure measure(LoadMode mode) {
        return mode == LoadMode.CLOSED_LOOP ? LatencyMeasure.HALF_ROUND_TRIP : LatencyMeasure.ROUND_TRIP;
    }

    @Override
    public Map<String, Object> options() {
        var options = new LinkedHashMap<String, Object>();
        options.put("protocol", protocol.name().toLowerCase(java.util.Locale.ROOT));
        options.put("messageBytes", messageBytes);
        options.put("server", remote == null ? "in-process thread" : remote.getHostString() + ":" + remote.getPort());
        return options;
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        EchoServer server = null;
        Thread serverThread = null;
        InetSocketAddress address = remote;
        if (address == null) {
            server = new EchoServer(protocol, new InetSocketAddress("127.0.0.1", 0));
            address = new InetSocketAddress("127.0.0.1", server.port());
            serverThread = context.threads().start("server", server);
        }
        EchoSession client = new EchoSession(protocol, address, messageBytes, context.load().mode(), context.clock(),
                context.recording().newRecorder("client"));
        EchoServer ownServer = server;
        Thread ownThread = serverThread;
        return new Session() {
            @Override
            public boolean send(long intendedNanos) {
                return client.send(intendedNanos);
            }

            @Override
            public void flush() {
                client.flush();
            }

            @Override
            public void idle() {
                client.idle();
            }

            @Override
            public String failure() {
                if (ownServer != null && ownServer.error() != null) {
                    return "echo server thread died: " + ownServer.error();
                }
                return client.failure();
            }

            @Override
            public Map<String, Object> metrics() {
                return client.metrics();
            }

            @Override
            public void close() throws Exception {
                client.close();
                if (ownServer != null) {
                    ownServer.close();
                    ownThread.join(TimeUnit.SECONDS.toMillis(5));
                }
            }
        };
    }

    /** Checks the port now, so "port in use" is a usage error before anything runs. */
    public static EchoServer bind(EchoProtocol protocol, String host, int port) throws IOException {
        return new EchoServer(protocol, new InetSocketAddress(host, port));
    }
}
