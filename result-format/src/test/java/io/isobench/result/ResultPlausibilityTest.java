package io.isobench.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.isobench.result.samples.ResultSamples;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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
            merged p99 below p90         | steps[0].merged.latency.p99 = 1 is below p98 = 98047 (percentiles never decrease)
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
            negative sent                | steps[0].repetitions[0].sent = -1 is negative
            negative received            | steps[0].repetitions[0].received = -1 is negative
            a rate past the limit        | steps[0].repetitions[0].achievedRate = 1.000000001E9 is not a rate between 0 and 1000000000
            a rate past the tolerance    | steps[0].repetitions[0].achievedRate = 51.5 disagrees with received 50 in a 1000000000 ns window
            a max past the hour          | steps[0].merged.latency.max = 3600000000001 exceeds the histograms' highest trackable value
            a mean under min             | steps[0].merged.latency.mean = 99.8 is outside min 100
            a mean over max              | steps[0].merged.latency.mean = 100133.0 is outside min 100 … max 100031
            501 steps                    | steps.length = 501 exceeds 500
            a run reason too long        | reason.length = 4097 exceeds 4096
            a step label too long        | steps[0].label.length = 4097 exceeds 4096
            a variant too long           | steps[0].variant.length = 4097 exceeds 4096
            a repetition reason too long | steps[0].repetitions[0].reason.length = 4097 exceeds 4096
            a rerun reason too long      | steps[0].repetitions[0].reruns[0].reason.length = 4097 exceeds 4096
            33 notes                     | steps[0].repetitions[0].notes.length = 33 exceeds 32
            33 reruns                    | steps[0].repetitions[0].reruns.length = 33 exceeds 32
            """)
    void anImplausibleUploadIsRefusedNamingTheFieldAndValue(String what, String message) {
        Consumer<ObjectNode> edit = switch (what) {
            case "merged p99 below p90" ->
                t -> ((ObjectNode) step(t).get("merged").get("latency")).put("p99", 1);
            case "negative p50" -> t -> ((ObjectNode) step(t).get("merged").get("latency")).put("p50", -5);
            case "max past one hour" ->
                t -> ((ObjectNode) step(t).get("merged").get("latency")).put("max", 9_000_000_000_000_000_000L);
            case "mean outside min…max" ->
                t -> ((ObjectNode) step(t).get("merged").get("latency")).put("mean", 1e12);
            case "merged count not the sum" ->
                t -> ((ObjectNode) step(t).get("merged").get("latency")).put("count", 7);
            case "repetition rate absurd" -> t -> repetition(t).put("achievedRate", 1e300);
            case "repetition rate made up" -> t -> repetition(t).put("achievedRate", 5_000_000.0);
            case "zero window" -> t -> repetition(t).put("windowNanos", 0);
            case "step id with a path" -> t -> step(t).put("id", "../../site/index.html");
            case "overall OK over a failed step" -> t -> step(t).put("verdict", "FAIL");
            case "another target" -> t -> t.put("target", "udp-echo");
            case "no steps" -> t -> ((ArrayNode) t.get("steps")).removeAll();
            case "a megabyte of reason" -> t -> step(t).put("reason", "x".repeat(1 << 20));
            case "an html file named" -> t -> ((ObjectNode) repetition(t).get("files")).put("hgrm", "steps/x.html");
            case "a path climbing out" ->
                t -> ((ObjectNode) repetition(t).get("files")).put("hlog", "steps/../../site/index.hlog");
            case "a file outside steps" ->
                t -> ((ObjectNode) step(t).get("merged").get("files")).put("hgrm", "data/catalog.hgrm");
            case "an hlog named as table" ->
                t -> ((ObjectNode) repetition(t).get("files")).put("hgrm", "steps/a/rep-1_OK.hlog");
            case "negative sent" -> t -> repetition(t).put("sent", -1);
            case "negative received" -> t -> repetition(t).put("sent", 0).put("received", -1);
            case "a rate past the limit" ->
                t -> repetition(t)
                        .put("windowNanos", 1_000_000_000L)
                        .put("received", 1_000_000_001L)
                        .put("achievedRate", 1_000_000_001.0);
            case "a rate past the tolerance" -> t -> fiftyInASecond(t).put("achievedRate", 51.5);
            case "a max past the hour" -> t -> mergedLatency(t).put("max", Histograms.HIGHEST_NANOS + 1);
            case "a mean under min" -> t -> mergedLatency(t).put("mean", 99.8);
            case "a mean over max" -> t -> mergedLatency(t).put("mean", 100_133.0);
            case "501 steps" -> t -> steps(t, 501);
            case "a run reason too long" -> t -> t.put("reason", "x".repeat(ResultPlausibility.MAX_TEXT + 1));
            case "a step label too long" -> t -> step(t).put("label", "x".repeat(ResultPlausibility.MAX_TEXT + 1));
            case "a variant too long" -> t -> step(t).put("variant", "x".repeat(ResultPlausibility.MAX_TEXT + 1));
            case "a repetition reason too long" ->
                t -> repetition(t).put("reason", "x".repeat(ResultPlausibility.MAX_TEXT + 1));
            case "a rerun reason too long" ->
                t -> ((ObjectNode) repetition(t).get("reruns").get(0))
                        .put("reason", "x".repeat(ResultPlausibility.MAX_TEXT + 1));
            case "33 notes" -> t -> notes(t, ResultPlausibility.MAX_NOTES + 1);
            case "33 reruns" -> t -> reruns(t, ResultPlausibility.MAX_NOTES + 1);
            default -> throw new IllegalArgumentException(what);
        };
        assertThatThrownBy(() -> check(edit, "dispatch"))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageStartingWith(message);
    }

    /** Each limit is a limit, not one past it: a value exactly at it is believed (beside the one just past it, refused above). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            nothing sent nor received
            the highest rate
            a rate at the tolerance
            a max of one hour
            a mean at the tolerance under min
            a mean at the tolerance over max
            500 steps
            texts of 4096 characters
            32 notes and 32 reruns
            """)
    void aValueAtALimitIsBelieved(String what) {
        Consumer<ObjectNode> edit = switch (what) {
            case "nothing sent nor received" ->
                t -> repetition(t).put("sent", 0).put("received", 0).put("achievedRate", 0.0);
            case "the highest rate" ->
                t -> repetition(t)
                        .put("windowNanos", 1_000_000_000L)
                        .put("received", 1_000_000_000L)
                        .put("achievedRate", ResultPlausibility.MAX_RATE);
            // received ÷ window is 50/s; the tolerance is 1%, at least one message per second
            case "a rate at the tolerance" -> t -> fiftyInASecond(t).put("achievedRate", 51.0);
            case "a max of one hour" -> t -> mergedLatency(t).put("max", Histograms.HIGHEST_NANOS);
            // the same arithmetic as the check, so the value is exactly at its bound
            case "a mean at the tolerance under min" ->
                t -> mergedLatency(t).put("mean", mergedLatency(t).get("min").asLong() * 0.999);
            case "a mean at the tolerance over max" ->
                t -> mergedLatency(t).put("mean", mergedLatency(t).get("max").asLong() * 1.001 + 1);
            case "500 steps" -> t -> steps(t, ResultPlausibility.MAX_STEPS);
            case "texts of 4096 characters" ->
                t -> {
                    String longest = "x".repeat(ResultPlausibility.MAX_TEXT);
                    t.put("reason", longest);
                    step(t).put("label", longest).put("variant", longest).put("reason", longest);
                    repetition(t).put("reason", longest);
                };
            case "32 notes and 32 reruns" ->
                t -> {
                    notes(t, ResultPlausibility.MAX_NOTES);
                    reruns(t, ResultPlausibility.MAX_NOTES);
                };
            default -> throw new IllegalArgumentException(what);
        };
        assertThatCode(() -> check(edit, "dispatch")).doesNotThrowAnyException();
    }

    private static ObjectNode mergedLatency(ObjectNode tree) {
        return (ObjectNode) step(tree).get("merged").get("latency");
    }

    /** The repetition as 50 messages received in a one-second window. */
    private static ObjectNode fiftyInASecond(ObjectNode tree) {
        return repetition(tree)
                .put("windowNanos", 1_000_000_000L)
                .put("sent", 50)
                .put("received", 50);
    }

    /** {@code count} copies of the first step, each with an id of its own. */
    private static void steps(ObjectNode tree, int count) {
        ArrayNode steps = (ArrayNode) tree.get("steps");
        ObjectNode first = step(tree);
        steps.removeAll();
        for (int i = 0; i < count; i++) {
            steps.add(first.deepCopy().put("id", "step-" + i));
        }
    }

    private static void notes(ObjectNode tree, int count) {
        ArrayNode notes = repetition(tree).putArray("notes");
        for (int i = 0; i < count; i++) {
            notes.add("note " + i);
        }
    }

    private static void reruns(ObjectNode tree, int count) {
        ArrayNode reruns = repetition(tree).putArray("reruns");
        for (int i = 0; i < count; i++) {
            reruns.addObject().put("attempt", i + 1).put("reason", "host noise");
        }
    }

    @Test
    void anInconclusiveResultThatNamesItsNoiseIsBelieved() {
        assertThatCode(() -> check(
                        t -> {
                            repetition(t)
                                    .put("verdict", "INCONCLUSIVE")
                                    .put("reason", "host noise: probe after saw a 3.1 ms stall (budget 1ms)");
                            step(t).put("verdict", "INCONCLUSIVE")
                                    .put("reason", "1 of 1 inconclusive: repetition 1: host noise");
                            t.put("verdict", "INCONCLUSIVE").put("reason", "1 of 1 inconclusive");
                        },
                        "dispatch"))
                .doesNotThrowAnyException();
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
            case "repetition without a reason" ->
                t -> {
                    repetition(t).put("verdict", "INCONCLUSIVE");
                    step(t).put("verdict", "INCONCLUSIVE").put("reason", "noise");
                };
            case "step without a reason" -> t -> step(t).put("verdict", "INCONCLUSIVE");
            case "a megabyte of notes" -> t -> repetition(t).putArray("notes").add("x".repeat(1 << 20));
            case "a thousand reruns" ->
                t -> {
                    var reruns = repetition(t).putArray("reruns");
                    for (int i = 0; i < 1000; i++) {
                        reruns.addObject().put("attempt", i + 1).put("reason", "noise");
                    }
                };
            case "run over a failed step" ->
                t -> {
                    step(t).put("verdict", "FAIL").put("reason", "rate");
                    repetition(t).put("verdict", "FAIL").put("reason", "rate");
                    t.put("verdict", "INCONCLUSIVE").put("reason", "noise");
                };
            default -> throw new IllegalArgumentException(what);
        };
        assertThatThrownBy(() -> check(edit, "dispatch"))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageStartingWith(message);
    }

    /** The real runner's FAIL against a refused port ({@link ResultSamples#connectionRefused()}), changed by {@code edit}, then checked. */
    private static void checkRefused(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(ResultSamples.connectionRefused());
        edit.accept(tree);
        ResultPlausibility.check(ResultJson.parse(JSON.writeValueAsString(tree)), "tcp-echo");
    }

    @Test
    void aRunnerFailThatNeverReachedItsWindowIsBelievedWithItsReason() throws Exception {
        RunResult refused = ResultJson.parse(
                new String(ResultSamples.connectionRefused(), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(refused.verdict()).isEqualTo(Verdict.FAIL);
        assertThat(refused.steps().getFirst().repetitions().getFirst().windowNanos())
                .isZero();
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
            case "samples" ->
                t -> {
                    ((ObjectNode) repetition(t).get("latency")).put("count", 3);
                    mergedLatency(t).put("count", 3);
                };
            case "percentiles without samples" ->
                t -> ((ObjectNode) repetition(t).get("latency")).put("max", 900);
            case "a mean without samples" -> t -> ((ObjectNode) repetition(t).get("latency")).put("mean", 1e12);
            case "a deviation without samples" ->
                t -> ((ObjectNode) repetition(t).get("latency")).put("stddev", 4.0);
            case "a merged mean without samples" ->
                t -> ((ObjectNode) step(t).get("merged").get("latency")).put("mean", 1e12);
            case "generator lag" ->
                t -> repetition(t)
                        .putObject("generator")
                        .put("sendLagP50", 1000)
                        .put("sendLagP99", 5000)
                        .put("sendLagMax", 9000)
                        .put("sends", 10)
                        .put("shareOfP50", 0.1)
                        .put("shareOfP99", 0.2);
            case "a histogram with samples" ->
                t -> {
                    var histogram = Histograms.newLatencyHistogram();
                    histogram.recordValue(500);
                    histogram.recordValue(700);
                    repetition(t).put("histogram", Histograms.toBase64(histogram));
                };
            case "a histogram that is not one" -> t -> repetition(t).put("histogram", "bm90IGEgaGlzdG9ncmFt");
            case "a negative window" -> t -> repetition(t).put("windowNanos", -1);
            case "an OK with no window" ->
                t -> {
                    repetition(t).put("verdict", "OK").remove("reason");
                    step(t).put("verdict", "OK").remove("reason");
                    t.put("verdict", "OK").remove("reason");
                };
            case "an INCONCLUSIVE with no window" ->
                t -> {
                    repetition(t).put("verdict", "INCONCLUSIVE").put("reason", "host noise");
                    step(t).put("verdict", "INCONCLUSIVE").put("reason", "host noise");
                    t.put("verdict", "INCONCLUSIVE").put("reason", "host noise");
                };
            default -> throw new IllegalArgumentException(what);
        };
        assertThatThrownBy(() -> checkRefused(edit))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void aValueOfEightyCharactersIsShownWholeAndALongerOneCutTo77AndAnEllipsis() {
        String eighty = "a".repeat(80);
        assertThatThrownBy(() -> check(t -> step(t).put("id", eighty + "/"), null))
                .hasMessageStartingWith("steps[0].id = '" + "a".repeat(77) + "…' is not");
        assertThatThrownBy(() -> check(t -> step(t).put("id", "/" + "a".repeat(79)), null))
                .hasMessageStartingWith("steps[0].id = '/" + "a".repeat(79) + "' is not");
    }

    @Test
    void aLongValueIsShortenedInTheMessage() {
        assertThatThrownBy(() -> check(t -> step(t).put("id", "<script>" + "a".repeat(10_000)), null))
                .hasMessageStartingWith("steps[0].id = '<script>aaa")
                .hasMessageContaining("…'")
                .satisfies(e -> {
                    if (e.getMessage().length() > 200) {
                        throw new AssertionError("message of " + e.getMessage().length() + " characters");
                    }
                });
    }

    /** The real runner's run of three load parts ({@link ResultSamples#threeParts()}), changed by {@code edit}, then checked. */
    private static void checkParts(Consumer<ObjectNode> edit) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(ResultSamples.threeParts());
        edit.accept(tree);
        ResultPlausibility.check(ResultJson.parse(JSON.writeValueAsString(tree)), "udp-echo");
    }

    private static ObjectNode part(ObjectNode tree, int part) {
        return (ObjectNode) repetition(tree).get("parts").get(part);
    }

    private static ObjectNode partRepetition(ObjectNode tree, int part) {
        return (ObjectNode) part(tree, part).get("repetition");
    }

    @Test
    void aRunOfLoadPartsIsBelievedWithEachPartsOwnFigures() throws Exception {
        RunResult parallel =
                ResultJson.parse(new String(ResultSamples.threeParts(), java.nio.charset.StandardCharsets.UTF_8));
        assertThat(parallel.loadParts()).hasSize(3);
        assertThat(parallel.steps().getFirst().repetitions())
                .allSatisfy(r -> assertThat(r.parts()).hasSize(3));
        assertThatCode(() -> checkParts(t -> {})).doesNotThrowAnyException();
    }

    /** A repetition of load parts is their sum: no figure of the whole may be claimed that its parts did not measure. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            parts left out               | steps[0].repetitions[0].parts.length = 0 is not the run's 3 load parts
            parts without loadParts      | steps[0].repetitions[0].parts.length = 3 in a run that names no loadParts
            one load part                | loadParts.length = 1 is not a parallel run: one process names no parts
            65 load parts                | loadParts.length = 65 exceeds 64
            load parts out of order      | loadParts[0].part = 1 is not 0 (parts are listed 0 to N-1 in order)
            a load part that is null     | problem: loadParts[1] is null
            a part out of order          | steps[0].repetitions[0].parts[1].part = 2 is not 1
            a part that is null          | problem: parts[2] is null
            a part without figures       | steps[0].repetitions[0].parts[1].repetition = null is missing
            a part with parts            | steps[0].repetitions[0].parts[0].repetition.parts.length = 1 in a part (parts hold none)
            a count its parts lack       | steps[0].repetitions[0].latency.count = 300 is not the sum of its parts' counts 299
            sent its parts did not send  | steps[0].repetitions[0].sent = 300 is not the sum of its parts' sent 307
            received by no part          | steps[0].repetitions[0].received = 300 is not the sum of its parts' received 307
            64 load parts                | steps[0].repetitions[0].parts.length = 3 is not the run's 64 load parts
            OK over a failed part        | steps[0].repetitions[0].verdict = 'OK' while a load part is not OK
            INCONCLUSIVE over a FAIL     | steps[0].repetitions[0].verdict = 'INCONCLUSIVE' while a part of it FAILed
            a part's absurd rate         | steps[0].repetitions[0].parts[1].repetition.achievedRate = 1.0E300 is not a rate
            a part's file climbing out   | steps[0].repetitions[0].parts[2].repetition.files.hgrm = 'steps/../../site/x.hgrm' is not a path under steps/
            a part's 33 notes            | steps[0].repetitions[0].parts[0].repetition.notes.length = 33 exceeds 32
            a part's silent INCONCLUSIVE | steps[0].repetitions[0].parts[0].repetition.reason = null is missing: an INCONCLUSIVE verdict
            """)
    void aRepetitionOfLoadPartsIsRefusedUnlessItIsTheirSum(String what, String message) {
        Consumer<ObjectNode> edit = switch (what) {
            case "parts left out" -> t -> repetition(t).remove("parts");
            case "parts without loadParts" -> t -> t.remove("loadParts");
            case "one load part" ->
                t -> {
                    ArrayNode parts = (ArrayNode) t.get("loadParts");
                    parts.remove(2);
                    parts.remove(1);
                };
            case "64 load parts" ->
                t -> {
                    ArrayNode parts = (ArrayNode) t.get("loadParts");
                    for (int k = 3; k < 64; k++) {
                        parts.add(((ObjectNode) parts.get(2).deepCopy()).put("part", k));
                    }
                };
            case "65 load parts" ->
                t -> {
                    ArrayNode parts = (ArrayNode) t.get("loadParts");
                    for (int k = 3; k < 65; k++) {
                        parts.add(((ObjectNode) parts.get(2).deepCopy()).put("part", k));
                    }
                };
            case "load parts out of order" ->
                t -> {
                    ArrayNode parts = (ArrayNode) t.get("loadParts");
                    parts.insert(0, parts.remove(1));
                };
            case "a load part that is null" -> t -> ((ArrayNode) t.get("loadParts")).set(1, JSON.nullNode());
            case "a part out of order" -> t -> part(t, 1).put("part", 2);
            case "a part that is null" -> t -> ((ArrayNode) repetition(t).get("parts")).set(2, JSON.nullNode());
            case "a part without figures" -> t -> part(t, 1).remove("repetition");
            case "a part with parts" ->
                t -> partRepetition(t, 0).putArray("parts").add(part(t, 1).deepCopy());
            case "a count its parts lack" ->
                t -> {
                    ObjectNode latency = (ObjectNode) partRepetition(t, 0).get("latency");
                    latency.put("count", latency.get("count").asLong() - 1);
                };
            case "sent its parts did not send" ->
                t -> partRepetition(t, 1)
                        .put("sent", partRepetition(t, 1).get("sent").asLong() + 7);
            case "received by no part" ->
                t -> {
                    ObjectNode r = partRepetition(t, 2);
                    long received = r.get("received").asLong() + 7;
                    r.put("received", received);
                    r.put("achievedRate", received * 1e9 / r.get("windowNanos").asLong());
                };
            case "OK over a failed part" ->
                t -> partRepetition(t, 1).put("verdict", "FAIL").put("reason", "achieved too little");
            case "INCONCLUSIVE over a FAIL" ->
                t -> {
                    partRepetition(t, 1).put("verdict", "FAIL").put("reason", "achieved too little");
                    repetition(t)
                            .put("verdict", "INCONCLUSIVE")
                            .put("reason", "host noise beyond the 1 ms noise budget");
                };
            case "a part's absurd rate" -> t -> partRepetition(t, 1).put("achievedRate", 1e300);
            case "a part's file climbing out" ->
                t -> ((ObjectNode) partRepetition(t, 2).get("files")).put("hgrm", "steps/../../site/x.hgrm");
            case "a part's 33 notes" ->
                t -> {
                    ArrayNode notes = partRepetition(t, 0).putArray("notes");
                    for (int n = 0; n < 33; n++) {
                        notes.add("note " + n);
                    }
                };
            case "a part's silent INCONCLUSIVE" ->
                t -> partRepetition(t, 0).put("verdict", "INCONCLUSIVE").remove("reason");
            default -> throw new IllegalArgumentException(what);
        };
        assertThatThrownBy(() -> checkParts(edit))
                .isInstanceOf(ResultFormatException.class)
                .satisfies(e -> assertThat(e.getMessage())
                        .as("the field named first, or (a null entry the reader refuses) where it is")
                        .matches(m -> m.startsWith(message) || message.startsWith("problem:") && m.contains(message)));
    }
}
