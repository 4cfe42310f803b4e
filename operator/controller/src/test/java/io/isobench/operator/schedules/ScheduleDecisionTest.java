package io.isobench.operator.schedules;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.isobench.operator.api.BenchmarkRunSpec;
import io.isobench.operator.api.BenchmarkSchedule;
import io.isobench.operator.api.BenchmarkScheduleSpec;
import io.isobench.operator.api.BenchmarkScheduleStatus;
import io.isobench.operator.api.ConcurrencyPolicy;
import io.isobench.operator.api.CrdConstants;
import io.isobench.operator.api.Phase;
import io.isobench.operator.api.ReportSpec;
import io.isobench.operator.api.RunTemplate;
import io.isobench.operator.api.RunVerdict;
import io.isobench.operator.api.ScheduledRunStatus;
import io.isobench.operator.schedules.SchedulePlan.RunToCreate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The schedule's decisions, each from a schedule, the runs it made and the time, with no cluster. */
class ScheduleDecisionTest {

    static final Instant CREATED = Instant.parse("2026-11-20T12:00:00Z");
    static final Instant TWO_AM = Instant.parse("2026-11-25T02:00:00Z");

    static BenchmarkSchedule schedule(Consumer<BenchmarkScheduleSpec> change) {
        var spec = new BenchmarkScheduleSpec();
        spec.setSchedule("0 2 * * *");
        var template = new RunTemplate();
        template.setSpec(new BenchmarkRunSpec());
        spec.setRunTemplate(template);
        change.accept(spec);
        var schedule = new BenchmarkSchedule();
        schedule.setMetadata(new ObjectMetaBuilder()
                .withName("nightly")
                .withNamespace("team-a")
                .withUid("uid-1")
                .withGeneration(2L)
                .withCreationTimestamp(CREATED.toString())
                .build());
        schedule.setSpec(spec);
        return schedule;
    }

    static BenchmarkSchedule schedule() {
        return schedule(s -> {});
    }

    /** A run the schedule made for the due time {@code days} days before 02:00 today. */
    static ScheduledRun run(int days, Phase phase) {
        Instant due = TWO_AM.minus(Duration.ofDays(days));
        return new ScheduledRun(
                ScheduleDecision.runName("nightly", due),
                due,
                phase,
                phase == Phase.Succeeded ? RunVerdict.OK : null,
                null,
                phase != null && phase.terminal() ? due.plusSeconds(600) : null,
                null,
                false);
    }

    static String nameAt(Instant due) {
        return ScheduleDecision.runName("nightly", due);
    }

    @Test
    void aDueTimeCreatesOneRunNamedForItAndRequeuesAtTheNextOne() {
        Instant now = TWO_AM.plusMillis(200);

        SchedulePlan plan = ScheduleDecision.decide(schedule(), List.of(), now);

        assertThat(plan.create())
                .contains(
                        new RunToCreate("nightly-" + TWO_AM.getEpochSecond() / 60, TWO_AM, java.util.Optional.empty()));
        assertThat(plan.status().getLastScheduleTime()).isEqualTo(TWO_AM);
        assertThat(plan.status().getNextScheduleTime()).isEqualTo(TWO_AM.plus(Duration.ofDays(1)));
        assertThat(plan.recheck()).contains(Duration.between(now, TWO_AM.plus(Duration.ofDays(1))));
        assertThat(plan.status().getActive()).containsExactly(nameAt(TWO_AM));
        assertThat(plan.status().getLastRun()).isEqualTo(nameAt(TWO_AM));
        assertThat(condition(plan.status()).getStatus()).isEqualTo("True");
        assertThat(condition(plan.status()).getObservedGeneration()).isEqualTo(2L);
        assertThat(plan.status().getObservedGeneration()).isEqualTo(2L);
    }

