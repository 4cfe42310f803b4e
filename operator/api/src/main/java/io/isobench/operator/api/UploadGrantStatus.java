package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.time.Instant;

/**
 * The upload grant of the run's latest attempt, as the operator decided it (never the grant itself: that is only in a
 * Secret of the run namespace, referenced by the runner container).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class UploadGrantStatus {

    @JsonPropertyDescription("The attempt the grant was issued for.")
    private Integer attempt;

    @JsonPropertyDescription(
            "The only object-store prefix it lets the runner write: runs/<namespace>/<name>/<uid>/attempt-<n>/client/.")
    private String prefix;

    @JsonPropertyDescription("When it expires at the latest (RFC 3339): the run's deadline.")
    private Instant expires;

    @JsonPropertyDescription("When it was revoked (RFC 3339): once its attempt ended, the run ended or it was deleted.")
    private Instant revokedAt;

    @JsonPropertyDescription(
            "Why the operator could not revoke it yet: it tries again every 10 s, and the grant's expiry is"
                    + " the backstop. Gone once it is revoked.")
    private String revokeError;

    public Integer getAttempt() {
        return attempt;
    }

    public void setAttempt(Integer attempt) {
        this.attempt = attempt;
    }

    public String getPrefix() {
        return prefix;
    }

    public void setPrefix(String prefix) {
        this.prefix = prefix;
    }

    public Instant getExpires() {
        return expires;
    }

    public void setExpires(Instant expires) {
        this.expires = expires;
    }

    public Instant getRevokedAt() {
        return revokedAt;
    }

    public void setRevokedAt(Instant revokedAt) {
        this.revokedAt = revokedAt;
    }

    public String getRevokeError() {
        return revokeError;
    }

    public void setRevokeError(String revokeError) {
        this.revokeError = revokeError;
    }
}
