/**
 * The result format: the contract between the runner (which writes it), the operator (which reads
 * {@code result.json} into status) and the publisher/site (which read everything).
 *
 * <p>A run directory (or object prefix) holds {@code result.json} ({@link io.isobench.result.RunResult})
 * and, per step and repetition, an interval log ({@code .hlog}) and a percentile table
 * ({@code .hgrm}, values in microseconds) named by {@link io.isobench.result.RunLayout}. All latencies
 * in {@code result.json} are nanoseconds. The format is versioned; readers refuse versions they do
 * not know ({@link io.isobench.result.ResultJson}).
 */
package io.isobench.result;
