package io.isobench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
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
 * @param verdict        OK; FAIL with {@code reason}; INCONCLUSIVE with the host noise as {@code reason}
 * @param probeAfter     the same probes just after it (a core-to-core figure that moved, a stall, show the host changed)
 * @param noise          throttling, steal, interrupts and context switches during the window (null in files from before)
 * @param generator      how much of the latency the load generator may have caused (null when not measured)
 * @param reruns         earlier INCONCLUSIVE attempts at this repetition that were run again
 * @param notes          warnings that did not decide the verdict (noise seen without a budget, a busy generator)
 * @param parts          in a run of several load parts ({@code --parallelism}), what each part measured; this
 *                       repetition is then their sum (histograms merged, counts and rates added, the verdict the worst
 *                       of theirs) and leaves what belongs to one process (pinning, probes, noise, generator, metrics)
 *                       to them; absent otherwise
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
        String reason,
        MachineProbe probeAfter,
        NoiseSignals noise,
        GeneratorLag generator,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Rerun> reruns,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notes,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PartResult> parts) {

    @JsonCreator
    public RepetitionResult {
        reruns = reruns == null ? List.of() : List.copyOf(reruns);
        notes = notes == null ? List.of() : List.copyOf(notes);
        parts = ResultLists.of("parts", parts);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder()
                .index(index)
                .startedAt(startedAt)
                .windowNanos(windowNanos)
                .targetRate(targetRate)
                .achievedRate(achievedRate)
                .sent(sent)
                .received(received)
                .latency(latency)
                .gc(gc)
                .allocatedBytes(allocatedBytes)
                .pinning(pinning)
                .probe(probe)
                .metrics(metrics)
                .histogram(histogram)
                .files(files)
                .verdict(verdict)
                .reason(reason)
                .probeAfter(probeAfter)
                .noise(noise)
                .generator(generator)
                .reruns(reruns)
                .notes(notes)
                .parts(parts);
    }

    /** Builds a repetition by name, so adding a field does not reorder every caller's arguments. */
    public static final class Builder {
        private int index;
        private Instant startedAt;
        private long windowNanos;
        private Long targetRate;
        private double achievedRate;
        private long sent;
        private long received;
        private LatencySummary latency = LatencySummary.EMPTY;
        private GcActivity gc = GcActivity.NONE;
        private Map<String, Long> allocatedBytes = Map.of();
        private List<Pinning> pinning = List.of();
        private MachineProbe probe;
        private Map<String, Object> metrics = Map.of();
        private String histogram;
        private ArtifactFiles files = new ArtifactFiles(null, null);
        private Verdict verdict;
        private String reason;
        private MachineProbe probeAfter;
        private NoiseSignals noise;
        private GeneratorLag generator;
        private List<Rerun> reruns = List.of();
        private List<String> notes = List.of();
        private List<PartResult> parts = List.of();

        private Builder() {}

        public Builder index(int v) {
            index = v;
            return this;
        }

        public Builder startedAt(Instant v) {
            startedAt = v;
            return this;
        }

        public Builder windowNanos(long v) {
            windowNanos = v;
            return this;
        }

        public Builder targetRate(Long v) {
            targetRate = v;
            return this;
        }

        public Builder achievedRate(double v) {
            achievedRate = v;
            return this;
        }

        public Builder sent(long v) {
            sent = v;
            return this;
        }

        public Builder received(long v) {
            received = v;
            return this;
        }

        public Builder latency(LatencySummary v) {
            latency = v;
            return this;
        }

        public Builder gc(GcActivity v) {
            gc = v;
            return this;
        }

        public Builder allocatedBytes(Map<String, Long> v) {
            allocatedBytes = v;
            return this;
        }

        public Builder pinning(List<Pinning> v) {
            pinning = v;
            return this;
        }

        public Builder probe(MachineProbe v) {
            probe = v;
            return this;
        }

        public Builder metrics(Map<String, Object> v) {
            metrics = v;
            return this;
        }

        public Builder histogram(String v) {
            histogram = v;
            return this;
        }

        public Builder files(ArtifactFiles v) {
            files = v;
            return this;
        }

        public Builder verdict(Verdict v) {
            verdict = v;
            return this;
        }

        public Builder reason(String v) {
            reason = v;
            return this;
        }

        public Builder probeAfter(MachineProbe v) {
            probeAfter = v;
            return this;
        }

        public Builder noise(NoiseSignals v) {
            noise = v;
            return this;
        }

        public Builder generator(GeneratorLag v) {
            generator = v;
            return this;
        }

        public Builder reruns(List<Rerun> v) {
            reruns = v;
            return this;
        }

        public Builder notes(List<String> v) {
            notes = v;
            return this;
        }

        public Builder parts(List<PartResult> v) {
            parts = v;
            return this;
        }

        public RepetitionResult build() {
            return new RepetitionResult(
                    index,
                    startedAt,
                    windowNanos,
                    targetRate,
                    achievedRate,
                    sent,
                    received,
                    latency,
                    gc,
                    allocatedBytes,
                    pinning,
                    probe,
                    metrics,
                    histogram,
                    files,
                    verdict,
                    reason,
                    probeAfter,
                    noise,
                    generator,
                    reruns,
                    notes,
                    parts);
        }
    }
}
