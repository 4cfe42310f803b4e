package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** What the operator made of a BenchmarkSchedule, written only by it through the status subresource. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class BenchmarkScheduleStatus {

    /** How many runs status.lastRuns lists at most. */
    public static final int LAST_RUNS = 10;

    @JsonPropertyDescription("The metadata.generation this status describes.")
    private Long observedGeneration;

    @JsonPropertyDescription("Scheduling: True while runs are made at their times; False with reason Suspended, "
            + "InvalidSchedule (the message names the field and the value) or RunRefused (the API server refused the "
            + "last run; the message says why).")
    private List<Condition> conditions = new ArrayList<>();

    @JsonPropertyDescription("The due time of the last run made (RFC 3339).")
    private Instant lastScheduleTime;

    @JsonPropertyDescription("The next due time (RFC 3339); absent while suspended or invalid.")
    private Instant nextScheduleTime;

    @JsonPropertyDescription("Names of the runs made that have not finished.")
    private List<String> active;

    @JsonPropertyDescription("The newest run made (the Last Run column).")
    private String lastRun;

    @JsonPropertyDescription("The newest finished run's verdict (OK, FAIL, INCONCLUSIVE; Failed when it ended without "
            + "one), followed by \", regressed\" when it was slower than its baseline (the Last Verdict column).")
    private String lastVerdict;

    @JsonPropertyDescription("The runs made that still exist, newest first, at most 10.")
    private List<ScheduledRunStatus> lastRuns;

    @JsonPropertyDescription("The last due time not run, and why.")
    private SkippedRunStatus lastSkip;

    public Long getObservedGeneration() {
        return observedGeneration;
    }

    public void setObservedGeneration(Long observedGeneration) {
        this.observedGeneration = observedGeneration;
    }

    public List<Condition> getConditions() {
        return conditions;
    }

    public void setConditions(List<Condition> conditions) {
        this.conditions = conditions;
    }

    public Instant getLastScheduleTime() {
        return lastScheduleTime;
    }

    public void setLastScheduleTime(Instant lastScheduleTime) {
        this.lastScheduleTime = lastScheduleTime;
    }

    public Instant getNextScheduleTime() {
        return nextScheduleTime;
    }

    public void setNextScheduleTime(Instant nextScheduleTime) {
        this.nextScheduleTime = nextScheduleTime;
    }

    public List<String> getActive() {
        return active;
    }

    public void setActive(List<String> active) {
        this.active = active;
    }

    public String getLastRun() {
        return lastRun;
    }

    public void setLastRun(String lastRun) {
        this.lastRun = lastRun;
    }

    public String getLastVerdict() {
        return lastVerdict;
    }

    public void setLastVerdict(String lastVerdict) {
        this.lastVerdict = lastVerdict;
    }

    public List<ScheduledRunStatus> getLastRuns() {
        return lastRuns;
    }

    public void setLastRuns(List<ScheduledRunStatus> lastRuns) {
        this.lastRuns = lastRuns;
    }

    public SkippedRunStatus getLastSkip() {
        return lastSkip;
    }

    public void setLastSkip(SkippedRunStatus lastSkip) {
        this.lastSkip = lastSkip;
    }
}
