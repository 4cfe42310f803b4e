package io.isobench.result.samples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * result.json files the real runner wrote, kept as it wrote them, for every module's tests (the result-format test-jar).
 * How each was made is in its method's comment; remake it the same way when the format changes.
 */
public final class ResultSamples {

    private ResultSamples() {}

    /**
     * A runner FAIL that never reached its measured window: {@code isobench-runner tcp-echo --server-address 127.0.0.1:1
     * --mode closed --clients 1 --warmup 1s --duration 1s --repetitions 1} (nothing listens on port 1: exit 1, reason
     * "…could not start tcp-echo remote: Connection refused", windowNanos 0, no samples).
     */
    public static byte[] connectionRefused() {
        return read("tcp-echo-connection-refused.json");
    }

    /**
     * An A/A run of two option sets in one run: {@code isobench-runner tcp-echo --mode closed --clients 1 --warmup 100ms
     * --duration 200ms --repetitions 3 --probe-duration 0 --progress none --variant a= --variant a2= --variant-seed 7}
     * (exit 0; variantRounds with three rounds, variantComparisons with a2 against a).
     */
    public static byte[] variantsAa() {
        return read("tcp-echo-variants-aa.json");
    }

    /**
     * A run of three load parts against one UDP echo server: {@code isobench-runner server udp-echo --port 0}, then
     * {@code isobench-runner udp-echo --server-address 127.0.0.1:PORT --parallelism 3 --rates 150 --warmup 300ms
     * --duration 2s --repetitions 2 --probe-duration 0s --rate-tolerance 10% --progress none} on the 2-vCPU development
     * VM (part 0 started parts 1 and 2 itself, CPUs 0, 1 and 0: four busy-polling processes on two CPUs, hence the
     * milliseconds and the tolerance; exit 0; loadParts 0-2, each repetition their sum with its three parts, each part's
     * files under steps/remote_rate-150/part-K/).
     */
    public static byte[] threeParts() {
        return read("udp-echo-three-parts.json");
    }

    private static byte[] read(String name) {
        try (InputStream in = ResultSamples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("sample " + name + " is missing from the result-format test-jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
