package io.isobench.operator.schedules;

import io.fabric8.kubernetes.client.utils.Serialization;
import io.isobench.operator.api.BenchmarkSchedule;
import io.isobench.operator.api.BenchmarkScheduleSpec;
import io.isobench.operator.api.BenchmarkScheduleStatus;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.ScheduledRunStatus;
import io.isobench.operator.api.SkippedRunStatus;
import io.isobench.operator.schedules.ConcurrencyStep.Create;
import io.isobench.operator.schedules.ConcurrencyStep.Skip;
import io.isobench.operator.schedules.DueTimeStep.DueAt;
import io.isobench.operator.schedules.DueTimeStep.Missed;
import io.isobench.operator.schedules.SchedulePlan.RunToCreate;
import io.isobench.operator.schedules.SchedulePlan.Skipped;
import io.isobench.operator.status.Conditions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One reconcile of a schedule, decided without touching the cluster: validate (the cron and the time zone) → the due time
 * → concurrency → the new run's baseline → history limits → the status. The reconciler runs the plan's actions.
 */
public final class ScheduleDecision {

    static final String SCHEDULED = "Scheduled";
    static final String SUSPENDED = "Suspended";
    static final String INVALID = "InvalidSchedule";
    static final String REFUSED = "RunRefused";

    private ScheduleDecision() {}

    /** The name of the run due at {@code time}: the same on every retry, so a create repeated after a crash makes none. */
    public static String runName(String schedule, Instant time) {
        return schedule + "-" + time.getEpochSecond() / 60;
    }

    public static SchedulePlan decide(BenchmarkSchedule schedule, List<ScheduledRun> observed, Instant now) {
        BenchmarkScheduleSpec spec = schedule.getSpec();
        BenchmarkScheduleStatus status = schedule.getStatus() == null
                ? new BenchmarkScheduleStatus()
                : Serialization.clone(schedule.getStatus());
        long generation = schedule.getMetadata().getGeneration() == null
                ? 0
                : schedule.getMetadata().getGeneration();
        status.setObservedGeneration(generation);
        List<ScheduledRun> runs =
                observed.stream().sorted(ScheduledRun.NEWEST_FIRST).toList();
        List<String> pruned =
                HistoryStep.decide(runs, spec.getSuccessfulRunsHistoryLimit(), spec.getFailedRunsHistoryLimit());

        CronTimes cron;
        try {
            cron = CronTimes.of(spec.getSchedule(), spec.getTimeZone());
        } catch (InvalidScheduleException e) {
            return idle(status, runs, pruned, INVALID, e.getMessage(), generation, now);
        }
        if (Boolean.TRUE.equals(spec.getSuspend())) {
            return idle(status, runs, pruned, SUSPENDED, "spec.suspend is true: no run is made", generation, now);
        }

        Optional<RunToCreate> create = Optional.empty();
        List<String> replaced = List.of();
        Optional<Skipped> skipped = Optional.empty();
        switch (DueTimeStep.decide(cron, since(schedule, status), now, spec.getStartingDeadlineSeconds())) {
            case DueAt due -> {
                String name = runName(schedule.getMetadata().getName(), due.time());
                if (runs.stream().noneMatch(r -> r.name().equals(name))) {
                    switch (ConcurrencyStep.decide(spec.getConcurrencyPolicy(), runs)) {
                        case Create c -> {
                            replaced = c.replaced();
                            String templateBaseline =
                                    spec.getRunTemplate().getSpec().getReport() == null
                                            ? null
                                            : spec.getRunTemplate()
                                                    .getSpec()
                                                    .getReport()
                                                    .getBaseline();
                            create = Optional.of(new RunToCreate(
                                    name, due.time(), BaselineStep.choose(templateBaseline, runs, due.time())));
                        }
                        case Skip s -> skipped = Optional.of(new Skipped(due.time(), "Forbid", s.message()));
                    }
                }
                // made now, or already by a reconcile that stopped before storing the status: either way handled
                if (skipped.isEmpty()) {
                    status.setLastScheduleTime(due.time());
                }
            }
            case Missed m -> skipped = Optional.of(new Skipped(m.time(), "MissedDeadline", m.message()));
            case DueTimeStep.NotDue n -> {}
        }
        skipped.ifPresent(s -> {
            var skip = new SkippedRunStatus();
            skip.setScheduledTime(s.time());
            skip.setReason(s.reason());
            skip.setMessage(s.message());
            status.setLastSkip(skip);
        });
        Optional<Instant> next = cron.next(now);
        status.setNextScheduleTime(next.orElse(null));
        // a refused run is said until the next run is made, not only until the next reconcile
        boolean refusalStands = create.isEmpty()
                && status.getConditions().stream()
                        .anyMatch(c ->
                                CrdConstants.CONDITION_SCHEDULING.equals(c.getType()) && REFUSED.equals(c.getReason()));
        if (!refusalStands) {
            Conditions.set(
                    status.getConditions(),
                    CrdConstants.CONDITION_SCHEDULING,
                    "True",
                    SCHEDULED,
                    next.map(t -> "next run at " + t).orElse("the schedule has no time after " + now),
                    generation,
                    now);
        }
        summarise(
                status,
                runs,
                create,
                Set.copyOf(Stream.concat(replaced.stream(), pruned.stream()).toList()));
        return new SchedulePlan(status, create, replaced, pruned, skipped, next.map(t -> Duration.between(now, t)));
    }

