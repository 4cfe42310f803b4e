package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.time.Instant;

/** A due time a schedule did not run, and why. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class SkippedRunStatus {

    @JsonPropertyDescription("The due time that was skipped (RFC 3339).")
    private Instant scheduledTime;

    @JsonPropertyDescription(
            "Forbid (an earlier run had not finished) or MissedDeadline (later than " + "startingDeadlineSeconds).")
    private String reason;

    @JsonPropertyDescription("Why, for humans.")
    private String message;

    public Instant getScheduledTime() {
        return scheduledTime;
    }

    public void setScheduledTime(Instant scheduledTime) {
        this.scheduledTime = scheduledTime;
    }

    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }
}
