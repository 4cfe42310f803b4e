package io.isobench.result;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a well-formed result.json must also satisfy to be believed: figures a real run can produce and that agree
 * with each other. A result comes from a pod the operator does not control, so a corrupt or hostile upload is
 * refused with the field and its value named, instead of landing in status or on the site. The files it names must be
 * {@code .hgrm}/{@code .hlog} paths under {@code steps/} ({@link HistogramFiles}): nothing else of a run is ever published.
 */
public final class ResultPlausibility {

    /** More steps than any sweep has; also bounds the status the steps become (etcd objects are ≤ 1.5 MiB). */
    public static final int MAX_STEPS = 500;
    /** Strings shown in status and on the site. */
    public static final int MAX_TEXT = 4_096;
    /** Faster than any transport this measures by two orders of magnitude. */
    public static final double MAX_RATE = 1e9;
    /** Notes or reruns of one repetition: the runner writes a few (its reruns are at most 10). */
    public static final int MAX_NOTES = 32;
    /** Load parts of one run: the operator's {@code load.parallelism} bound. */
    public static final int MAX_PARTS = 64;

    private static final Pattern STEP_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");
    private static final String[] PERCENTILES = {
        "min", "p50", "p66", "p75", "p80", "p90", "p95", "p98", "p99", "p99_9", "p99_99", "p99_999", "max"
    };

    private ResultPlausibility() {}

    /**
     * @param expectedTarget the target the run asked for, or null when any target is fine
     * @throws ResultFormatException naming the first implausible field and its value
     */
    public static void check(RunResult result, String expectedTarget) {
        if (result.target() == null || result.target().isBlank()) {
            throw bad("target", result.target(), "is missing");
        }
        if (expectedTarget != null && !expectedTarget.equals(result.target())) {
            throw bad("target", result.target(), "is not the run's target " + expectedTarget);
        }
        text("reason", result.reason());
        List<StepResult> steps = result.steps();
        if (steps == null || steps.isEmpty()) {
            throw bad("steps", steps, "holds no step");
        }
        if (steps.size() > MAX_STEPS) {
            throw bad("steps.length", steps.size(), "exceeds " + MAX_STEPS);
        }
        int parts = loadParts(result.loadParts());
        for (int i = 0; i < steps.size(); i++) {
            step("steps[" + i + "]", steps.get(i), parts);
        }
        if (result.verdict() == Verdict.OK && steps.stream().anyMatch(s -> s.verdict() != Verdict.OK)) {
            throw bad("verdict", "OK", "while a step is not OK");
        }
        inconclusive(
                "",
                result.verdict(),
                result.reason(),
                steps.stream().map(StepResult::verdict).toList());
    }

    /** The load parts a parallel run names, 0 to N-1 in order; returns N (0 for a run of one process). */
    private static int loadParts(List<LoadPart> parts) {
        if (parts.size() > MAX_PARTS) {
            throw bad("loadParts.length", parts.size(), "exceeds " + MAX_PARTS);
        }
        if (parts.size() == 1) {
            throw bad("loadParts.length", 1, "is not a parallel run: one process names no parts");
        }
        for (int p = 0; p < parts.size(); p++) {
            if (parts.get(p) == null || parts.get(p).part() != p) {
                throw bad(
                        "loadParts[" + p + "].part",
                        parts.get(p) == null ? null : parts.get(p).part(),
                        "is not " + p + " (parts are listed 0 to N-1 in order)");
            }
        }
        return parts.size();
    }

    private static void step(String at, StepResult s, int parts) {
        if (s.id() == null || !STEP_ID.matcher(s.id()).matches()) {
            throw bad(at + ".id", s.id(), "is not a path-safe step id ([A-Za-z0-9._-], ≤ 200 characters)");
        }
        text(at + ".label", s.label());
        text(at + ".variant", s.variant());
        text(at + ".reason", s.reason());
        if (s.merged() == null || s.merged().latency() == null) {
            throw bad(at + ".merged.latency", null, "is missing");
        }
        latency(at + ".merged.latency", s.merged().latency());
        files(at + ".merged.files", s.merged().files());
        List<RepetitionResult> reps = s.repetitions() == null ? List.of() : s.repetitions();
        long counted = 0;
        for (int r = 0; r < reps.size(); r++) {
            counted += repetition(at + ".repetitions[" + r + "]", reps.get(r));
            inconclusive(
                    at + ".repetitions[" + r + "]",
                    reps.get(r).verdict(),
                    reps.get(r).reason(),
                    List.of());
            notesAndReruns(at + ".repetitions[" + r + "]", reps.get(r));
            parts(at + ".repetitions[" + r + "]", reps.get(r), parts);
        }
        if (!reps.isEmpty() && counted != s.merged().latency().count()) {
            throw bad(
                    at + ".merged.latency.count",
                    s.merged().latency().count(),
                    "is not the sum of its repetitions' counts " + counted + " (the merge adds histograms)");
        }
        if (s.verdict() == Verdict.OK && reps.stream().anyMatch(r -> r.verdict() != Verdict.OK)) {
            throw bad(at + ".verdict", "OK", "while a repetition is not OK");
        }
        inconclusive(
                at,
                s.verdict(),
                s.reason(),
                reps.stream().map(RepetitionResult::verdict).toList());
    }