    @Test
    void beforeTheDueTimeNothingIsMadeAndTheRecheckIsExactlyWhenItComes() {
        Instant now = TWO_AM.minusSeconds(30);
        var schedule = schedule();
        var status = new BenchmarkScheduleStatus();
        status.setLastScheduleTime(TWO_AM.minus(Duration.ofDays(1)));
        schedule.setStatus(status);

        SchedulePlan plan = ScheduleDecision.decide(schedule, List.of(), now);

        assertThat(plan.create()).isEmpty();
        assertThat(plan.recheck()).contains(Duration.ofSeconds(30));
        assertThat(plan.status().getNextScheduleTime()).isEqualTo(TWO_AM);
        assertThat(plan.status().getLastScheduleTime()).isEqualTo(TWO_AM.minus(Duration.ofDays(1)));
    }

    @Test
    void aTimeBeforeTheScheduleWasCreatedIsNotDue() {
        var schedule = schedule();
        schedule.getMetadata().setCreationTimestamp(TWO_AM.plusSeconds(10).toString());

        assertThat(ScheduleDecision.decide(schedule, List.of(), TWO_AM.plusSeconds(20))
                        .create())
                .isEmpty();
    }

    @Test
    void aDueTimeAlreadyHandledIsNotMadeAgain() {
        var schedule = schedule();
        var status = new BenchmarkScheduleStatus();
        status.setLastScheduleTime(TWO_AM);
        schedule.setStatus(status);

        assertThat(ScheduleDecision.decide(schedule, List.of(), TWO_AM.plusSeconds(5))
                        .create())
                .isEmpty();
    }

    @Test
    void aRunMadeByAReconcileThatStoppedBeforeItsStatusIsNotMadeTwice() {
        // the create went through, the status write did not: the run for the due time is there, unfinished
        var made = run(0, null);

        SchedulePlan plan = ScheduleDecision.decide(schedule(), List.of(made), TWO_AM.plusSeconds(5));

        assertThat(plan.create()).isEmpty();
        assertThat(plan.skipped()).as("not skipped as Forbid for its own run").isEmpty();
        assertThat(plan.status().getLastScheduleTime()).isEqualTo(TWO_AM);
        assertThat(plan.status().getActive()).containsExactly(made.name());
    }

    @Test
    void forbidSkipsTheDueRunWhileAnEarlierOneRunsAndSaysWhich() {
        var running = run(1, Phase.Running);

        SchedulePlan plan = ScheduleDecision.decide(schedule(), List.of(running), TWO_AM.plusSeconds(1));

        assertThat(plan.create()).isEmpty();
        assertThat(plan.replaced()).isEmpty();
        assertThat(plan.skipped()).hasValueSatisfying(s -> {
            assertThat(s.time()).isEqualTo(TWO_AM);
            assertThat(s.reason()).isEqualTo("Forbid");
            assertThat(s.message()).contains(running.name()).contains("has not finished");
        });
        assertThat(plan.status().getLastSkip().getReason()).isEqualTo("Forbid");
        assertThat(plan.status().getLastSkip().getScheduledTime()).isEqualTo(TWO_AM);
        assertThat(plan.status().getLastScheduleTime()).isNull();
        assertThat(plan.status().getActive()).containsExactly(running.name());
    }

    @Test
    void aSkippedTimeIsSkippedOnceNotAgainAtEachReconcile() {
        var schedule = schedule();
        var first = ScheduleDecision.decide(schedule, List.of(run(1, Phase.Running)), TWO_AM.plusSeconds(1));
        schedule.setStatus(first.status());

        // the earlier run ended a minute later: the skipped time is not made up for
        SchedulePlan plan = ScheduleDecision.decide(schedule, List.of(run(1, Phase.Succeeded)), TWO_AM.plusSeconds(61));

        assertThat(plan.skipped()).isEmpty();
        assertThat(plan.create()).isEmpty();
    }

    @Test
    void forbidDoesNotWaitForARunBeingDeleted() {
        var deleting =
                new ScheduledRun("nightly-1", TWO_AM.minusSeconds(86400), Phase.Running, null, null, null, null, true);

        assertThat(ScheduleDecision.decide(schedule(), List.of(deleting), TWO_AM)
                        .create())
                .isPresent();
    }

