package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;

/**
 * What to run, under which load, where, with which runner, and how to report it. Cross-field rules are
 * CEL, so the API server rejects a bad spec at admission with a message naming the field.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
        value = "!has(self.target.dispatch) || self.placement.topology == 'SamePod'",
        fieldPath = ".placement.topology",
        message = "the dispatch target is one process: topology must be SamePod")
@ValidationRule(
        value = "!has(self.target.ipc) || self.placement.topology == 'SamePod'",
        fieldPath = ".placement.topology",
        message = "ipc shares memory between two processes of one pod: topology must be SamePod")
@ValidationRule(
        value = "!has(self.target.plugin) || self.placement.topology == 'SamePod'",
        fieldPath = ".placement.topology",
        message = "a plugin target runs in the client's container, no server: topology must be SamePod")
@ValidationRule(
        value =
                "!has(self.placement.server) || has(self.target.udpEcho) || has(self.target.tcpEcho) || has(self.target.rsocket) || has(self.target.httpMock)",
        fieldPath = ".placement.server",
        message = "only client/server targets (udpEcho, tcpEcho, rsocket, httpMock) have a server")
@ValidationRule(
        value = "!" + Endpoints.SET + " || !has(self.placement.server)",
        fieldPath = ".placement.server",
        message = Endpoints.NO_SERVER_PLACEMENT,
        messageExpression = Endpoints.WHICH + " + ': leave placement.server unset (there is nothing to place)'")
@ValidationRule(
        value = "!" + Endpoints.SET + " || self.placement.topology == 'SamePod'",
        fieldPath = ".placement.topology",
        message = Endpoints.SAME_POD_ONLY,
        messageExpression = Endpoints.WHICH + " + ': topology must be SamePod (the client pod is all isobench places)'")
@ValidationRule(
        value = "!has(self.placement.client) || !has(self.placement.client.cpus) || self.placement.client.cpus >= 1"
                + " || self.placement.isolation == 'Shared'",
        fieldPath = ".placement.client.cpus",
        message = "the client needs at least 1 whole CPU; 0 (the node's shared CPUs) is for isolation Shared")
@ValidationRule(
        value =
                "self.placement.topology == 'SamePod' || !has(self.placement.server) || !has(self.placement.server.cpus) || self.placement.server.cpus >= 1",
        fieldPath = ".placement.server.cpus",
        message =
                "a server in a pod of its own (SameNode, SeparateNodes) needs at least 1 whole CPU; 0 (share the client's) is for SamePod")
@ValidationRule(
        value = "self.load.parallelism == 1 || (!has(self.target.dispatch) && !has(self.target.ipc)"
                + " && !has(self.target.rsocket) && (" + Endpoints.SET
                + " || has(self.target.plugin) || self.placement.topology != 'SamePod'))",
        fieldPath = ".load.parallelism",
        message = BenchmarkRunSpec.PARALLEL_WORDS)
@ValidationRule(
        value = "!has(self.variants) || self.load.parallelism == 1",
        fieldPath = ".variants",
        message =
                "not with load.parallelism above 1: each variant runs in JVMs of its own, which load pods cannot follow;"
                        + " run each variant as a run of its own")
@ValidationRule(
        value = "!has(self.variants) || !has(self.target.dispatch) || size(self.target.dispatch.queues) == 1",
        fieldPath = ".variants",
        message = "with several dispatch queues the queues are the variants: give one queue")
@ValidationRule(
        value = "!has(self.placement.agent) || has(self.target.dispatch)",
        fieldPath = ".placement.agent",
        message = "only the dispatch target has an agent")
@ValidationRule(
        value = "has(self.target.rsocket) || self.load.mode != 'Open' || has(self.load.rates)",
        fieldPath = ".load.rates",
        message = "required when load.mode is Open (e.g. [10000, 100000, 1000000])",
        reason = "FieldValueRequired")
@ValidationRule(
        value = "has(self.target.rsocket) || self.load.mode != 'Closed' || has(self.load.clients)",
        fieldPath = ".load.clients",
        message = "required when load.mode is Closed (e.g. [1] for ping-pong, [10, 50, 150] for an HTTP client sweep)",
        reason = "FieldValueRequired")
@ValidationRule(
        value = "!has(self.target.rsocket) || (!has(self.load.rates) && !has(self.load.clients))",
        fieldPath = ".load",
        message =
                "rsocket load is sized by target.rsocket (connections × streamsPerConnection, rampUp): leave load.rates and load.clients unset")
@ValidationRule(
        value = "(duration(self.load.warmup).getMilliseconds() + duration(self.load.duration).getMilliseconds()) * "
                + BenchmarkRunSpec.WINDOWS + " < duration(self.timeout).getMilliseconds()",
        fieldPath = ".timeout",
        message =
                "is shorter than the measurement alone: steps × repetitions (with auto, maxRepetitions) × (warmup + duration) must fit, "
                        + "with room for start-up and upload")
@ValidationRule(
        value = "duration(self.timeout) <= duration('24h')",
        fieldPath = ".timeout",
        message = BenchmarkRunSpec.TIMEOUT_CAP,
        messageExpression = "'is ' + self.timeout + '; " + BenchmarkRunSpec.TIMEOUT_CAP + "'")
@ValidationRule(
        value = BenchmarkRunSpec.WINDOWS + " <= 200",
        fieldPath = ".load.repetitions",
        message = BenchmarkRunSpec.WINDOWS_CAP,
        messageExpression = "'%d repetitions × %d steps = %d measured windows; " + BenchmarkRunSpec.WINDOWS_CAP
                + "'.format([" + BenchmarkRunSpec.REPETITIONS + ", " + BenchmarkRunSpec.STEPS + ", "
                + BenchmarkRunSpec.WINDOWS + "])")
@ValidationRule(
        value = BenchmarkRunSpec.MEASURED_MS + " <= 7200000",
        fieldPath = ".load.duration",
        message = BenchmarkRunSpec.MEASURED_CAP,
        messageExpression = "'is %s × %d windows = %d minutes measured; " + BenchmarkRunSpec.MEASURED_CAP
                + "'.format([self.load.duration, " + BenchmarkRunSpec.WINDOWS + ", " + BenchmarkRunSpec.MEASURED_MS
                + " / 60000])")
public class BenchmarkRunSpec {

    /** Steps of the sweep: rates or client counts, times the dispatch queues compared side by side. */
    static final String STEPS =
            "(has(self.load.rates) ? size(self.load.rates) : has(self.load.clients) ? size(self.load.clients) : 1)"
                    + " * (has(self.target.dispatch) ? size(self.target.dispatch.queues) : 1)"
                    + " * (has(self.variants) ? size(self.variants) : 1)";
    /** Repetitions per step at most: the count, or with auto its budget (a wrong word is refused by LoadSpec's own rule). */
    static final String REPETITIONS = "(type(self.load.repetitions) == int ? self.load.repetitions : "
            + "has(self.load.maxRepetitions) ? self.load.maxRepetitions : " + LoadSpec.DEFAULT_MAX_REPETITIONS + ")";
    /** Measured windows: every step, every repetition (with auto, as many as its budget allows). */
    static final String WINDOWS = "(" + REPETITIONS + " * " + STEPS + ")";
    /** Measured time in milliseconds: every window, each as long as load.duration. */
    static final String MEASURED_MS = "(duration(self.load.duration).getMilliseconds() * " + WINDOWS + ")";

    static final String PARALLEL_WORDS = "above 1 needs one server that every load pod sends to: target http or plugin,"
            + " a tcpEcho or udpEcho endpoint, or a server isobench places in a pod of its own (placement.topology"
            + " SameNode or SeparateNodes); dispatch and ipc measure inside one pod, and the load of rsocket is its"
            + " streams (raise target.rsocket.connections instead)";

    static final String TIMEOUT_CAP = "at most 24h (an Exclusive run holds its node until it ends)";
    /** result.json carries ~20 KB per window; the operator reads at most 8Mi of it by default. */
    static final String WINDOWS_CAP =
            "at most 200 (result.json carries ~20 KB per window; the operator reads at most 8Mi of it)";
    /** ~14 KB of .hlog per second of window; the operator reads at most 128Mi of a run's histogram files by default. */
    static final String MEASURED_CAP =
            "at most 2h in all (.hlog files grow ~14 KB per second of window; the operator reads at most "
                    + "128Mi of them per run)";

    @Required
    @JsonPropertyDescription("The system under test: set exactly one target.")
    private TargetSpec target;

    @Default("{}")
    @JsonPropertyDescription("How load is applied: the sweep, warm-up, measured window and repetitions.")
    private LoadSpec load = new LoadSpec();

    @Default("{}")
    @JsonPropertyDescription(
            "Where the runner pods go and what they get: whole CPUs per role, node pool, isolation, topology.")
    private PlacementSpec placement = new PlacementSpec();

    @Default("{}")
    @JsonPropertyDescription("The runner container: image override, JVM options, extra environment.")
    private RunnerSpec runner = new RunnerSpec();

    @Default("{}")
    @JsonPropertyDescription("How the run appears in reports: labels to filter by and a baseline run to compare with.")
    private ReportSpec report = new ReportSpec();

    @Default("30m")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription(
            "Longest the whole run may take from creation (queueing included) before it is Failed, e.g. 30m, 2h; "
                    + "at most 24h (and at most the installation's admission.maxTimeout, 6h unless changed).")
    private String timeout = "30m";

    @Size(min = 2, max = 8)
    @ValidationRule(
            value = "self.all(v, self.filter(w, w.name == v.name).size() == 1)",
            message = "each variant has a name of its own")
    @JsonPropertyDescription(
            "A/B (or A/A) in one run: two or more option sets (JVM options, the target's options), each measured in JVMs"
                    + " of its own, in rounds whose order is drawn at random, on the same node and CPUs, then each compared"
                    + " with the first by compare's decision rule (status.variantComparisons, the report site). The same"
                    + " options twice measure the node's noise floor. Each variant runs every step: the windows and the"
                    + " timeout count them all.")
    private List<VariantSpec> variants;

    @Default("0")
    @Min(0)
    @Max(5)
    @JsonPropertyDescription(
            "How many times a failed attempt (pod failed or deleted, node lost) is retried with a new Job. Kubernetes itself never retries (backoffLimit 0).")
    private Integer retries = 0;

    @Min(0)
    @JsonPropertyDescription(
            "Seconds after the run finished (status.completionTime) before the operator deletes it and what it made in the"
                    + " cluster (Jobs, pods, ConfigMaps, Secrets); its results in the bucket and on the report site stay. A run is"
                    + " deleted only once its result is published (or it has none). 0: as soon as it is; left out: the"
                    + " installation's default (chart value retention.ttlSecondsAfterFinished), where unset means never.")
    private Integer ttlSecondsAfterFinished;

    @Default("false")
    @JsonPropertyDescription(
            "Keep the run when it ends Failed, whatever ttlSecondsAfterFinished says, to look into why; delete it yourself.")
    private Boolean keepFailed = false;

    public List<VariantSpec> getVariants() {
        return variants;
    }

    public void setVariants(List<VariantSpec> variants) {
        this.variants = variants;
    }

    public TargetSpec getTarget() {
        return target;
    }

    public void setTarget(TargetSpec target) {
        this.target = target;
    }

    public LoadSpec getLoad() {
        return load;
    }

    public void setLoad(LoadSpec load) {
        this.load = load;
    }

    public PlacementSpec getPlacement() {
        return placement;
    }

    public void setPlacement(PlacementSpec placement) {
        this.placement = placement;
    }

    public RunnerSpec getRunner() {
        return runner;
    }

    public void setRunner(RunnerSpec runner) {
        this.runner = runner;
    }

    public ReportSpec getReport() {
        return report;
    }

    public void setReport(ReportSpec report) {
        this.report = report;
    }

    public String getTimeout() {
        return timeout;
    }

    public void setTimeout(String timeout) {
        this.timeout = timeout;
    }

    public Integer getRetries() {
        return retries;
    }

    public void setRetries(Integer retries) {
        this.retries = retries;
    }

    public Integer getTtlSecondsAfterFinished() {
        return ttlSecondsAfterFinished;
    }

    public void setTtlSecondsAfterFinished(Integer ttlSecondsAfterFinished) {
        this.ttlSecondsAfterFinished = ttlSecondsAfterFinished;
    }

    public Boolean getKeepFailed() {
        return keepFailed;
    }

    public void setKeepFailed(Boolean keepFailed) {
        this.keepFailed = keepFailed;
    }
}
