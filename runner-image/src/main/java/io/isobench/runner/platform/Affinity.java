package io.isobench.runner.platform;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Thread CPU affinity through the FFM API calling glibc's {@code sched_setaffinity}/{@code sched_getaffinity}
 * for the calling thread (pid 0). No native library to ship; on a platform without them every call
 * reports why instead of failing the run.
 */
public final class Affinity {

    /** cpu_set_t is 1024 bits in glibc. */
    private static final int MASK_BYTES = 128;

    private static final Handles HANDLES = Handles.load();

    private Affinity() {}

    /** Why pinning cannot work here, or empty when it can. */
    public static Optional<String> unavailableReason() {
        return Optional.ofNullable(HANDLES.unavailable);
    }

    /** CPUs the calling thread may run on. */
    public static List<Integer> currentThreadCpus() {
        HANDLES.check();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MASK_BYTES);
            MemorySegment state = arena.allocate(CapturedErrno.STATE);
            int rc = (int) HANDLES.getAffinity.invokeExact(state, 0, (long) MASK_BYTES, mask);
            if (rc != 0) {
                throw new IllegalStateException("sched_getaffinity failed: errno " + errno(state));
            }
            List<Integer> cpus = new ArrayList<>();
            for (int cpu = 0; cpu < MASK_BYTES * 8; cpu++) {
                if ((mask.get(java.lang.foreign.ValueLayout.JAVA_BYTE, cpu / 8) & (1 << (cpu % 8))) != 0) {
                    cpus.add(cpu);
                }
            }
            return cpus;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("sched_getaffinity failed", t);
        }
    }

    /** Restricts the calling thread to {@code cpus}; throws with errno when the kernel refuses. */
    public static void pinCurrentThread(List<Integer> cpus) {
        setThreadAffinity(0, cpus);
    }

    /** Restricts another thread of this process (by kernel thread id) to {@code cpus}. */
    public static void setThreadAffinity(int tid, List<Integer> cpus) {
        HANDLES.check();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MASK_BYTES);
            for (int cpu : cpus) {
                if (cpu < 0 || cpu >= MASK_BYTES * 8) {
                    throw new IllegalArgumentException("CPU " + cpu + " is outside 0.." + (MASK_BYTES * 8 - 1));
                }
                int index = cpu / 8;
                byte b = mask.get(java.lang.foreign.ValueLayout.JAVA_BYTE, index);
                mask.set(java.lang.foreign.ValueLayout.JAVA_BYTE, index, (byte) (b | (1 << (cpu % 8))));
            }
            MemorySegment state = arena.allocate(CapturedErrno.STATE);
            int rc = (int) HANDLES.setAffinity.invokeExact(state, tid, (long) MASK_BYTES, mask);
            if (rc != 0) {
                int errno = errno(state);
                throw new IllegalStateException("sched_setaffinity(" + CpuList.format(cpus) + ") failed: errno " + errno
                        + (errno == 22 ? " (EINVAL: CPU not in this cgroup's cpuset)" : errno == 1 ? " (EPERM)" : ""));
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("sched_setaffinity failed", t);
        }
    }

    private static int errno(MemorySegment state) {
        return CapturedErrno.of(state);
    }

    private record Handles(MethodHandle setAffinity, MethodHandle getAffinity, String unavailable) {

        static Handles load() {
            try {
                Linker linker = Linker.nativeLinker();
                Linker.Option errnoCapture = CapturedErrno.CAPTURE;
                FunctionDescriptor signature = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS);
                var lookup = linker.defaultLookup();
                MemorySegment set = lookup.find("sched_setaffinity")
                        .orElseThrow(() -> new UnsupportedOperationException("no sched_setaffinity in libc"));
                MemorySegment get = lookup.find("sched_getaffinity")
                        .orElseThrow(() -> new UnsupportedOperationException("no sched_getaffinity in libc"));
                return new Handles(
                        linker.downcallHandle(set, signature, errnoCapture),
                        linker.downcallHandle(get, signature, errnoCapture),
                        null);
            } catch (Throwable t) {
                // e.g. not Linux, or native access disabled (--enable-native-access=ALL-UNNAMED missing)
                return new Handles(null, null, t.getClass().getSimpleName() + ": " + t.getMessage());
            }
        }

        void check() {
            if (unavailable != null) {
                throw new UnsupportedOperationException("CPU affinity unavailable: " + unavailable);
            }
        }
    }
}