    @Test
    void replaceDeletesTheUnfinishedRunsThenCreates() {
        var running = run(1, Phase.Running);
        var queued = run(2, Phase.Queued);
        var done = run(3, Phase.Succeeded);

        SchedulePlan plan = ScheduleDecision.decide(
                schedule(s -> s.setConcurrencyPolicy(ConcurrencyPolicy.Replace)),
                List.of(running, queued, done),
                TWO_AM);

        assertThat(plan.replaced()).containsExactlyInAnyOrder(running.name(), queued.name());
        assertThat(plan.create()).isPresent();
        assertThat(plan.status().getActive()).containsExactly(nameAt(TWO_AM));
    }

    @Test
    void allowCreatesBesideTheUnfinishedRuns() {
        var running = run(1, Phase.Running);

        SchedulePlan plan = ScheduleDecision.decide(
                schedule(s -> s.setConcurrencyPolicy(ConcurrencyPolicy.Allow)), List.of(running), TWO_AM);

        assertThat(plan.replaced()).isEmpty();
        assertThat(plan.create()).isPresent();
        assertThat(plan.status().getActive()).containsExactly(nameAt(TWO_AM), running.name());
    }

    @Test
    void suspendedMakesNothingHasNoNextTimeAndSaysSo() {
        SchedulePlan plan = ScheduleDecision.decide(schedule(s -> s.setSuspend(true)), List.of(), TWO_AM);

        assertThat(plan.create()).isEmpty();
        assertThat(plan.recheck()).isEmpty();
        assertThat(plan.status().getNextScheduleTime()).isNull();
        assertThat(condition(plan.status()).getStatus()).isEqualTo("False");
        assertThat(condition(plan.status()).getReason()).isEqualTo("Suspended");
    }

    @Test
    void aTimeMissedBeyondTheStartingDeadlineIsSkippedAndOneWithinItIsRunLate() {
        var withDeadline = schedule(s -> s.setStartingDeadlineSeconds(60));

        SchedulePlan late = ScheduleDecision.decide(withDeadline, List.of(), TWO_AM.plusSeconds(300));
        assertThat(late.create()).isEmpty();
        assertThat(late.skipped()).hasValueSatisfying(s -> {
            assertThat(s.reason()).isEqualTo("MissedDeadline");
            assertThat(s.message()).contains("300 s late").contains("startingDeadlineSeconds (60)");
        });
        assertThat(late.status().getLastSkip().getReason()).isEqualTo("MissedDeadline");

        assertThat(ScheduleDecision.decide(withDeadline, List.of(), TWO_AM.plusSeconds(59))
                        .create())
                .isPresent();
        assertThat(ScheduleDecision.decide(schedule(), List.of(), TWO_AM.plusSeconds(300))
                        .create())
                .as("no deadline: the latest missed time runs late")
                .isPresent();
    }

    @Test
    void theTimeZoneDecidesAndDaylightSavingSkipsAMissingTimeAndRunsARepeatedOneOnce() {
        var paris = schedule(s -> {
            s.setSchedule("30 2 * * *");
            s.setTimeZone("Europe/Paris");
        });
        // 29 March 2026: Paris goes from 02:00 to 03:00, so 02:30 does not exist that day
        Instant afterSpringForward = Instant.parse("2026-03-28T12:00:00Z");
        assertThat(next(paris, afterSpringForward)).isEqualTo(Instant.parse("2026-03-30T00:30:00Z"));
        // 25 October 2026: 03:00 goes back to 02:00, 02:30 happens twice (00:30Z and 01:30Z); it is due once
        Instant first = next(paris, Instant.parse("2026-10-24T12:00:00Z"));
        assertThat(first).isEqualTo(Instant.parse("2026-10-25T00:30:00Z"));
        assertThat(next(paris, first)).isEqualTo(Instant.parse("2026-10-26T01:30:00Z"));
        // the same schedule in UTC is due at 02:30Z
        assertThat(next(schedule(s -> s.setSchedule("30 2 * * *")), afterSpringForward))
                .isEqualTo(Instant.parse("2026-03-29T02:30:00Z"));
    }

