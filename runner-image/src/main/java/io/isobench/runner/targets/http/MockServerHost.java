package io.isobench.runner.targets.http;

import static org.mockserver.model.HttpRequest.request;
import static org.mockserver.model.HttpResponse.response;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.mockserver.configuration.Configuration;
import org.mockserver.integration.ClientAndServer;

/**
 * MockServer (mockserver-netty) set up as the seed's performance page ran it: {@code GET /simple} answered with
 * a fixed body, logging reduced ({@code logLevel=WARN}, {@code disableLogging=true}) and the in-memory
 * request log capped ({@code maxLogEntries}), the tuning the seed names for sustained load.
 */
public final class MockServerHost implements AutoCloseable {

    /** The seed's expectation: GET /simple answered 200 with a short fixed body. */
    public static final String DEFAULT_PATH = "/simple";

    public static final String BODY = "some simple response";

    private final ClientAndServer server;

    private MockServerHost(ClientAndServer server) {
        this.server = server;
    }

    /**
     * Starts MockServer on {@code bind:port} (port 0: any free port) answering {@code GET path} as the seed's expectation did.
     *
     * @throws BindException when the port is taken, before MockServer starts its threads
     */
    public static MockServerHost start(String bind, int port, String path, int maxLogEntries, Integer eventLoopThreads)
            throws IOException {
        if (port != 0) {
            // MockServer reports a taken port only as a generic start-up failure: check first for a clear message
            try (ServerSocket probe = new ServerSocket()) {
                probe.setReuseAddress(true);
                probe.bind(new InetSocketAddress(bind, port));
            }
        }
        Configuration configuration = Configuration.configuration()
                .logLevel("WARN")
                .disableLogging(true)
                .detailedMatchFailures(false)
                .maxLogEntries(maxLogEntries)
                .localBoundIP(bind);
        if (eventLoopThreads != null) {
            configuration.nioEventLoopThreadCount(eventLoopThreads);
        }
        ClientAndServer server = ClientAndServer.startClientAndServer(configuration, port);
        server.when(request().withMethod("GET").withPath(path))
                .respond(response().withStatusCode(200).withBody(BODY));
        return new MockServerHost(server);
    }

    public int port() {
        return server.getLocalPort();
    }

    @Override
    public void close() {
        server.stop();
    }
}
