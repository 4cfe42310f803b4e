package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the operator observed and decided. Written only by the operator, through the status subresource. Times are
 * {@link Instant}s: the client's mapper writes them as RFC 3339 strings (ISO-8601 in UTC, as Kubernetes' own times).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class BenchmarkRunStatus {

    @JsonPropertyDescription(
            "Pending → Queued → Scheduled → Running → Collecting → Succeeded | Failed (a retry returns to Scheduled).")
    private Phase phase;

    @JsonPropertyDescription("The metadata.generation this status describes.")
    private Long observedGeneration;

    @JsonPropertyDescription("Accepted (spec valid and admitted), Isolated (the run had its CPUs to itself, verified), "
            + "Completed (the run ended; reason Succeeded or Failed), Published (results are on the report site).")
    private List<Condition> conditions = new ArrayList<>();

    @JsonPropertyDescription("The target's runner name (dispatch, udp-echo, …).")
    private String target;

    @JsonPropertyDescription("Node(s) the runner pods were placed on.")
    private List<String> nodes;

    @JsonPropertyDescription("While Queued: 1-based position among runs waiting for the same node pool.")
    private Integer queuePosition;

    @JsonPropertyDescription("Attempts started (1 + retries used).")
    private Integer attempts;

    @JsonPropertyDescription("When the phase last changed (RFC 3339).")
    private Instant phaseSince;

    @JsonPropertyDescription("When the runner started (RFC 3339).")
    private Instant startTime;

    @JsonPropertyDescription("When the run ended (RFC 3339).")
    private Instant completionTime;

    @JsonPropertyDescription(
            "OK when every step met its goals; FAIL when one did not; INCONCLUSIVE when host noise beyond "
                    + "spec.load.noiseBudget voided one, or the host made one miss its rate, and nothing FAILed (the"
                    + " runner's verdict).")
    private RunVerdict verdict;

    @JsonPropertyDescription("Per step: target and achieved rate, samples, p50…max in nanoseconds, OK/FAIL.")
    private List<StepStatus> steps;

    @JsonPropertyDescription("The headline step for printer columns.")
    private SummaryStatus summary;

    @JsonPropertyDescription("The facts behind the Isolated condition.")
    private IsolationStatus isolation;

    @JsonPropertyDescription("Where the run's files are.")
    private ArtifactsStatus artifacts;

    @JsonPropertyDescription(
            "The latest attempt's upload grant: the one prefix its runner may write, until when, and when it was revoked.")
    private UploadGrantStatus uploadGrant;

    @JsonPropertyDescription("With spec.variants: every variant against the first, by compare's decision rule (each"
            + " load and percentile is in result.json and on the report site).")
    private List<VariantComparisonStatus> variantComparisons;

    @JsonPropertyDescription("What happened last, for humans.")
    private String message;

    @JsonPropertyDescription(
            "Set while the operator's reconciles of the run fail: what failed, how many times in a row, and when it"
                    + " tries again. Gone once a reconcile succeeds.")
    private ReconcileErrorStatus reconcileError;

    public Phase getPhase() {
        return phase;
    }

    public void setPhase(Phase phase) {
        this.phase = phase;
    }

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

    public List<VariantComparisonStatus> getVariantComparisons() {
        return variantComparisons;
    }

    public void setVariantComparisons(List<VariantComparisonStatus> variantComparisons) {
        this.variantComparisons = variantComparisons;
    }

    public String getTarget() {
        return target;
    }

    public void setTarget(String target) {
        this.target = target;
    }

    /**
     * {@link #getNodes()} comma-separated, for the Node printer column, which wants one string. Derived, never
     * stored on its own: a status read back keeps {@code nodes} as the one truth.
     */
    @JsonProperty(value = "node", access = JsonProperty.Access.READ_ONLY)
    @JsonPropertyDescription(
            "Node(s) the runner pods were placed on, comma-separated: status.nodes joined, for the Node column.")
    public String getNode() {
        return nodes == null || nodes.isEmpty() ? null : String.join(",", nodes);
    }

    public List<String> getNodes() {
        return nodes;
    }

    public void setNodes(List<String> nodes) {
        this.nodes = nodes;
    }

    public Integer getQueuePosition() {
        return queuePosition;
    }

    public void setQueuePosition(Integer queuePosition) {
        this.queuePosition = queuePosition;
    }

    public Integer getAttempts() {
        return attempts;
    }

    public void setAttempts(Integer attempts) {
        this.attempts = attempts;
    }

    public Instant getPhaseSince() {
        return phaseSince;
    }

    public void setPhaseSince(Instant phaseSince) {
        this.phaseSince = phaseSince;
    }

    public Instant getStartTime() {
        return startTime;
    }

    public void setStartTime(Instant startTime) {
        this.startTime = startTime;
    }

    public Instant getCompletionTime() {
        return completionTime;
    }

    public void setCompletionTime(Instant completionTime) {
        this.completionTime = completionTime;
    }

    public RunVerdict getVerdict() {
        return verdict;
    }

    public void setVerdict(RunVerdict verdict) {
        this.verdict = verdict;
    }

    public List<StepStatus> getSteps() {
        return steps;
    }

    public void setSteps(List<StepStatus> steps) {
        this.steps = steps;
    }

    public SummaryStatus getSummary() {
        return summary;
    }

    public void setSummary(SummaryStatus summary) {
        this.summary = summary;
    }

    public IsolationStatus getIsolation() {
        return isolation;
    }

    public void setIsolation(IsolationStatus isolation) {
        this.isolation = isolation;
    }

    public ArtifactsStatus getArtifacts() {
        return artifacts;
    }

    public void setArtifacts(ArtifactsStatus artifacts) {
        this.artifacts = artifacts;
    }

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    public UploadGrantStatus getUploadGrant() {
        return uploadGrant;
    }

    public void setUploadGrant(UploadGrantStatus uploadGrant) {
        this.uploadGrant = uploadGrant;
    }

    public ReconcileErrorStatus getReconcileError() {
        return reconcileError;
    }

    public void setReconcileError(ReconcileErrorStatus reconcileError) {
        this.reconcileError = reconcileError;
    }
}
