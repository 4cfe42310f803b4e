package io.isobench.runner.harness;

import io.isobench.compare.Precision;
import io.isobench.result.PrecisionNote;
import io.isobench.result.RepetitionResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code --repetitions auto}: says on a step's last repetition whether its p50 and p99 reached the precision asked for, and
 * if the budget ran out first, how wide their intervals stayed (a note, shown with the repetition wherever results are read).
 */
final class RepetitionBudget {

    private RepetitionBudget() {}

    /** The repetitions, the last one with the note when {@code settings} asked for a precision; the same list otherwise. */
    static List<RepetitionResult> noted(
            List<RepetitionResult> repetitions, RunSettings settings, Progress progress, String stepId) {
        double precision = settings.repetitions().precision();
        if (precision == 0 || repetitions.isEmpty()) {
            return repetitions;
        }
        String asked = String.format(
                Locale.ROOT,
                "±%s%%",
                new java.math.BigDecimal(String.valueOf(precision * 100))
                        .stripTrailingZeros()
                        .toPlainString());
        String note;
        if (repetitions.stream().anyMatch(r -> r.verdict() != io.isobench.result.Verdict.OK)) {
            note = PrecisionNote.PREFIX + asked + " not judged: a repetition was not OK, so no more were run";
        } else if (Precision.wantsMore(repetitions, precision)) {
            note = PrecisionNote.PREFIX + asked + " not reached: the budget of "
                    + settings.repetitions().most()
                    + " repetitions (--max-repetitions) ran out "
                    + "with " + Precision.describe(repetitions);
            progress.warn(stepId + ": " + note);
        } else {
            note = PrecisionNote.PREFIX + asked + " reached after " + repetitions.size() + " repetitions: "
                    + Precision.describe(repetitions);
        }
        List<RepetitionResult> out = new ArrayList<>(repetitions);
        RepetitionResult last = out.getLast();
        List<String> notes = new ArrayList<>(last.notes());
        notes.add(note);
        out.set(out.size() - 1, last.toBuilder().notes(notes).build());
        return out;
    }
}