    /**
     * A repetition of a parallel run is its parts added together: every part listed once, in order, each plausible on its
     * own, and the sums theirs — so no figure of the whole can be claimed that its parts did not measure.
     */
    private static void parts(String at, RepetitionResult r, int expected) {
        List<PartResult> parts = r.parts();
        if (parts.size() != expected && !(expected == 0 && parts.isEmpty())) {
            throw bad(
                    at + ".parts.length",
                    parts.size(),
                    expected == 0
                            ? "in a run that names no loadParts"
                            : "is not the run's " + expected + " load parts");
        }
        if (parts.isEmpty()) {
            return;
        }
        long count = 0;
        long sent = 0;
        long received = 0;
        for (int p = 0; p < parts.size(); p++) {
            String partAt = at + ".parts[" + p + "]";
            PartResult part = parts.get(p);
            if (part == null || part.part() != p) {
                throw bad(partAt + ".part", part == null ? null : part.part(), "is not " + p);
            }
            RepetitionResult measured = part.repetition();
            if (measured == null) {
                throw bad(partAt + ".repetition", null, "is missing");
            }
            if (!measured.parts().isEmpty()) {
                throw bad(partAt + ".repetition.parts.length", measured.parts().size(), "in a part (parts hold none)");
            }
            count += repetition(partAt + ".repetition", measured);
            inconclusive(partAt + ".repetition", measured.verdict(), measured.reason(), List.of());
            notesAndReruns(partAt + ".repetition", measured);
            sent += measured.sent();
            received += measured.received();
        }
        if (r.latency().count() != count) {
            throw bad(
                    at + ".latency.count",
                    r.latency().count(),
                    "is not the sum of its parts' counts " + count + " (the parts' histograms are added)");
        }
        if (r.sent() != sent) {
            throw bad(at + ".sent", r.sent(), "is not the sum of its parts' sent " + sent);
        }
        if (r.received() != received) {
            throw bad(at + ".received", r.received(), "is not the sum of its parts' received " + received);
        }
        if (r.verdict() == Verdict.OK
                && parts.stream().anyMatch(p -> p.repetition().verdict() != Verdict.OK)) {
            throw bad(at + ".verdict", "OK", "while a load part is not OK");
        }
        inconclusive(
                at,
                r.verdict(),
                r.reason(),
                parts.stream().map(p -> p.repetition().verdict()).toList());
    }

    /** An INCONCLUSIVE verdict names the host noise behind it, and never hides a FAIL among its parts. */
    private static void inconclusive(String at, Verdict verdict, String reason, List<Verdict> parts) {
        String prefix = at.isEmpty() ? "" : at + ".";
        if (verdict == Verdict.INCONCLUSIVE && (reason == null || reason.isBlank())) {
            throw bad(prefix + "reason", reason, "is missing: an INCONCLUSIVE verdict names the noise that made it so");
        }
        if (verdict == Verdict.INCONCLUSIVE && parts.contains(Verdict.FAIL)) {
            throw bad(prefix + "verdict", "INCONCLUSIVE", "while a part of it FAILed (FAIL beats INCONCLUSIVE)");
        }
    }

    private static long repetition(String at, RepetitionResult r) {
        if (r.latency() == null) {
            throw bad(at + ".latency", null, "is missing");
        }
        latency(at + ".latency", r.latency());
        text(at + ".reason", r.reason());
        files(at + ".files", r.files());
        if (r.windowNanos() == 0 && r.verdict() == Verdict.FAIL) {
            nothingMeasured(at, r);
            return 0;
        }
        if (r.windowNanos() <= 0) {
            throw bad(
                    at + ".windowNanos",
                    r.windowNanos(),
                    "is not a positive window; only a FAIL repetition that never reached its"
                            + " measured window has none");
        }
        if (r.sent() < 0 || r.received() < 0) {
            throw bad(at + (r.sent() < 0 ? ".sent" : ".received"), Math.min(r.sent(), r.received()), "is negative");
        }
        double rate = r.achievedRate();
        if (!Double.isFinite(rate) || rate < 0 || rate > MAX_RATE) {
            throw bad(at + ".achievedRate", rate, "is not a rate between 0 and " + (long) MAX_RATE + " per second");
        }
        // the runner defines it as received per second of the measured window: a result that disagrees was not computed
        double expected = r.received() * 1e9 / r.windowNanos();
        if (Math.abs(rate - expected) > Math.max(1, expected * 0.01)) {
            throw bad(
                    at + ".achievedRate",
                    rate,
                    "disagrees with received " + r.received() + " in a " + r.windowNanos() + " ns window ("
                            + Math.round(expected) + "/s)");
        }
        return r.latency().count();
    }

