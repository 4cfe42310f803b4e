package io.isobench.runner.targets.rsocket;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Once a second, what the seed watched in Grafana: process CPU, heap, RSS, allocation rate and GC pauses of this
 * JVM, and CPU and RSS of a server process when there is one (from /proc). A daemon thread that sleeps between
 * samples: nothing runs on the measured threads.
 */
final class ResourceSampler implements AutoCloseable {

    private final long serverPid;
    private final List<Map<String, Object>> samples = new ArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    /** @param serverPid the server process to watch as well, or -1 */
    ResourceSampler(long serverPid) {
        this.serverPid = serverPid;
        this.thread = Thread.ofPlatform().daemon().name("isobench-resources").start(this::loop);
    }

    private void loop() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        var memory = ManagementFactory.getMemoryMXBean();
        long lastCpu = os.getProcessCpuTime();
        long lastAllocated = threads.getTotalThreadAllocatedBytes();
        long lastGcCount = gcCount();
        long lastGcMillis = gcMillis();
        long lastServerCpu = serverCpuNanos();
        long last = System.nanoTime();
        int second = 0;
        while (running) {
            try {
                TimeUnit.SECONDS.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            double elapsed = (now - last) / 1e9;
            long cpu = os.getProcessCpuTime();
            long allocated = threads.getTotalThreadAllocatedBytes();
            long gcCount = gcCount();
            long gcMillis = gcMillis();
            Map<String, Object> sample = new LinkedHashMap<>();
            sample.put("second", ++second);
            sample.put("cpuCores", round((cpu - lastCpu) / 1e9 / elapsed));
            sample.put("heapUsedMiB", memory.getHeapMemoryUsage().getUsed() >> 20);
            sample.put("rssMiB", rssKib("self") >> 10);
            sample.put("allocationMiBPerSecond", round((allocated - lastAllocated) / 1048576.0 / elapsed));
            sample.put("gcCount", gcCount - lastGcCount);
            sample.put("gcMillis", gcMillis - lastGcMillis);
            if (serverPid > 0) {
                long serverCpu = serverCpuNanos();
                sample.put("serverCpuCores", round((serverCpu - lastServerCpu) / 1e9 / elapsed));
                sample.put("serverRssMiB", rssKib(String.valueOf(serverPid)) >> 10);
                lastServerCpu = serverCpu;
            }
            synchronized (samples) {
                samples.add(sample);
            }
            lastCpu = cpu;
            lastAllocated = allocated;
            lastGcCount = gcCount;
            lastGcMillis = gcMillis;
            last = now;
        }
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount)
                .sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionTime)
                .sum();
    }

    private static long rssKib(String pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (Exception e) {
            // not Linux, or the process is gone
        }
        return -1;
    }

    /** utime + stime of the server process (clock ticks of 10 ms on Linux), in nanoseconds. */
    private long serverCpuNanos() {
        if (serverPid <= 0) {
            return 0;
        }
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(serverPid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L;
        } catch (Exception e) {
            return 0;
        }
    }

    List<Map<String, Object>> samples() {
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(2_000);
    }
}
