package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;

/**
 * When to create a BenchmarkRun (a cron schedule in a time zone), from which template, and what to do with runs that
 * overlap or have piled up. The shape of the schedule is checked at admission; the operator reads it with cron-utils
 * (Unix cron, as a Kubernetes CronJob) and says in status.conditions when a field is out of range.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class BenchmarkScheduleSpec {

    /** Five fields of cron characters, or one of the macros cron-utils reads in its Unix definition. */
    static final String CRON_SHAPE =
            "^(@(yearly|annually|monthly|weekly|daily|midnight|hourly)|[0-9A-Za-z*/,-]+( +[0-9A-Za-z*/,-]+){4})$";

    static final String CRON_HELP = "five fields (minute hour day-of-month month day-of-week, e.g. \"0 2 * * *\")"
            + " or one of @yearly, @monthly, @weekly, @daily, @hourly";

    @Required
    @Size(max = 100)
    @ValidationRule(
            value = "self.matches('" + CRON_SHAPE + "')",
            message = "must be " + CRON_HELP,
            messageExpression = "'is \"' + self + '\"; must be " + CRON_HELP + "'")
    @JsonPropertyDescription("When runs are due, in Unix cron syntax as a Kubernetes CronJob's schedule: five fields "
            + "(minute hour day-of-month month day-of-week), e.g. \"0 2 * * *\" for 02:00 every day, or a macro "
            + "(@yearly, @monthly, @weekly, @daily, @hourly).")
    private String schedule;

    @Default("UTC")
    @Size(max = 64)
    @ValidationRule(
            // getHours(zone) fails on a name the API server's time zone database does not know, naming it
            value = "timestamp('2000-01-01T00:00:00Z').getHours(self) >= 0",
            message = "must be an IANA time zone name, e.g. Europe/Paris or UTC")
    @JsonPropertyDescription("The IANA time zone the schedule is read in, e.g. Europe/Paris; daylight-saving changes "
            + "are followed (a time that does not exist that day is skipped, one that happens twice runs once).")
    private String timeZone = "UTC";

    @Required
    @JsonPropertyDescription("The BenchmarkRun each due time creates.")
    private RunTemplate runTemplate;

    @Default("Forbid")
    @JsonPropertyDescription("When a run is due while an earlier one has not finished: Forbid skips the due run, "
            + "Replace deletes the unfinished one(s) first, Allow creates it beside them.")
    private ConcurrencyPolicy concurrencyPolicy = ConcurrencyPolicy.Forbid;

    @Default("3")
    @Min(0)
    @Max(100)
    @JsonPropertyDescription(
            "How many Succeeded runs to keep; older ones are deleted (their results in the bucket and on"
                    + " the report site stay).")
    private Integer successfulRunsHistoryLimit = 3;

    @Default("1")
    @Min(0)
    @Max(100)
    @JsonPropertyDescription("How many Failed runs to keep; older ones are deleted (their results, if any, stay).")
    private Integer failedRunsHistoryLimit = 1;

    @Default("false")
    @JsonPropertyDescription("True: no new run is created; runs already made go on.")
    private Boolean suspend = false;

    @Min(1)
    @JsonPropertyDescription("A due time missed by more than this many seconds (the operator was down, the schedule "
            + "suspended) is skipped and said so in status.lastSkip; left out: the latest missed time is run late.")
    private Integer startingDeadlineSeconds;

    public String getSchedule() {
        return schedule;
    }

    public void setSchedule(String schedule) {
        this.schedule = schedule;
    }

    public String getTimeZone() {
        return timeZone;
    }

    public void setTimeZone(String timeZone) {
        this.timeZone = timeZone;
    }

    public RunTemplate getRunTemplate() {
        return runTemplate;
    }

    public void setRunTemplate(RunTemplate runTemplate) {
        this.runTemplate = runTemplate;
    }

    public ConcurrencyPolicy getConcurrencyPolicy() {
        return concurrencyPolicy;
    }

    public void setConcurrencyPolicy(ConcurrencyPolicy concurrencyPolicy) {
        this.concurrencyPolicy = concurrencyPolicy;
    }

    public Integer getSuccessfulRunsHistoryLimit() {
        return successfulRunsHistoryLimit;
    }

    public void setSuccessfulRunsHistoryLimit(Integer successfulRunsHistoryLimit) {
        this.successfulRunsHistoryLimit = successfulRunsHistoryLimit;
    }

    public Integer getFailedRunsHistoryLimit() {
        return failedRunsHistoryLimit;
    }

    public void setFailedRunsHistoryLimit(Integer failedRunsHistoryLimit) {
        this.failedRunsHistoryLimit = failedRunsHistoryLimit;
    }

    public Boolean getSuspend() {
        return suspend;
    }

    public void setSuspend(Boolean suspend) {
        this.suspend = suspend;
    }

    public Integer getStartingDeadlineSeconds() {
        return startingDeadlineSeconds;
    }

    public void setStartingDeadlineSeconds(Integer startingDeadlineSeconds) {
        this.startingDeadlineSeconds = startingDeadlineSeconds;
    }
}
