package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isobench.result.samples.ResultSamples;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ResultPlausibilityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The sample result as an upload would carry it, changed by {@code edit}, then read and checked. */
    private static void check(Consumer<ObjectNode> edit, String target) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(ResultJson.toJson(ResultJsonTest.sample()));
        edit.accept(tree);
        ResultPlausibility.check(ResultJson.parse(JSON.writeValueAsString(tree)), target);
    }

    private static ObjectNode step(ObjectNode tree) {
        return (ObjectNode) tree.get("steps").get(0);
    }

    private static ObjectNode repetition(ObjectNode tree) {
        return (ObjectNode) step(tree).get("repetitions").get(0);
    }

    @Test
    void aRealResultPasses() {
        assertThatCode(() -> check(t -> {}, "dispatch")).doesNotThrowAnyException();
        assertThatCode(() -> check(t -> {}, null)).doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            merged p99 below p90         | steps[0].merged.latency.p99 = 1 is below p98
            negative p50                 | steps[0].merged.latency.p50 = -5 is negative
            max past one hour            | steps[0].merged.latency.max = 9000000000000000000 exceeds the histograms' highest trackable value
            mean outside min…max         | steps[0].merged.latency.mean = 1.0E12 is outside min
            merged count not the sum     | steps[0].merged.latency.count = 7 is not the sum of its repetitions' counts 1000
            repetition rate absurd       | steps[0].repetitions[0].achievedRate = 1.0E300 is not a rate between 0 and 1000000000
            repetition rate made up      | steps[0].repetitions[0].achievedRate = 5000000.0 disagrees with received 10000000
            zero window                  | steps[0].repetitions[0].windowNanos = 0 is not a positive window
            step id with a path          | steps[0].id = '../../site/index.html' is not a path-safe step id
            overall OK over a failed step | verdict = 'OK' while a step is not OK
            another target               | target = 'udp-echo' is not the run's target dispatch
            no steps                     | steps = [] holds no step
            a megabyte of reason         | steps[0].reason.length = 1048576 exceeds 4096
            an html file named           | steps[0].repetitions[0].files.hgrm = 'steps/x.html' is not a path under steps/
            a path climbing out          | steps[0].repetitions[0].files.hlog = 'steps/../../site/index.hlog' is not a path under steps/
            a file outside steps         | steps[0].merged.files.hgrm = 'data/catalog.hgrm' is not a path under steps/
            an hlog named as table       | steps[0].repetitions[0].files.hgrm = 'steps/a/rep-1_OK.hlog' is not a path under steps/
            """)
    void anImplausibleUploadIsRefusedNamingTheFieldAndValue(String what, String message) {
        Consumer<ObjectNode> edit = switch (what) {
            case "merged p99 below p90" -> t -> ((ObjectNode) step(t).get("merged").get("latency")).put("p99", 1);
            case "negative p50" -> t -> ((ObjectNode) step(t).get("merged").get("latency")).put("p50", -5);
            case "max past one hour" -> t -> ((ObjectNode) step(t).get("merged").get("latency")).put("max", 9_000_000_000_000_000_000L);
            case "mean outside min…max" -> t -> ((ObjectNode) step(t).get("merged").get("latency")).put("mean", 1e12);
            case "merged count not the sum" -> t -> ((ObjectNode) step(t).get("merged").get("latency")).put("count", 7);
            case "repetition rate absurd" -> t -> repetition(t).put("achievedRate", 1e300);
            case "repetition rate made up" -> t -> repetition(t).put("achievedRate", 5_000_000.0);
            case "zero window" -> t -> repetition(t).put("windowNanos", 0);
            case "step id with a path" -> t -> step(t).put("id", "../../site/index.html");
            case "overall OK over a failed step" -> t -> step(t).put("verdict", "FAIL");
            case "another target" -> t -> t.put("target", "udp-echo");
            case "no steps" -> t -> ((ArrayNode) t.get("steps")).removeAll();
            case "a megabyte of reason" -> t -> step(t).put("reason", "x".repeat(1 << 20));
            case "an html file named" -> t -> ((ObjectNode) repetition(t).get("files")).put("hgrm", "steps/x.html");
            case "a path climbing out" -> t -> ((ObjectNode) repetition(t).get("files")).put("hlog", "steps/../../site/index.hlog");
            case "a file outside steps" -> t -> ((ObjectNode) step(t).get("merged").get("files")).put("hgrm", "data/catalog.hgrm");
            case "an hlog named as table" -> t -> ((ObjectNode) repetition(t).get("files")).put("hgrm", "steps/a/rep-1_OK.hlog");
            default -> throw new IllegalArgumentException(what);
        };
        assertThatThrownBy(() -> check(edit, "dispatch")).isInstanceOf(ResultFormatException.class).hasMessageStartingWith(message);
    }

    @Test
    void anInconclusiveResultThatNamesItsNoiseIsBelieved() {
        assertThatCode(() -> check(t -> {
            repetition(t).put("verdict", "INCONCLUSIVE").put("reason", "host noise: probe after saw a 3.1 ms stall (budget 1ms)");
            step(t).put("verdict", "INCONCLUSIVE").put("reason", "1 of 1 inconclusive: repetition 1: host noise");
            t.put("verdict", "INCONCLUSIVE").put("reason", "1 of 1 inconclusive");
        }, "dispatch")).doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            repetition without a reason | steps[0].repetitions[0].reason = null is missing: an INCONCLUSIVE verdict names the noise
            step without a reason       | steps[0].reason = null is missing
            run over a failed step      | verdict = 'INCONCLUSIVE' while a part of it FAILed (FAIL beats INCONCLUSIVE)
            a megabyte of notes         | steps[0].repetitions[0].notes[0].length = 1048576 exceeds 4096
            a thousand reruns           | steps[0].repetitions[0].reruns.length = 1000 exceeds 32
            """)
    void anInconclusiveVerdictMustNameItsNoiseNeverHideAFailAndItsNotesStayBounded(String what, String message) {
        Consumer<ObjectNode> edit = switch (what) {
            case "repetition without a reason" -> t -> {
                repetition(t).put("verdict", "INCONCLUSIVE");
                step(t).put("verdict", "INCONCLUSIVE").put("reason", "noise");
            };
            case "step without a reason" -> t -> step(t).put("verdict", "INCONCLUSIVE");
            case "a megabyte of notes" -> t -> repetition(t).putArray("notes").add("x".repeat(1 << 20));
            case "a thousand reruns" -> t -> {
                var reruns = repetition(t).putArray("reruns");
                for (int i = 0; i < 1000; i++) {
                    reruns.addObject().put("attempt", i + 1).put("reason", "noise");
                }
            };
            case "run over a failed step" -> t -> {
                step(t).put("verdict", "FAIL").put("reason", "rate");
                repetition(t).put("verdict", "FAIL").put("reason", "rate");
                t.put("verdict", "INCONCLUSIVE").put("reason", "noise");
            };
            default -> throw new IllegalArgumentException(what);
        };
        assertThatThrownBy(() -> check(edit, "dispatch")).isInstanceOf(ResultFormatException.class).hasMessageStartingWith(message);
    }

    /** The real runner's FAIL against a refused port ({@link ResultSamples#connectionRefused()}), changed by {@code edit}, then checked. */
    private static void checkRefused(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(ResultSamples.connectionRefused());
        edit.accept(tree);
        ResultPlausibility.check(ResultJson.parse(JSON.writeValueAsString(tree)), "tcp-echo");
    }

    @Test
    void aRunnerFailThatNeverReachedItsWindowIsBelievedWithItsReason() throws Exception {
        RunResult refused = ResultJson.parse(new String(ResultSamples.connectionRefused(), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(refused.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(refused.steps().getFirst().repetitions().getFirst().windowNanos()).isZero();
        assertThatCode(() -> ResultPlausibility.check(refused, "tcp-echo")).doesNotThrowAnyException();
    }

    /** A FAIL with no measured window carries no figures: anything it does carry is refused, so a FAIL smuggles nothing in. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no reason                      | steps[0].repetitions[0].reason = null is missing: a FAIL repetition that never reached its
            a blank reason                 | steps[0].repetitions[0].reason = '  ' is missing
            received messages              | steps[0].repetitions[0].received = 5 with no measured window
            sent messages                  | steps[0].repetitions[0].sent = 7 with no measured window
            an achieved rate               | steps[0].repetitions[0].achievedRate = 1000.0 with no measured window
            samples                        | steps[0].repetitions[0].latency.count = 3 with no measured window
            percentiles without samples    | steps[0].repetitions[0].latency.max = 900 with no samples
            a mean without samples         | steps[0].repetitions[0].latency.mean = 1.0E12 with no samples
            a deviation without samples    | steps[0].repetitions[0].latency.stddev = 4.0 with no samples
            a merged mean without samples  | steps[0].merged.latency.mean = 1.0E12 with no samples
            generator lag                  | steps[0].repetitions[0].generator = GeneratorLag[sendLagP50=1000, sendLagP99=5000
            a histogram with samples       | steps[0].repetitions[0].histogram holds 2 samples with no measured window
            a histogram that is not one    | steps[0].repetitions[0].histogram = 'bm90IGEgaGlzdG9ncmFt' is not a histogram of
            a negative window              | steps[0].repetitions[0].windowNanos = -1 is not a positive window
            an OK with no window           | steps[0].repetitions[0].windowNanos = 0 is not a positive window; only a FAIL repetition
            an INCONCLUSIVE with no window | steps[0].repetitions[0].windowNanos = 0 is not a positive window; only a FAIL repetition
            """)
    void aFailWithNoMeasuredWindowCarriesNoFigures(String what, String message) {
        Consumer<ObjectNode> edit = switch (what) {
            case "no reason" -> t -> repetition(t).remove("reason");
            case "a blank reason" -> t -> repetition(t).put("reason", "  ");
            case "received messages" -> t -> repetition(t).put("received", 5);
            case "sent messages" -> t -> repetition(t).put("sent", 7);
            case "an achieved rate" -> t -> repetition(t).put("achievedRate", 1000.0);
            case "samples" -> t -> {
                ((ObjectNode) repetition(t).get("latency")).put("count", 3);
                ((ObjectNode) step(t).get("merged").get("latency")).put("count", 3);
            };
            case "percentiles without samples" -> t -> ((ObjectNode) repetition(t).get("latency")).put("max", 900);
            case "a mean without samples" -> t -> ((ObjectNode) repetition(t).get("latency")).put("mean", 1e12);
            case "a deviation without samples" -> t -> ((ObjectNode) repetition(t).get("latency")).put("stddev", 4.0);
            case "a merged mean without samples" -> t -> ((ObjectNode) step(t).get("merged").get("latency")).put("mean", 1e12);
            case "generator lag" -> t -> repetition(t).putObject("generator").put("sendLagP50", 1000).put("sendLagP99", 5000)
                    .put("sendLagMax", 9000).put("sends", 10).put("shareOfP50", 0.1).put("shareOfP99", 0.2);
            case "a histogram with samples" -> t -> {
                var histogram = Histograms.newLatencyHistogram();
                histogram.recordValue(500);
                histogram.recordValue(700);
                repetition(t).put("histogram", Histograms.toBase64(histogram));
            };
            case "a histogram that is not one" -> t -> repetition(t).put("histogram", "bm90IGEgaGlzdG9ncmFt");
            case "a negative window" -> t -> repetition(t).put("windowNanos", -1);
            case "an OK with no window" -> t -> {
                repetition(t).put("verdict", "OK").remove("reason");
                step(t).put("verdict", "OK").remove("reason");
                t.put("verdict", "OK").remove("reason");
            };
            case "an INCONCLUSIVE with no window" -> t -> {
                repetition(t).put("verdict", "INCONCLUSIVE").put("reason", "host noise");
                step(t).put("verdict", "INCONCLUSIVE").put("reason", "host noise");
                t.put("verdict", "INCONCLUSIVE").put("reason", "host noise");
            };
            default -> throw new IllegalArgumentException(what);
        };
        assertThatThrownBy(() -> checkRefused(edit)).isInstanceOf(ResultFormatException.class).hasMessageStartingWith(message);
    }

    @Test
    void aLongValueIsShortenedInTheMessage() {
        assertThatThrownBy(() -> check(t -> step(t).put("id", "<script>" + "a".repeat(10_000)), null))
                .hasMessageStartingWith("steps[0].id = '<script>aaa").hasMessageContaining("…'").satisfies(e -> {
                    if (e.getMessage().length() > 200) {
                        throw new AssertionError("message of " + e.getMessage().length() + " characters");
                    }
                });
    }
}
