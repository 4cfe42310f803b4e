package io.isobench.target.spi;

/** The time source the rig paces and times with; injected so the rig can be tested with a fake clock. */
public interface Clock {

    /** Monotonic nanoseconds (CLOCK_MONOTONIC on Linux: comparable across processes on one host). */
    long nanoTime();

    Clock SYSTEM = System::nanoTime;
}
