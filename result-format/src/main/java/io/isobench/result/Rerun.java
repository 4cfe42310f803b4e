package io.isobench.result;

import java.time.Instant;

/**
 * An earlier attempt at a repetition that was INCONCLUSIVE and run again; its files are replaced by the rerun's,
 * this note keeps why and what it measured.
 *
 * @param attempt   1 for the first attempt
 * @param startedAt when it started
 * @param reason    the noise that made it inconclusive
 * @param latency   what it measured (not merged into the step)
 */
public record Rerun(int attempt, Instant startedAt, String reason, LatencySummary latency) {}
