package io.isobench.compare;

/**
 * One field on which two runs differ.
 *
 * @param field   where: {@code config.ringCapacity}, {@code environment.kernel}
 * @param a       A's value, as text ("absent" when A has none)
 * @param b       B's value
 * @param decides whether it makes the runs incomparable (a field that changes what is measured), or is only listed
 *                (the sweep, the number of repetitions, how verdicts and probes were set)
 */
public record Difference(String field, String a, String b, boolean decides) {}
