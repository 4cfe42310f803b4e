package io.isobench.runner.targets.dispatch;

import io.isobench.runner.platform.ClassOrigin;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.jctools.queues.SpscArrayQueue;

/**
 * The exact configuration of every queue compared, as a Markdown table: BENCHMARKS.md prints it above the figures,
 * and the dispatch tests check each of its claims (capacity, layout, recycling) against the running channels.
 */
public final class PeerTable {

    private static final Pattern JAR_VERSION = Pattern.compile(".*?-(\\d[\\w.]*)\\.jar");

    private PeerTable() {}

    public static String markdown(List<DispatchQueue> queues, int ringSize, int batch) {
        StringBuilder out = new StringBuilder();
        out.append(
                        "| queue | library | class | capacity in events | publication | event layout (every event on its own ")
                .append("64-B-aligned off-heap line) | recycling |\n|---|---|---|---|---|---|---|\n");
        for (DispatchQueue queue : queues) {
            out.append("| ")
                    .append(queue.cliName())
                    .append(" | ")
                    .append(library(queue))
                    .append(" | ")
                    .append(queue.implementation())
                    .append(" | ")
                    .append(String.format(Locale.ROOT, "%,d", queue.capacityInEvents(ringSize)))
                    .append(queue.capacityInEvents(ringSize) != ringSize ? " (one record header kept free)" : "")
                    .append(" | ")
                    .append(queue.publication(batch))
                    .append(" | ")
                    .append(queue.layout())
                    .append(" | ")
                    .append(queue.recycling())
                    .append(" |\n");
        }
        out.append("\nEvery queue: ring size N = ")
                .append(String.format(Locale.ROOT, "%,d", ringSize))
                .append("; the agent busy-spins on its own pinned CPU, draining up to ")
                .append(DispatchSession.DRAIN_LIMIT)
                .append(
                        " events per call and calling `Thread.onSpinWait()` after an empty one; the publisher (the rig's")
                .append(" pinned sender) retries a refused event at once. Disruptor's wait strategy is never consulted")
                .append(
                        " (`EventPoller` does not wait; `publish` signals no one). isobench, disruptor, jctools and agrona")
                .append(" allocate nothing per event; abq's `offer`/`poll` take its lock, which may park a thread and")
                .append(" allocate when contended.\n");
        return out.toString();
    }

    /** The library and the version of the jar its classes were loaded from (the one the run used). */
    private static String library(DispatchQueue queue) {
        return switch (queue) {
            case ISOBENCH -> "isobench (this build)";
            case DISRUPTOR -> "LMAX Disruptor " + jarVersion(com.lmax.disruptor.RingBuffer.class);
            case JCTOOLS -> "JCTools " + jarVersion(SpscArrayQueue.class);
            case AGRONA -> "Agrona " + jarVersion(OneToOneRingBuffer.class);
            case ABQ -> "the JDK (the run's JVM)";
        };
    }

    private static String jarVersion(Class<?> type) {
        return ClassOrigin.of(type)
                .map(code -> JAR_VERSION.matcher(code.getFileName().toString()))
                .filter(Matcher::matches)
                .map(jar -> jar.group(1))
                .orElse("(version unknown)");
    }
}
