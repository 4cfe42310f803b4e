package io.isobench.runner.targets.echo;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.runner.harness.ServerHandle;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.ServerPlacedTarget;
import io.isobench.target.spi.Session;
import io.isobench.target.spi.SessionContext;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Loopback (or pod-to-pod) UDP/TCP echo of fixed-size messages, the CoralReactor write-up: the client on the
 * rig's sender thread, the server on a pinned thread of its own in this JVM, in a separate pinned JVM (the
 * seed's set-up), or elsewhere ({@code --server-address}: the operator's second container or pod running
 * {@code isobench-runner server}).
 */
public final class EchoTarget extends ServerPlacedTarget {

    private final EchoProtocol protocol;
    private final int messageBytes;

    public EchoTarget(EchoProtocol protocol, int messageBytes, ServerLocation server) {
        super(server);
        this.protocol = protocol;
        this.messageBytes = messageBytes;
    }

    @Override
    public String name() {
        return protocol.target();
    }

    @Override
    public List<String> threadRoles() {
        // the echo server thread here, or a separate server JVM, is pinned to the CPU this role reserves
        return server instanceof ServerLocation.Remote ? List.of() : List.of("server");
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
        options.put("server", server.describe());
        return options;
    }

    @Override
    public Session open(SessionContext context) throws Exception {
        ServerHandle handle = ServerHandle.open(
                server, name(), List.of(), context.threads().cpuOf("server"), context.threads(), threads -> {
                    EchoServer local = new EchoServer(protocol, new InetSocketAddress("127.0.0.1", 0));
                    InetSocketAddress address = new InetSocketAddress("127.0.0.1", local.port());
                    Thread thread = threads.start("server", local);
                    return new ServerHandle.Local() {
                        @Override
                        public InetSocketAddress address() {
                            return address;
                        }

                        @Override
                        public String failure() {
                            return local.error() == null ? null : "echo server thread died: " + local.error();
                        }

                        @Override
                        public void close() throws Exception {
                            local.close();
                            thread.join(TimeUnit.SECONDS.toMillis(5));
                        }
                    };
                });
        try {
            return new EchoSession(
                    protocol,
                    handle,
                    messageBytes,
                    context.load().mode(),
                    context.clock(),
                    context.recording().newRecorder("client"));
        } catch (Exception e) {
            handle.close();
            throw e;
        }
    }

    /** Checks the port now, so "port in use" is a usage error before anything runs. */
    public static EchoServer bind(EchoProtocol protocol, String host, int port) throws IOException {
        return new EchoServer(protocol, new InetSocketAddress(host, port));
    }
}
