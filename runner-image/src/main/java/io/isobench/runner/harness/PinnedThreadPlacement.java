package io.isobench.runner.harness;

import io.isobench.result.Pinning;
import io.isobench.runner.platform.Affinity;
import io.isobench.runner.platform.CpuList;
import io.isobench.runner.platform.HostSignals;
import io.isobench.target.spi.ThreadPlacement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The harness's {@link ThreadPlacement}: starts measured threads, each pinned to a CPU of its own from the granted cpuset, and records where
 * every one of them really ran. When there are fewer CPUs than roles, the surplus roles are pinned to the
 * last CPU, sharing it (confined rather than left to wander onto the others' CPUs), and the {@link Pinning}
 * says so; when pinning is impossible the thread still runs, unpinned, and the {@link Pinning} says why.
 */
public final class PinnedThreadPlacement implements ThreadPlacement {

    private final Map<String, Integer> cpuByRole = new LinkedHashMap<>();
    /** Roles sharing a CPU with an earlier role, and with which. */
    private final Map<String, String> sharesWith = new LinkedHashMap<>();

    private final boolean pin;
    private final List<Pinning> pinnings = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Thread> threads = Collections.synchronizedMap(new LinkedHashMap<>());
    /** OS thread ids, read by each thread itself: what /proc/self/task/&lt;tid&gt; is named by. */
    private final Map<String, Integer> threadIds = Collections.synchronizedMap(new LinkedHashMap<>());

    /**
     * @param roles the roles in priority order (the sender first)
     * @param cpus  the CPUs to hand out, in order
     * @param pin   false to run unpinned on purpose (the result says so)
     */
    public PinnedThreadPlacement(List<String> roles, List<Integer> cpus, boolean pin) {
        this.pin = pin;
        for (int i = 0; i < roles.size(); i++) {
            if (i < cpus.size() || cpus.isEmpty()) {
                cpuByRole.put(roles.get(i), i < cpus.size() ? cpus.get(i) : null);
            } else {
                cpuByRole.put(roles.get(i), cpus.getLast());
                sharesWith.put(roles.get(i), roles.get(cpus.size() - 1));
            }
        }
    }

    @Override
    public Integer cpuOf(String role) {
        return cpuByRole.get(role);
    }

    @Override
    public Thread start(String role, Runnable body) {
        CountDownLatch placed = new CountDownLatch(1);
        Thread thread = Thread.ofPlatform().daemon().name("isobench-" + role).unstarted(() -> {
            placeCurrentThread(role);
            placed.countDown();
            body.run();
        });
        threads.put(role, thread);
        thread.start();
        try {
            placed.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return thread;
    }

    @Override
    public void placeCurrentThread(String role) {
        if (!cpuByRole.containsKey(role)) {
            throw new IllegalArgumentException(
                    "no CPU planned for thread role '" + role + "' (planned: " + cpuByRole.keySet() + ")");
        }
        threads.putIfAbsent(role, Thread.currentThread());
        threadIds.putIfAbsent(role, HostSignals.currentThreadId());
        Integer cpu = cpuByRole.get(role);
        if (!pin) {
            pinnings.add(new Pinning(role, cpu, false, "pinning disabled (--no-pin)"));
        } else if (cpu == null) {
            pinnings.add(new Pinning(
                    role, null, false, "no CPU left in the granted cpuset for this role: runs unpinned, shares CPUs"));
        } else if (Affinity.unavailableReason().isPresent()) {
            pinnings.add(
                    new Pinning(role, cpu, false, Affinity.unavailableReason().get()));
        } else {
            try {
                Affinity.pinCurrentThread(List.of(cpu));
                List<Integer> readBack = Affinity.currentThreadCpus();
                String shared = sharesWith.containsKey(role)
                        ? "; shares CPU " + cpu + " with " + sharesWith.get(role)
                                + " (fewer CPUs granted than measured threads)"
                        : "";
                pinnings.add(new Pinning(
                        role,
                        cpu,
                        readBack.equals(List.of(cpu)),
                        "affinity read back: " + CpuList.format(readBack) + shared));
            } catch (RuntimeException e) {
                pinnings.add(new Pinning(role, cpu, false, e.getMessage()));
            }
        }
    }

    @Override
    public void recordSeparateProcess(List<Pinning> reported) {
        pinnings.addAll(reported);
    }

    public List<Pinning> pinnings() {
        synchronized (pinnings) {
            return List.copyOf(pinnings);
        }
    }

    /** The OS thread id of every measured thread placed so far, by role (null where the kernel would not say). */
    public Map<String, Integer> threadIds() {
        synchronized (threadIds) {
            return new LinkedHashMap<>(threadIds);
        }
    }

    /** Every measured thread started or placed so far, by role. */
    public Map<String, Thread> threads() {
        synchronized (threads) {
            return Map.copyOf(threads);
        }
    }
}
