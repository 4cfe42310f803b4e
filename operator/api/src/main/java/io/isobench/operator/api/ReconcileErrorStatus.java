package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * The operator's last failed reconcile of the run, until one succeeds: what failed and when it is tried again, so a user
 * reads it in the run's status rather than in the operator's log.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class ReconcileErrorStatus {

    @JsonPropertyDescription("What failed (the step, storing the status, or an action) and the error it met.")
    private String message;

    @JsonPropertyDescription("How many reconciles in a row have failed (1 for the first).")
    private Integer attempt;

    @JsonPropertyDescription("When the last one failed (RFC 3339).")
    private String failedAt;

    @JsonPropertyDescription(
            "When the operator tries again at the latest (RFC 3339): its next retry, or after its retries the next"
                    + " periodic reconcile; any change to the run tries sooner.")
    private String nextRetryAt;

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    public Integer getAttempt() {
        return attempt;
    }

    public void setAttempt(Integer attempt) {
        this.attempt = attempt;
    }

    public String getFailedAt() {
        return failedAt;
    }

    public void setFailedAt(String failedAt) {
        this.failedAt = failedAt;
    }

    public String getNextRetryAt() {
        return nextRetryAt;
    }

    public void setNextRetryAt(String nextRetryAt) {
        this.nextRetryAt = nextRetryAt;
    }
}
