package io.isobench.operator.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.IntOrString;
import java.util.List;

/** The sweep: open loop over rates, or closed loop over client counts; warm-up, window, repetitions. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ValidationRule(
        value =
                "type(self.repetitions) == int ? self.repetitions >= 1 && self.repetitions <= 100 : self.repetitions == 'auto'",
        fieldPath = ".repetitions",
        message = LoadSpec.REPETITIONS_WORDS,
        messageExpression = "'is ' + string(self.repetitions) + '; " + LoadSpec.REPETITIONS_WORDS + "'")
@ValidationRule(
        value = "type(self.repetitions) == string || !has(self.precision)",
        fieldPath = ".precision",
        message = "only with repetitions: auto (a fixed count runs every repetition it names)",
        reason = "FieldValueForbidden")
@ValidationRule(
        value = "!has(self.precision) || !self.precision.matches('^0*([.]0*)?%$')",
        fieldPath = ".precision",
        message = "must be above 0%, e.g. 5%",
        messageExpression = "'is ' + self.precision + '; must be above 0%, e.g. 5%'")
@ValidationRule(
        value = "type(self.repetitions) == string || !has(self.maxRepetitions)",
        fieldPath = ".maxRepetitions",
        message = "only with repetitions: auto (a fixed count is its own budget)",
        reason = "FieldValueForbidden")
@ValidationRule(
        value = "!has(self.rates) || self.rates.all(r, r >= self.parallelism)",
        fieldPath = ".rates",
        message = LoadSpec.SHARE_WORDS)
@ValidationRule(
        value = "!has(self.clients) || self.clients.all(c, c >= self.parallelism)",
        fieldPath = ".clients",
        message = LoadSpec.SHARE_WORDS)
@ValidationRule(
        value = "self.mode != 'Open' || !has(self.clients)",
        fieldPath = ".clients",
        message = "only with mode Closed; an Open sweep is given by rates",
        reason = "FieldValueForbidden")
@ValidationRule(
        value = "self.mode != 'Closed' || !has(self.rates)",
        fieldPath = ".rates",
        message = "only with mode Open; a Closed sweep is given by clients",
        reason = "FieldValueForbidden")
@ValidationRule(
        value = "duration(self.duration) >= duration('100ms')",
        fieldPath = ".duration",
        message = "must be at least 100ms")
@ValidationRule(
        value = "duration(self.warmup) <= duration('10m')",
        fieldPath = ".warmup",
        message = LoadSpec.WARMUP_CAP,
        messageExpression = "'is ' + self.warmup + '; " + LoadSpec.WARMUP_CAP + "'")
@ValidationRule(
        value = "duration(self.duration) <= duration('30m')",
        fieldPath = ".duration",
        message = LoadSpec.WINDOW_CAP,
        messageExpression = "'is ' + self.duration + '; " + LoadSpec.WINDOW_CAP + "'")
@ValidationRule(
        value = "duration(self.probeDuration) <= duration(self.duration)",
        fieldPath = ".probeDuration",
        message = "must not be longer than the measured window (duration)")
@ValidationRule(
        value = "!has(self.noiseBudget) || duration(self.noiseBudget) > duration('0s')",
        fieldPath = ".noiseBudget",
        message = "must be longer than zero (leave it out to gate nothing)")
@ValidationRule(
        value = "!has(self.noiseBudget) || duration(self.probeDuration) > duration('0s')",
        fieldPath = ".noiseBudget",
        message = "needs the probes it judges: probeDuration must be longer than 0s")
public class LoadSpec {

    static final int DEFAULT_REPETITIONS = 3;
    /** The runner's budget of repetitions per step with auto when maxRepetitions is not given. */
    public static final int DEFAULT_MAX_REPETITIONS = 20;

    static final String REPETITIONS_WORDS =
            "must be a count from 1 to 100, or auto (with precision and maxRepetitions)";

    static final String SHARE_WORDS =
            "each must be at least load.parallelism (every load pod sends its share: 1/parallelism of each)";

    /** The most load pods one run may have (each is a pod and, with isolation Exclusive, a node). */
    public static final int MAX_PARALLELISM = 64;

    static final String WARMUP_CAP = "at most 10m (the JIT and caches settle within seconds)";
    /** ~14 KB of .hlog per second of window at 1M msg/s: a window past ~40 min outgrows the operator's 32Mi read cap per file. */
    static final String WINDOW_CAP =
            "at most 30m (the .hlog of a window grows ~14 KB per second; the operator reads at most 32Mi of one)";

    public enum Mode {
        /** Fixed-rate schedule, latency from each message's intended send time (coordinated-omission correct). */
        Open,
        /** Next message when one completes: ping-pong or N clients in flight. */
        Closed
    }

    @Default("Open")
    @JsonPropertyDescription(
            "Open: a fixed-rate schedule, each message timed from its intended send time (coordinated-omission correct). "
                    + "Closed: the next message goes when one completes (ping-pong, N parallel clients); the results say so.")
    private Mode mode = Mode.Open;

    @Size(min = 1, max = 32)
    @ValidationRule(
            value = "self.all(r, r >= 1 && r <= 1000000000)",
            message = "each rate must be between 1 and 1000000000 messages per second")
    @ValidationRule(
            value = "self.isSorted() && self.all(r, self.filter(x, x == r).size() == 1)",
            message = "rates must be ascending and distinct")
    @JsonPropertyDescription(
            "Open-loop rate sweep in messages per second, ascending, e.g. [10000, 100000, 1000000, 10000000].")
    private List<Long> rates;

    @Size(min = 1, max = 32)
    @ValidationRule(
            value = "self.all(c, c >= 1 && c <= 1000000)",
            message = "each client count must be between 1 and 1000000")
    @ValidationRule(
            value = "self.isSorted() && self.all(c, self.filter(x, x == c).size() == 1)",
            message = "client counts must be ascending and distinct")
    @JsonPropertyDescription(
            "Closed-loop sweep: messages in flight (parallel clients), ascending, e.g. [1] for ping-pong or [10, 50, 100, 150, 250].")
    private List<Integer> clients;

    @Default("5s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Warm-up before each measured window, not recorded (JIT, caches), e.g. 5s; at most 10m.")
    private String warmup = "5s";

    @Default("10s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription(
            "Measured window of each repetition, e.g. 10s; at least 100ms, at most 30m, and all windows of the run "
                    + "together (repetitions × steps × duration) at most 2h.")
    private String duration = "10s";

    @Default("3")
    @JsonPropertyDescription(
            "Repetitions of every step (1-100), or auto: repetitions are added to a step until the 95% interval of its p50 "
                    + "and p99 is within ± precision, at least 3 and at most maxRepetitions (the step then says how wide "
                    + "they stayed). Their histograms are merged losslessly and give the confidence intervals. Repetitions "
                    + "(with auto, maxRepetitions) × steps (rates or client counts, × dispatch queues) is at most 200 "
                    + "measured windows.")
    private IntOrString repetitions = new IntOrString(DEFAULT_REPETITIONS);

    // bounded, as the pattern allows no more: an unbounded string makes the API server estimate its rules' cost as if
    // it were megabytes
    @Size(max = 6)
    @Pattern("^[0-9]{1,2}(\\.[0-9]{1,2})?%$")
    @JsonPropertyDescription(
            "With repetitions: auto, how close p50's and p99's 95% intervals must come, ± this share of the value, "
                    + "e.g. 5% (the default; at least 0.01%).")
    private String precision;

    @Min(3)
    @Max(100)
    @JsonPropertyDescription(
            "With repetitions: auto, the most repetitions a step may get before it is left at the precision reached "
                    + "(default 20).")
    private Integer maxRepetitions;

    @Default("1")
    @Min(1)
    @Max(MAX_PARALLELISM)
    @JsonPropertyDescription(
            "Load pods: N client pods make every step's load together, each sending 1/N of the rate (or of the clients), "
                    + "their schedules offset by 1/rate, all starting each warm-up together (a part that is not there "
                    + "in time FAILs the step by name); their histograms are merged losslessly and each pod's figures "
                    + "stay in the result. Target options are each pod's own (http's connections: 16 with 3 pods opens "
                    + "48). Each pod is Guaranteed with placement.client's CPUs; with isolation Exclusive "
                    + "each has a node of its own, with Shared they are spread over the pool's nodes. Only where one "
                    + "server takes all their load: target http or plugin, an endpoint, or a server of isobench's in a "
                    + "pod of its own (topology SameNode or SeparateNodes). 1-"
                    + MAX_PARALLELISM
                    + ".")
    private Integer parallelism = 1;

    @Default("1s")
    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription("Length of the core-to-core and jitter probes before each repetition (0s disables them).")
    private String probeDuration = "1s";

    @Pattern(Durations.PATTERN)
    @JsonPropertyDescription(
            "Gate on host noise, e.g. 1ms: a repetition whose probes saw a stall longer than this, whose "
                    + "core-to-core latency changed between the probes before and after it, or during whose window the cgroup was CPU-throttled, "
                    + "the hypervisor stole time, or interrupts or involuntary context switches on the measured CPUs exceeded their allowance, is "
                    + "INCONCLUSIVE and run again (maxReruns); a run left INCONCLUSIVE ends Failed with condition Conclusive=False (HostNoise). "
                    + "Left out, nothing is gated and the figures are recorded beside each repetition.")
    private String noiseBudget;

    @Default("2")
    @Min(0)
    @Max(10)
    @JsonPropertyDescription(
            "How many times an INCONCLUSIVE repetition is run again before the run is left INCONCLUSIVE "
                    + "(with noiseBudget).")
    private Integer maxReruns = 2;

    public Mode getMode() {
        return mode;
    }

    public void setMode(Mode mode) {
        this.mode = mode;
    }

    public List<Long> getRates() {
        return rates;
    }

    public void setRates(List<Long> rates) {
        this.rates = rates;
    }

    public List<Integer> getClients() {
        return clients;
    }

    public void setClients(List<Integer> clients) {
        this.clients = clients;
    }

    public String getWarmup() {
        return warmup;
    }

    public void setWarmup(String warmup) {
        this.warmup = warmup;
    }

    public String getDuration() {
        return duration;
    }

    public void setDuration(String duration) {
        this.duration = duration;
    }

    public IntOrString getRepetitions() {
        return repetitions;
    }

    public void setRepetitions(IntOrString repetitions) {
        this.repetitions = repetitions;
    }

    public String getPrecision() {
        return precision;
    }

    public void setPrecision(String precision) {
        this.precision = precision;
    }

    public Integer getMaxRepetitions() {
        return maxRepetitions;
    }

    public void setMaxRepetitions(Integer maxRepetitions) {
        this.maxRepetitions = maxRepetitions;
    }

    public Integer getParallelism() {
        return parallelism;
    }

    public void setParallelism(Integer parallelism) {
        this.parallelism = parallelism;
    }

    /** The load pods asked for (1 when left out). */
    public int loadPods() {
        return parallelism == null ? 1 : parallelism;
    }

    public String getProbeDuration() {
        return probeDuration;
    }

    public void setProbeDuration(String probeDuration) {
        this.probeDuration = probeDuration;
    }

    public String getNoiseBudget() {
        return noiseBudget;
    }

    public void setNoiseBudget(String noiseBudget) {
        this.noiseBudget = noiseBudget;
    }

    public Integer getMaxReruns() {
        return maxReruns;
    }

    public void setMaxReruns(Integer maxReruns) {
        this.maxReruns = maxReruns;
    }
}
