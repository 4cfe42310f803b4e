package io.isobench.result;

import java.util.List;

/**
 * One point of a sweep (a rate, or a client count) for one implementation under test.
 *
 * @param id          path-safe id, also the step's folder: {@code <variant>_<load slug>}
 * @param label       for humans: "1M msg/s", "150 clients"
 * @param variant     the implementation under test inside the target (a queue), or null
 * @param load        what was applied
 * @param measure     what each latency value spans
 * @param repetitions each repetition's figures
 * @param merged      the repetitions merged
 * @param verdict     OK when every repetition is OK
 * @param reason      the failing repetitions' reasons
 */
public record StepResult(
        String id,
        String label,
        String variant,
        Load load,
        LatencyMeasure measure,
        List<RepetitionResult> repetitions,
        MergedResult merged,
        Verdict verdict,
        String reason) {}