    static Instant next(BenchmarkSchedule schedule, Instant now) {
        schedule.getMetadata().setCreationTimestamp(now.minusSeconds(1).toString());
        return ScheduleDecision.decide(schedule, List.of(), now).status().getNextScheduleTime();
    }

    @Test
    void macrosStandForTheirFiveFields() {
        var hourly = schedule(s -> s.setSchedule("@hourly"));
        assertThat(ScheduleDecision.decide(hourly, List.of(), TWO_AM.plusSeconds(5))
                        .status()
                        .getNextScheduleTime())
                .isEqualTo(TWO_AM.plusSeconds(3600));
        var daily = schedule(s -> s.setSchedule("@daily"));
        assertThat(ScheduleDecision.decide(daily, List.of(), TWO_AM).status().getNextScheduleTime())
                .isEqualTo(Instant.parse("2026-11-26T00:00:00Z"));
    }

    @Test
    void aScheduleOrZoneTheOperatorCannotReadIsSaidNamingTheFieldAndTheValue() {
        for (var bad : List.<Consumer<BenchmarkScheduleSpec>>of(
                s -> s.setSchedule("61 * * * *"), s -> s.setTimeZone("Mars/Olympus"))) {
            var schedule = schedule(bad);
            SchedulePlan plan = ScheduleDecision.decide(schedule, List.of(), TWO_AM);
            String field = schedule.getSpec().getTimeZone().equals("UTC") ? "spec.schedule" : "spec.timeZone";
            String value = field.equals("spec.schedule") ? "61 * * * *" : "Mars/Olympus";

            assertThat(plan.create()).isEmpty();
            assertThat(plan.recheck()).isEmpty();
            assertThat(condition(plan.status()).getReason()).isEqualTo("InvalidSchedule");
            assertThat(condition(plan.status()).getMessage()).contains(field).contains("\"" + value + "\"");
        }
        assertThat(condition(ScheduleDecision.decide(schedule(s -> s.setSchedule("61 * * * *")), List.of(), TWO_AM)
                                .status())
                        .getMessage())
                .contains("not in range");
    }

    @Test
    void theBaselineIsThePreviousSucceededRunAndTheTemplatesOwnWins() {
        var older = run(3, Phase.Succeeded);
        var previousGood = run(2, Phase.Succeeded);
        var failedSince = run(1, Phase.Failed);
        var runs = List.of(older, failedSince, previousGood);

        assertThat(ScheduleDecision.decide(schedule(), runs, TWO_AM).create())
                .hasValueSatisfying(c -> assertThat(c.baseline()).contains(previousGood.name()));
        assertThat(ScheduleDecision.decide(schedule(), List.of(failedSince), TWO_AM)
                        .create())
                .hasValueSatisfying(c -> assertThat(c.baseline()).isEmpty());

        var fixed = schedule(s -> {
            var report = new ReportSpec();
            report.setBaseline("release-1-4");
            s.getRunTemplate().getSpec().setReport(report);
        });
        assertThat(ScheduleDecision.decide(fixed, runs, TWO_AM).create())
                .hasValueSatisfying(c -> assertThat(c.baseline()).contains("release-1-4"));
    }

    @Test
    void historyLimitsDeleteTheOldestFinishedRunsOfEachKindOnly() {
        var runs = new ArrayList<ScheduledRun>();
        IntStream.rangeClosed(1, 5).forEach(d -> runs.add(run(d, Phase.Succeeded)));
        IntStream.rangeClosed(6, 8).forEach(d -> runs.add(run(d, Phase.Failed)));
        runs.add(run(9, Phase.Running)); // Allow: an old one still running is never history

        SchedulePlan plan = ScheduleDecision.decide(
                schedule(s -> s.setConcurrencyPolicy(ConcurrencyPolicy.Allow)), runs, TWO_AM.minusSeconds(60));

        assertThat(plan.pruned())
                .containsExactlyInAnyOrder(
                        run(4, Phase.Succeeded).name(),
                        run(5, Phase.Succeeded).name(),
                        run(7, Phase.Failed).name(),
                        run(8, Phase.Failed).name());
        assertThat(plan.status().getLastRuns())
                .extracting(ScheduledRunStatus::getName)
                .doesNotContainAnyElementsOf(plan.pruned());
    }

