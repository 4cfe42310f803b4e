package io.isobench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code result.json}: one run of the runner against one target. Written once, atomically, when the run
 * ends; its presence marks the run directory complete.
 *
 * @param formatVersion {@link RunLayout#FORMAT_VERSION}
 * @param runId         unique id of this run (time, target, config hash)
 * @param target        the target's CLI name: dispatch, udp-echo, …
 * @param config        every option the run used, defaults included
 * @param configHash    sha256 of {@code config} in canonical JSON (first 16 hex digits): equal hash, equal config
 * @param startedAt     wall clock at start
 * @param finishedAt    wall clock at the end
 * @param environment   provenance
 * @param steps         every step in the order run
 * @param verdict       OK when every step is OK
 * @param reason        why not, when FAIL
 * @param variantRounds the order variants ran in, round by round, when they ran in JVMs of their own; else absent
 * @param variantComparisons with {@code --variant}: every variant against the first, by compare's decision rule; else
 *                      absent
 * @param loadParts     with {@code --parallelism}: every load part (0 first) and where it ran; else absent
 */
public record RunResult(
        int formatVersion,
        String runId,
        String target,
        Map<String, Object> config,
        String configHash,
        Instant startedAt,
        Instant finishedAt,
        Environment environment,
        List<StepResult> steps,
        Verdict verdict,
        String reason,
        VariantRounds variantRounds,
        List<VariantComparison> variantComparisons,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LoadPart> loadParts) {

    public RunResult {
        loadParts = ResultLists.of("loadParts", loadParts);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder()
                .formatVersion(formatVersion)
                .runId(runId)
                .target(target)
                .config(config)
                .configHash(configHash)
                .startedAt(startedAt)
                .finishedAt(finishedAt)
                .environment(environment)
                .steps(steps)
                .verdict(verdict, reason)
                .variantRounds(variantRounds)
                .variantComparisons(variantComparisons)
                .loadParts(loadParts);
    }

    /** Builds a run by name: thirteen fields in a row read as a list of values, not as what they are. */
    public static final class Builder {
        private int formatVersion = RunLayout.FORMAT_VERSION;
        private String runId;
        private String target;
        private Map<String, Object> config = Map.of();
        private String configHash;
        private Instant startedAt;
        private Instant finishedAt;
        private Environment environment;
        private List<StepResult> steps = List.of();
        private Verdict verdict;
        private String reason;
        private VariantRounds variantRounds;
        private List<VariantComparison> variantComparisons;
        private List<LoadPart> loadParts = List.of();

        private Builder() {}

        public Builder formatVersion(int v) {
            formatVersion = v;
            return this;
        }

        public Builder runId(String v) {
            runId = v;
            return this;
        }

        public Builder target(String v) {
            target = v;
            return this;
        }

        public Builder config(Map<String, Object> v) {
            config = v;
            return this;
        }

        public Builder configHash(String v) {
            configHash = v;
            return this;
        }

        public Builder startedAt(Instant v) {
            startedAt = v;
            return this;
        }

        public Builder finishedAt(Instant v) {
            finishedAt = v;
            return this;
        }

        public Builder environment(Environment v) {
            environment = v;
            return this;
        }

        public Builder steps(List<StepResult> v) {
            steps = v;
            return this;
        }

        /** The run's verdict and why, when it is not OK: the two are one judgement, set together. */
        public Builder verdict(Verdict judged, String why) {
            verdict = judged;
            reason = why;
            return this;
        }

        /** A verdict that needs no reason (OK). */
        public Builder verdict(Verdict judged) {
            return verdict(judged, null);
        }

        public Builder variantRounds(VariantRounds v) {
            variantRounds = v;
            return this;
        }

        public Builder variantComparisons(List<VariantComparison> v) {
            variantComparisons = v;
            return this;
        }

        public Builder loadParts(List<LoadPart> v) {
            loadParts = v;
            return this;
        }

        public RunResult build() {
            return new RunResult(
                    formatVersion,
                    runId,
                    target,
                    config,
                    configHash,
                    startedAt,
                    finishedAt,
                    environment,
                    steps,
                    verdict,
                    reason,
                    variantRounds,
                    variantComparisons,
                    loadParts);
        }
    }
}
