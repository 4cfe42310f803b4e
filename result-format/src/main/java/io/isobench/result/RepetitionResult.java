package io.isobench.result;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One repetition of one step: a warm-up, then a measured window.
 *
 * @param index          1-based repetition number
 * @param startedAt      wall-clock start of the measured window
 * @param windowNanos    length of the measured window as it actually ran (sending plus draining)
 * @param targetRate     messages per second asked for (null in closed loop)
 * @param achievedRate   messages received per second of the measured window
 * @param sent           messages sent whose intended time fell in the measured window
 * @param received       of those, how many completed before the receive deadline
 * @param latency        percentiles of the recorded latencies (ns); {@code latency.count()} is the sample count
 * @param gc             collections during the measured window
 * @param allocatedBytes bytes allocated during the measured window, per measured thread role
 * @param pinning        where each measured thread ran
 * @param probe          machine state measured just before this repetition
 * @param metrics        target-specific figures (streams open, tipping point, …)
 * @param histogram      this repetition's histogram, HdrHistogram compressed encoding, base64 (what a
 *                       bootstrap over repetitions resamples)
 * @param files          this repetition's {@code .hlog} and {@code .hgrm}
 * @param verdict        OK, or FAIL with {@code reason}
 */
public record RepetitionResult(
        int index,
        Instant startedAt,
        long windowNanos,
        Long targetRate,
        double achievedRate,
        long sent,
        long received,
        LatencySummary latency,
        GcActivity gc,
        Map<String, Long> allocatedBytes,
        List<Pinning> pinning,
        MachineProbe probe,
        Map<String, Object> metrics,
        String histogram,
        ArtifactFiles files,
        Verdict verdict,
        String reason) {}
