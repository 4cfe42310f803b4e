package io.isobench.runner.platform;

import io.isobench.result.GcActivity;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Bytes allocated by given threads and collections by every collector, read from another thread so the
 * measured threads do nothing extra. Take a {@link Snapshot} at the window start and one at its end.
 */
public final class AllocationMeter {

    private static final com.sun.management.ThreadMXBean THREADS = threadBean();

    private AllocationMeter() {}

    public record Snapshot(Map<String, Long> allocatedBytes, long gcCount, long gcMillis) {

        /** What happened between {@code earlier} and this snapshot. */
        public Snapshot minus(Snapshot earlier) {
            Map<String, Long> bytes = new LinkedHashMap<>();
            allocatedBytes.forEach((role, b) -> {
                Long before = earlier.allocatedBytes.get(role);
                bytes.put(role, before == null || b < 0 || before < 0 ? -1L : b - before);
            });
            return new Snapshot(bytes, gcCount - earlier.gcCount, gcMillis - earlier.gcMillis);
        }

        public GcActivity gc() {
            return new GcActivity(gcCount, gcMillis);
        }
    }

    /** Allocated bytes per role (-1 where the JVM cannot tell) and GC totals, now. */
    public static Snapshot snapshot(Map<String, Thread> threadsByRole) {
        Map<String, Long> bytes = new LinkedHashMap<>();
        threadsByRole.forEach((role, thread) -> bytes.put(
                role, THREADS == null || !thread.isAlive() ? -1L : THREADS.getThreadAllocatedBytes(thread.threadId())));
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new Snapshot(bytes, count, millis);
    }

    private static com.sun.management.ThreadMXBean threadBean() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
                && bean.isThreadAllocatedMemorySupported()) {
            bean.setThreadAllocatedMemoryEnabled(true);
            return bean;
        }
        return null;
    }
}
