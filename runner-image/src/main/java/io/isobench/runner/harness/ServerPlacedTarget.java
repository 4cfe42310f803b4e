package io.isobench.runner.harness;

import io.isobench.result.LatencyMeasure;
import io.isobench.result.LoadMode;
import io.isobench.target.spi.Target;
import java.util.List;

/**
 * A client/server target: one variant, named by where its server runs; the client on the rig's sender thread;
 * a separate server JVM pinned to the CPU the "server" role reserves.
 */
public abstract class ServerPlacedTarget implements Target {

    protected final ServerLocation server;

    protected ServerPlacedTarget(ServerLocation server) {
        this.server = server;
    }

    @Override
    public List<String> variants() {
        return List.of(server.variant());
    }

    @Override
    public String senderRole() {
        return "client";
    }

    /**
     * From when the client's schedule had the message due until its answer was back at the client, on one clock
     * (a target whose server answers in kind in closed loop may say half of it).
     */
    @Override
    public LatencyMeasure measure(LoadMode mode) {
        return LatencyMeasure.ROUND_TRIP;
    }

    /** A separate server JVM gets the next CPU; a server in this JVM runs on its library's own (unpinned) threads. */
    @Override
    public List<String> threadRoles() {
        return server instanceof ServerLocation.SeparateProcess ? List.of("server") : List.of();
    }
}
