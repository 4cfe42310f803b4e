package io.isobench.runner.cli;

import io.isobench.runner.harness.JvmVariantForks;
import io.isobench.runner.harness.ServerLocation;
import io.isobench.runner.harness.UsageException;
import java.net.InetSocketAddress;
import picocli.CommandLine.Option;

/** Where a client/server target's server runs: this JVM (default), a separate JVM, or a given address. */
public final class ServerOptions {

    @Option(
            names = "--server-process",
            description = "Run the server in a separate JVM started by the runner for each repetition "
                    + "(`isobench-runner server TARGET`), pinned to the CPU after the client's: the CoralReactor write-up's "
                    + "two-JVM set-up.")
    boolean separateProcess;

    @Option(
            names = "--server-address",
            paramLabel = "HOST:PORT",
            description = "Use this server (another container or pod running "
                    + "`isobench-runner server TARGET`) instead of starting one.")
    String address;

    ServerLocation location() {
        if (address != null && separateProcess) {
            throw new UsageException("--server-process: cannot be combined with --server-address '" + address
                    + "' (the server is either started or given)");
        }
        if (address != null) {
            return new ServerLocation.Remote(address("--server-address", address));
        }
        return separateProcess
                ? new ServerLocation.SeparateProcess(JvmVariantForks.currentJvm(RunnerMain.class))
                : new ServerLocation.InProcess();
    }

    static InetSocketAddress address(String option, String value) {
        int colon = value.lastIndexOf(':');
        try {
            int port = Integer.parseInt(value.substring(colon + 1));
            if (colon <= 0 || port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return new InetSocketAddress(value.substring(0, colon), port);
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new UsageException(option + " '" + value + "': must be HOST:PORT with a port in 1-65535");
        }
    }
}
