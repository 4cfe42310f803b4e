package io.isobench.operator.schedules;

import io.isobench.operator.api.Phase;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Decides only: which run the new run is compared with (its spec.report.baseline). */
public final class BaselineStep {

    private BaselineStep() {}

    /**
     * The template's own baseline when it names one (the user chose a fixed reference); else the newest Succeeded run of
     * this schedule due before {@code dueTime}, so nightly runs each compare with the last good one; else none.
     */
    public static Optional<String> choose(String templateBaseline, List<ScheduledRun> runs, Instant dueTime) {
        if (templateBaseline != null && !templateBaseline.isBlank()) {
            return Optional.of(templateBaseline);
        }
        return runs.stream()
                .filter(r -> r.phase() == Phase.Succeeded && !r.deleting())
                .filter(r -> r.scheduledTime().isBefore(dueTime))
                .sorted(ScheduledRun.NEWEST_FIRST)
                .map(ScheduledRun::name)
                .findFirst();
    }
}
