package io.isobench.result;

import java.util.List;
import java.util.Optional;

/**
 * With {@code --repetitions auto} the runner says on a step's last repetition whether its p50 and p99 reached the
 * precision asked for, or how wide they stayed when the budget ran out: one note starting with {@link #PREFIX}. Readers
 * (the operator's status, the site) find it here, so the runner's wording and theirs cannot drift apart.
 */
public final class PrecisionNote {

    /** Every precision note starts with this, e.g. "precision ±5% reached after 4 repetitions: p50 ±1.2%, p99 ±3.9%". */
    public static final String PREFIX = "precision ";

    private PrecisionNote() {}

    /** The step's precision note, if its repetitions were counted automatically. */
    public static Optional<String> of(StepResult step) {
        List<RepetitionResult> repetitions = step.repetitions();
        if (repetitions == null || repetitions.isEmpty()) {
            return Optional.empty();
        }
        return repetitions.getLast().notes().stream()
                .filter(note -> note.startsWith(PREFIX))
                .findFirst();
    }
}
