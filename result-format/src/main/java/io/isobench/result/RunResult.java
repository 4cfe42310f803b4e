package io.isobench.result;

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
        String reason) {}