    @Test
    void aRunStillToBeComparedKeepsItsBaselineBeyondTheLimit() {
        var baseline = run(2, Phase.Succeeded);
        var newer = run(1, Phase.Succeeded);
        Instant due = TWO_AM.minus(Duration.ofDays(0));
        var comparing = new ScheduledRun(
                nameAt(due.minusSeconds(60)),
                due.minusSeconds(60),
                Phase.Collecting,
                null,
                null,
                null,
                baseline.name(),
                false);

        SchedulePlan plan = ScheduleDecision.decide(
                schedule(s -> {
                    s.setSuccessfulRunsHistoryLimit(1);
                    s.setConcurrencyPolicy(ConcurrencyPolicy.Allow);
                }),
                List.of(baseline, newer, comparing),
                TWO_AM.minusSeconds(30));

        assertThat(plan.pruned()).isEmpty();
    }

    @Test
    void theStatusListsAtMostTenRunsNewestFirstAndTheNewestFinishedRunsVerdict() {
        var runs = new ArrayList<ScheduledRun>();
        IntStream.rangeClosed(1, 12).forEach(d -> runs.add(run(d, Phase.Succeeded)));
        var regressed = new ScheduledRun(
                nameAt(TWO_AM.minusSeconds(600)),
                TWO_AM.minusSeconds(600),
                Phase.Succeeded,
                RunVerdict.OK,
                "True",
                TWO_AM.minusSeconds(60),
                null,
                false);
        runs.add(regressed);

        SchedulePlan plan = ScheduleDecision.decide(
                schedule(s -> s.setSuccessfulRunsHistoryLimit(100)), runs, TWO_AM.minusSeconds(30));

        assertThat(plan.status().getLastRuns()).hasSize(10);
        assertThat(plan.status().getLastRuns().getFirst().getName()).isEqualTo(regressed.name());
        assertThat(plan.status().getLastRun()).isEqualTo(regressed.name());
        assertThat(plan.status().getLastVerdict()).isEqualTo("OK, regressed");
        assertThat(plan.status().getLastRuns().get(1).getName())
                .isEqualTo(run(1, Phase.Succeeded).name());
    }

    @Test
    void aRunTheApiServerRefusedIsNotListedAndIsSaidUntilTheNextRunIsMade() {
        var schedule = schedule();
        SchedulePlan plan = ScheduleDecision.decide(schedule, List.of(), TWO_AM);
        String name = plan.create().orElseThrow().name();

        ScheduleDecision.refused(plan.status(), name, "spec.runner.image: evil:1 is not a runner image", TWO_AM);

        assertThat(plan.status().getActive()).isNull();
        assertThat(plan.status().getLastRuns()).isNull();
        assertThat(plan.status().getLastRun()).isNull();
        assertThat(plan.status().getLastScheduleTime())
                .as("that due time is not retried")
                .isEqualTo(TWO_AM);
        assertThat(condition(plan.status()).getReason()).isEqualTo("RunRefused");
        assertThat(condition(plan.status()).getMessage()).contains(name).contains("evil:1");

        schedule.setStatus(plan.status());
        SchedulePlan later = ScheduleDecision.decide(schedule, List.of(), TWO_AM.plusSeconds(60));
        assertThat(condition(later.status()).getReason())
                .as("a reconcile in between")
                .isEqualTo("RunRefused");

        schedule.setStatus(later.status());
        SchedulePlan nextDay = ScheduleDecision.decide(schedule, List.of(), TWO_AM.plus(Duration.ofDays(1)));
        assertThat(nextDay.create()).isPresent();
        assertThat(condition(nextDay.status()).getReason()).isEqualTo("Scheduled");
    }

    static io.fabric8.kubernetes.api.model.Condition condition(BenchmarkScheduleStatus status) {
        return status.getConditions().stream()
                .filter(c -> CrdConstants.CONDITION_SCHEDULING.equals(c.getType()))
                .findFirst()
                .orElseThrow();
    }
}