    /**
     * A FAIL before the measured window opened (the target refused to start, the sender never got there) is a result: the
     * runner's reason is what it says. Having measured nothing, it carries no figures; any it does carry are refused, so a
     * FAIL is no way to put numbers past the checks above.
     */
    private static void nothingMeasured(String at, RepetitionResult r) {
        if (r.reason() == null || r.reason().isBlank()) {
            throw bad(
                    at + ".reason",
                    r.reason(),
                    "is missing: a FAIL repetition that never reached its measured window says why");
        }
        String why = "with no measured window";
        if (r.sent() != 0) {
            throw bad(at + ".sent", r.sent(), why);
        }
        if (r.received() != 0) {
            throw bad(at + ".received", r.received(), why);
        }
        if (r.achievedRate() != 0) {
            throw bad(at + ".achievedRate", r.achievedRate(), why);
        }
        if (r.latency().count() != 0) {
            throw bad(at + ".latency.count", r.latency().count(), why);
        }
        if (r.generator() != null) {
            throw bad(at + ".generator", r.generator(), why);
        }
        if (r.histogram() != null) {
            long samples;
            try {
                samples = Histograms.fromBase64(r.histogram()).getTotalCount();
            } catch (ResultFormatException e) {
                throw bad(
                        at + ".histogram", r.histogram(), "is not a histogram of isobench's shape: " + e.getMessage());
            }
            if (samples != 0) {
                throw new ResultFormatException(at + ".histogram holds " + samples + " samples " + why);
            }
        }
    }

    /** Named files become object keys and site paths: only histogram files under steps/ (HistogramFiles). */
    private static void files(String at, ArtifactFiles files) {
        if (files != null) {
            if (files.hgrm() != null) {
                HistogramFiles.requirePath(at + "." + HistogramFiles.HGRM, files.hgrm(), HistogramFiles.HGRM);
            }
            if (files.hlog() != null) {
                HistogramFiles.requirePath(at + "." + HistogramFiles.HLOG, files.hlog(), HistogramFiles.HLOG);
            }
        }
    }

    private static void latency(String at, LatencySummary l) {
        long[] values = {
            l.min(),
            l.p50(),
            l.p66(),
            l.p75(),
            l.p80(),
            l.p90(),
            l.p95(),
            l.p98(),
            l.p99(),
            l.p99_9(),
            l.p99_99(),
            l.p99_999(),
            l.max()
        };
        if (l.count() < 0) {
            throw bad(at + ".count", l.count(), "is negative");
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0) {
                throw bad(at + "." + PERCENTILES[i], values[i], "is negative");
            }
            if (values[i] > Histograms.HIGHEST_NANOS) {
                throw bad(
                        at + "." + PERCENTILES[i],
                        values[i],
                        "exceeds the histograms' highest trackable value " + Histograms.HIGHEST_NANOS + " ns");
            }
            if (i > 0 && values[i] < values[i - 1]) {
                throw bad(
                        at + "." + PERCENTILES[i],
                        values[i],
                        "is below " + PERCENTILES[i - 1] + " = " + values[i - 1] + " (percentiles never decrease)");
            }
        }
        // no samples, no figures: the runner writes LatencySummary.EMPTY (percentiles never decrease, so max speaks for
        // them)
        if (l.count() == 0 && l.max() != 0) {
            throw bad(at + ".max", l.max(), "with no samples");
        }
        if (l.count() == 0 && l.mean() != 0) {
            throw bad(at + ".mean", l.mean(), "with no samples");
        }
        if (l.count() == 0 && l.stddev() != 0) {
            throw bad(at + ".stddev", l.stddev(), "with no samples");
        }
        // with no samples everything is 0 by now, which is within its own min … max
        if (!Double.isFinite(l.mean()) || l.mean() < l.min() * 0.999 || l.mean() > l.max() * 1.001 + 1) {
            throw bad(at + ".mean", l.mean(), "is outside min " + l.min() + " … max " + l.max());
        }
        if (!Double.isFinite(l.stddev()) || l.stddev() < 0) {
            throw bad(at + ".stddev", l.stddev(), "is not a standard deviation");
        }
    }

    /** The notes and reruns a repetition carries are shown on the site: bounded like every other text. */
    private static void notesAndReruns(String at, RepetitionResult r) {
        if (r.notes().size() > MAX_NOTES) {
            throw bad(at + ".notes.length", r.notes().size(), "exceeds " + MAX_NOTES);
        }
        if (r.reruns().size() > MAX_NOTES) {
            throw bad(at + ".reruns.length", r.reruns().size(), "exceeds " + MAX_NOTES);
        }
        for (int i = 0; i < r.notes().size(); i++) {
            text(at + ".notes[" + i + "]", r.notes().get(i));
        }
        for (int i = 0; i < r.reruns().size(); i++) {
            text(at + ".reruns[" + i + "].reason", r.reruns().get(i).reason());
        }
    }

    private static void text(String at, String value) {
        if (value != null && value.length() > MAX_TEXT) {
            throw bad(at + ".length", value.length(), "exceeds " + MAX_TEXT);
        }
    }

    private static ResultFormatException bad(String field, Object value, String why) {
        String shown = Objects.toString(value);
        if (shown.length() > 80) {
            shown = shown.substring(0, 77) + "…";
        }
        return new ResultFormatException(
                field + " = " + (value instanceof String ? "'" + shown + "'" : shown) + " " + why);
    }
}