    /** Only times after the last one handled are due: made, skipped, or (for a new schedule) after its creation. */
    private static Instant since(BenchmarkSchedule schedule, BenchmarkScheduleStatus status) {
        String created = schedule.getMetadata().getCreationTimestamp();
        Instant since = created == null ? Instant.EPOCH : Instant.parse(created);
        for (Instant handled : new Instant[] {
            status.getLastScheduleTime(),
            status.getLastSkip() == null ? null : status.getLastSkip().getScheduledTime()
        }) {
            if (handled != null && handled.isAfter(since)) {
                since = handled;
            }
        }
        return since;
    }

    /** Suspended or unreadable: no run is made and none is due, the runs made are still listed and pruned. */
    private static SchedulePlan idle(
            BenchmarkScheduleStatus status,
            List<ScheduledRun> runs,
            List<String> pruned,
            String reason,
            String message,
            long generation,
            Instant now) {
        status.setNextScheduleTime(null);
        Conditions.set(
                status.getConditions(), CrdConstants.CONDITION_SCHEDULING, "False", reason, message, generation, now);
        summarise(status, runs, Optional.empty(), Set.copyOf(pruned));
        return new SchedulePlan(status, Optional.empty(), List.of(), pruned, Optional.empty(), Optional.empty());
    }

    /** active, lastRuns, lastRun and lastVerdict from the runs as they will be once the plan's actions have run. */
    private static void summarise(
            BenchmarkScheduleStatus status, List<ScheduledRun> runs, Optional<RunToCreate> create, Set<String> gone) {
        var listed = new ArrayList<ScheduledRun>();
        create.ifPresent(c -> listed.add(new ScheduledRun(
                c.name(),
                c.scheduledTime(),
                null,
                null,
                null,
                null,
                c.baseline().orElse(null),
                false)));
        runs.stream().filter(r -> !r.deleting() && !gone.contains(r.name())).forEach(listed::add);
        listed.sort(ScheduledRun.NEWEST_FIRST);
        List<String> active = listed.stream()
                .filter(ScheduledRun::active)
                .map(ScheduledRun::name)
                .toList();
        status.setActive(active.isEmpty() ? null : active);
        List<ScheduledRunStatus> last = listed.stream()
                .limit(BenchmarkScheduleStatus.LAST_RUNS)
                .map(ScheduleDecision::listed)
                .toList();
        status.setLastRuns(last.isEmpty() ? null : last);
        if (!listed.isEmpty()) {
            status.setLastRun(listed.getFirst().name());
        }
        listed.stream().filter(ScheduledRun::finished).findFirst().ifPresent(r -> status.setLastVerdict(verdict(r)));
    }

    /** The API server refused the run the plan created: it is not listed, and the Scheduling condition says why. */
    public static void refused(BenchmarkScheduleStatus status, String name, String why, Instant now) {
        if (status.getActive() != null) {
            List<String> active =
                    status.getActive().stream().filter(n -> !n.equals(name)).toList();
            status.setActive(active.isEmpty() ? null : active);
        }
        if (status.getLastRuns() != null) {
            List<ScheduledRunStatus> last = status.getLastRuns().stream()
                    .filter(r -> !r.getName().equals(name))
                    .toList();
            status.setLastRuns(last.isEmpty() ? null : last);
            status.setLastRun(last.isEmpty() ? null : last.getFirst().getName());
        }
        Conditions.set(
                status.getConditions(),
                CrdConstants.CONDITION_SCHEDULING,
                "False",
                REFUSED,
                "the API server refused " + name + ": " + why,
                status.getObservedGeneration(),
                now);
    }

    private static ScheduledRunStatus listed(ScheduledRun run) {
        var out = new ScheduledRunStatus();
        out.setName(run.name());
        out.setScheduledTime(run.scheduledTime());
        out.setPhase(run.phase());
        out.setVerdict(run.verdict());
        out.setRegressed(run.regressed());
        out.setFinishedAt(run.finishedAt());
        return out;
    }

    /** The Last Verdict column: the runner's verdict (Failed when the run ended without one), and whether it regressed. */
    static String verdict(ScheduledRun run) {
        String verdict =
                run.verdict() == null ? run.phase().name() : run.verdict().name();
        return "True".equals(run.regressed()) ? verdict + ", regressed" : verdict;
    }
}
