package io.isobench.result;

/** Garbage collections that completed during a measured window (all collectors summed). */
public record GcActivity(long count, long timeMillis) {

    public static final GcActivity NONE = new GcActivity(0, 0);
}
