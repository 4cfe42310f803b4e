package io.isobench.operator.schedules;

import io.isobench.operator.api.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Decides only: which finished runs are beyond the history limits and are deleted (their results in the bucket stay). */
public final class HistoryStep {

    private HistoryStep() {}

    /**
     * The oldest Succeeded runs beyond {@code succeeded} and the oldest Failed ones beyond {@code failed}; a run an
     * unfinished run names as its baseline is kept until that one has been compared with it.
     */
    public static List<String> decide(List<ScheduledRun> runs, int succeeded, int failed) {
        Set<String> baselinesInUse = runs.stream()
                .filter(r -> !r.finished() && r.baseline() != null)
                .map(ScheduledRun::baseline)
                .collect(Collectors.toSet());
        var delete = new ArrayList<String>();
        delete.addAll(beyond(runs, Phase.Succeeded, succeeded, baselinesInUse));
        delete.addAll(beyond(runs, Phase.Failed, failed, baselinesInUse));
        return delete;
    }

    private static List<String> beyond(List<ScheduledRun> runs, Phase phase, int limit, Set<String> keep) {
        return runs.stream()
                .filter(r -> r.phase() == phase && !r.deleting())
                .sorted(ScheduledRun.NEWEST_FIRST)
                .skip(limit)
                .map(ScheduledRun::name)
                .filter(name -> !keep.contains(name))
                .toList();
    }
}
