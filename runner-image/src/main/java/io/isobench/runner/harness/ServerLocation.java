package io.isobench.runner.harness;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * Where a client/server target's server runs: in this JVM, in a separate JVM the runner starts for each
 * repetition (the seeds' "two JVMs" set-up), or elsewhere (another container or pod, given by address).
 */
public sealed interface ServerLocation {

    /** The variant name this location gives a target's only variant. */
    String variant();

    /** What result.json's target options say about the server. */
    String describe();

    record InProcess() implements ServerLocation {
        @Override
        public String variant() {
            return "in-process";
        }

        @Override
        public String describe() {
            return "in this JVM";
        }
    }

    /** @param runnerCommand the command line that starts {@code isobench-runner} (java, flags, classpath, main class) */
    record SeparateProcess(List<String> runnerCommand) implements ServerLocation {
        @Override
        public String variant() {
            return "process";
        }

        @Override
        public String describe() {
            return "separate JVM started by the runner";
        }
    }

    record Remote(InetSocketAddress address) implements ServerLocation {
        @Override
        public String variant() {
            return "remote";
        }

        @Override
        public String describe() {
            return address.getHostString() + ":" + address.getPort();
        }
    }
}
