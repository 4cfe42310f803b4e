package io.isobench.runner.harness;

import io.isobench.result.RepetitionResult;
import io.isobench.result.RunResult;
import io.isobench.result.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Whether a target's hot path allocates: the bytes its measured threads allocated in a window, judged against the
 * messages of that window. A few one-off bytes are tolerated (a late deoptimization materializes a few objects; the
 * JDK's socket and selector paths have been seen allocating a few hundred bytes once): 1 KiB plus a byte per 1,000
 * messages, where a single 16-byte object per message is over 16 bytes per message. A step allocates when every one of
 * its repetitions is over: a one-off in one window (C2 compiling late) does not condemn a target that is quiet in the
 * next.
 */
public final class AllocationCheck {

    private AllocationCheck() {}

    /** The most a thread may allocate in a window of {@code messages} and still count as allocating nothing per message. */
    public static long toleratedBytes(long messages) {
        return 1024 + messages / 1000;
    }

    /** One line per step whose hot path allocates, naming the thread, the bytes and the messages; empty when none does. */
    public static List<String> allocatingSteps(RunResult result) {
        List<String> findings = new ArrayList<>();
        for (StepResult step : result.steps()) {
            String allocation = hotPathAllocation(step.repetitions());
            if (allocation != null) {
                findings.add("step " + step.label() + (step.variant() == null ? "" : " (" + step.variant() + ")")
                        + " allocates on its hot path: " + allocation);
            }
        }
        return findings;
    }

    /**
     * How a step's measured threads allocate per message, as a phrase, when every repetition with messages and
     * allocation figures is over the tolerance; null when one of them is within it (or none could be judged).
     */
    static String hotPathAllocation(List<RepetitionResult> repetitions) {
        String first = null;
        for (RepetitionResult rep : repetitions) {
            long messages = rep.latency() == null ? 0 : rep.latency().count();
            if (messages == 0 || rep.allocatedBytes().isEmpty()) {
                continue;
            }
            String over = overTolerance(rep.allocatedBytes(), messages);
            if (over == null) {
                return null;
            }
            if (first == null) {
                first = over;
            }
        }
        return first;
    }

    /** The first role over the tolerance in one window, as a phrase, or null when none is. */
    private static String overTolerance(Map<String, Long> allocatedBytes, long messages) {
        for (Map.Entry<String, Long> role : allocatedBytes.entrySet()) {
            long bytes = role.getValue() == null ? 0 : role.getValue();
            if (bytes > toleratedBytes(messages)) {
                return String.format(
                        Locale.ROOT,
                        "%s allocated %,d bytes over %,d messages (%.1f bytes per message)",
                        role.getKey(),
                        bytes,
                        messages,
                        (double) bytes / messages);
            }
        }
        return null;
    }
}
