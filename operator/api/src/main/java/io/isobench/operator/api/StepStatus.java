package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** One step's merged figures (all repetitions), copied from the runner's result.json. Latencies in nanoseconds. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class StepStatus {

    @JsonPropertyDescription("Step id: <variant>_rate-<n> or <variant>_clients-<n>.")
    private String id;

    @JsonPropertyDescription("Implementation under test (a queue), if the target has several.")
    private String variant;

    @JsonPropertyDescription("Open loop: messages per second asked for.")
    private Long targetRate;

    @JsonPropertyDescription("Closed loop: messages in flight (parallel clients).")
    private Integer clients;

    @JsonPropertyDescription("Messages per second actually completed (mean over repetitions).")
    private Long achievedRate;

    @JsonPropertyDescription("Latency samples recorded, all repetitions.")
    private Long samples;

    @JsonPropertyDescription("Repetitions measured (with load.repetitions auto, as many as the precision needed).")
    private Integer repetitions;

    @JsonPropertyDescription(
            "With load.repetitions auto: whether p50's and p99's 95% intervals reached the precision asked for, "
                    + "after how many repetitions, or how wide they stayed when maxRepetitions ran out.")
    private String precision;

    private Long p50;
    private Long p90;
    private Long p99;
    private Long p99_9;
    private Long p99_99;
    private Long p99_999;
    private Long max;
    private Long mean;

    @JsonPropertyDescription("OK; FAIL with reason; INCONCLUSIVE with the host noise that voided it as reason.")
    private RunVerdict verdict;

    private String reason;

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public String getVariant() {
        return variant;
    }

    public void setVariant(String variant) {
        this.variant = variant;
    }

    public Long getTargetRate() {
        return targetRate;
    }

    public void setTargetRate(Long targetRate) {
        this.targetRate = targetRate;
    }

    public Integer getClients() {
        return clients;
    }

    public void setClients(Integer clients) {
        this.clients = clients;
    }

    public Long getAchievedRate() {
        return achievedRate;
    }

    public void setAchievedRate(Long achievedRate) {
        this.achievedRate = achievedRate;
    }

    public Long getSamples() {
        return samples;
    }

    public void setSamples(Long samples) {
        this.samples = samples;
    }

    public Long getP50() {
        return p50;
    }

    public void setP50(Long p50) {
        this.p50 = p50;
    }

    public Long getP90() {
        return p90;
    }

    public void setP90(Long p90) {
        this.p90 = p90;
    }

    public Long getP99() {
        return p99;
    }

    public void setP99(Long p99) {
        this.p99 = p99;
    }

    public Long getP99_9() {
        return p99_9;
    }

    public void setP99_9(Long p99_9) {
        this.p99_9 = p99_9;
    }

    public Long getP99_99() {
        return p99_99;
    }

    public void setP99_99(Long p99_99) {
        this.p99_99 = p99_99;
    }

    public Long getP99_999() {
        return p99_999;
    }

    public void setP99_999(Long p99_999) {
        this.p99_999 = p99_999;
    }

    public Long getMax() {
        return max;
    }

    public void setMax(Long max) {
        this.max = max;
    }

    public Long getMean() {
        return mean;
    }

    public void setMean(Long mean) {
        this.mean = mean;
    }

    public RunVerdict getVerdict() {
        return verdict;
    }

    public void setVerdict(RunVerdict verdict) {
        this.verdict = verdict;
    }

    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }

    public Integer getRepetitions() {
        return repetitions;
    }

    public void setRepetitions(Integer repetitions) {
        this.repetitions = repetitions;
    }

    public String getPrecision() {
        return precision;
    }

    public void setPrecision(String precision) {
        this.precision = precision;
    }
}
