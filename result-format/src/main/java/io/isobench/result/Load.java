package io.isobench.result;

/**
 * The load one step applied.
 *
 * @param mode           open loop (fixed schedule) or closed loop (concurrency window)
 * @param targetRate     messages per second the schedule asked for; null in closed loop
 * @param concurrency    messages in flight at once in closed loop (parallel clients); null in open loop
 * @param warmupMillis   warm-up before each repetition's measured window
 * @param durationMillis length of each measured window
 */
public record Load(LoadMode mode, Long targetRate, Integer concurrency, long warmupMillis, long durationMillis) {

    public static Load openLoop(long targetRate, long warmupMillis, long durationMillis) {
        return new Load(LoadMode.OPEN_LOOP, targetRate, null, warmupMillis, durationMillis);
    }

    public static Load closedLoop(int concurrency, long warmupMillis, long durationMillis) {
        return new Load(LoadMode.CLOSED_LOOP, null, concurrency, warmupMillis, durationMillis);
    }

    /** A path-safe name for this load, used in step ids: {@code rate-1000000} or {@code clients-150}. */
    public String slug() {
        return mode == LoadMode.OPEN_LOOP ? "rate-" + targetRate : "clients-" + concurrency;
    }
}
