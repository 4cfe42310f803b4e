package io.isobench.runner.harness;

import io.isobench.target.spi.ThreadPlacement;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * The server one session talks to, wherever {@link ServerLocation} puts it: started here (a thread or
 * MockServer's event loops), started as a separate JVM, or already running elsewhere. Closing it stops what
 * this session started and nothing else.
 */
public final class ServerHandle implements AutoCloseable {

    /** A server living in this JVM. */
    public interface Local extends AutoCloseable {
        InetSocketAddress address();

        /** Why it stopped serving, or null. */
        default String failure() {
            return null;
        }

        /** A server at {@code address} that {@code server} stops, with no failure of its own to tell. */
        static Local of(InetSocketAddress address, AutoCloseable server) {
            return new Local() {
                @Override
                public InetSocketAddress address() {
                    return address;
                }

                @Override
                public void close() throws Exception {
                    server.close();
                }
            };
        }
    }

    /** Starts the in-JVM server, placing its threads with the session's {@link ThreadPlacement}. */
    @FunctionalInterface
    public interface LocalStarter {
        Local start(ThreadPlacement threads) throws Exception;
    }

    private static final long PROCESS_START_TIMEOUT_MILLIS = 60_000;

    private final InetSocketAddress address;
    private final Local local;
    private final ServerProcess process;

    private ServerHandle(InetSocketAddress address, Local local, ServerProcess process) {
        this.address = address;
        this.local = local;
        this.process = process;
    }

    /**
     * @param serverArgs the {@code server} sub-command's target options, for a separate process
     * @param serverCpu  the CPU a separate process is pinned to, or null for none free
     */
    public static ServerHandle open(
            ServerLocation location,
            String target,
            List<String> serverArgs,
            Integer serverCpu,
            ThreadPlacement threads,
            LocalStarter starter)
            throws Exception {
        return switch (location) {
            case ServerLocation.InProcess ignored -> {
                Local local = starter.start(threads);
                yield new ServerHandle(local.address(), local, null);
            }
            case ServerLocation.SeparateProcess p -> {
                ServerProcess process = ServerProcess.start(
                        p.runnerCommand(), target, serverArgs, serverCpu, PROCESS_START_TIMEOUT_MILLIS);
                threads.recordSeparateProcess(process.pinnings("server", serverCpu));
                yield new ServerHandle(process.address(), null, process);
            }
            case ServerLocation.Remote r -> new ServerHandle(r.address(), null, null);
        };
    }

    public InetSocketAddress address() {
        return address;
    }

    /** Whether the server runs in this JVM (its heap is the client's too). */
    public boolean inProcess() {
        return local != null;
    }

    /** The server process's pid when this session started one, else -1. */
    public long pid() {
        return process != null ? process.pid() : -1;
    }

    /** Why the server this session started is gone, or null (a remote server's death shows on the connection). */
    public String failure() {
        if (local != null) {
            return local.failure();
        }
        return process != null ? process.failure() : null;
    }

    /** A session's failure: the server's death first (what the client saw is its consequence), else the client's own. */
    public String failureOr(String clientFailure) {
        String serverGone = failure();
        return serverGone != null ? serverGone : clientFailure;
    }

    @Override
    public void close() throws Exception {
        if (local != null) {
            local.close();
        }
        if (process != null) {
            process.close();
        }
    }
}
