package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.time.Instant;

/** One run a schedule made, as its BenchmarkRun's status last said. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ScheduledRunStatus {

    @JsonPropertyDescription("The BenchmarkRun's name.")
    private String name;

    @JsonPropertyDescription("The due time it was made for (RFC 3339).")
    private Instant scheduledTime;

    @JsonPropertyDescription("Its phase.")
    private Phase phase;

    @JsonPropertyDescription("The runner's verdict, once it has one: OK, FAIL or INCONCLUSIVE.")
    private RunVerdict verdict;

    @JsonPropertyDescription("Its Regressed condition (True, False, Unknown), once compared with its baseline.")
    private String regressed;

    @JsonPropertyDescription("When it ended (RFC 3339).")
    private Instant finishedAt;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public Instant getScheduledTime() {
        return scheduledTime;
    }

    public void setScheduledTime(Instant scheduledTime) {
        this.scheduledTime = scheduledTime;
    }

    public Phase getPhase() {
        return phase;
    }

    public void setPhase(Phase phase) {
        this.phase = phase;
    }

    public RunVerdict getVerdict() {
        return verdict;
    }

    public void setVerdict(RunVerdict verdict) {
        this.verdict = verdict;
    }

    public String getRegressed() {
        return regressed;
    }

    public void setRegressed(String regressed) {
        this.regressed = regressed;
    }

    public Instant getFinishedAt() {
        return finishedAt;
    }

    public void setFinishedAt(Instant finishedAt) {
        this.finishedAt = finishedAt;
    }
}
