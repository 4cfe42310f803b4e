package io.isobench.result;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The histogram files a result.json names, and whether bytes are what such a name says: the only files of a run that
 * are ever published. A name is a path under {@code steps/} of safe segments ending {@code .hgrm} or {@code .hlog} as
 * its field says; content is UTF-8 text that parses as a percentile table or as an interval log of isobench's
 * histograms (shape checked before a histogram is allocated, so a few bytes cannot ask for a huge one).
 */
public final class HistogramFiles {

    public static final String HGRM = "hgrm";
    public static final String HLOG = "hlog";

    private static final Pattern PATH = Pattern.compile(RunLayout.STEPS_DIR + "(/[A-Za-z0-9_-][A-Za-z0-9._-]*)+");
    private static final int MAX_PATH = 1024;
    /** As HistogramLogWriter writes an interval: [Tag=…,]start,length,max,compressed histogram in base64. */
    private static final String NUMBER = "[0-9]+(?:\\.[0-9]+)?";

    private static final Pattern INTERVAL =
            Pattern.compile("(?:Tag=[^,]*,)?-?" + NUMBER + "," + NUMBER + "," + NUMBER + ",([A-Za-z0-9+/]+={0,2})");
    private static final String LEGEND = "\"StartTimestamp\"";

    private HistogramFiles() {}

    /** Every histogram file the result names, in order, each with the first field that names it. */
    public static Map<String, String> named(RunResult result) {
        var named = new LinkedHashMap<String, String>();
        List<StepResult> steps = result.steps() == null ? List.of() : result.steps();
        for (int i = 0; i < steps.size(); i++) {
            StepResult step = steps.get(i);
            List<RepetitionResult> reps = step.repetitions() == null ? List.of() : step.repetitions();
            for (int r = 0; r < reps.size(); r++) {
                String at = "steps[" + i + "].repetitions[" + r + "]";
                add(named, at + ".files", reps.get(r).files());
                List<PartResult> parts = reps.get(r).parts();
                for (int p = 0; p < parts.size(); p++) {
                    RepetitionResult part =
                            parts.get(p) == null ? null : parts.get(p).repetition();
                    add(named, at + ".parts[" + p + "].repetition.files", part == null ? null : part.files());
                }
            }
            add(
                    named,
                    "steps[" + i + "].merged.files",
                    step.merged() == null ? null : step.merged().files());
        }
        return named;
    }

    private static void add(Map<String, String> named, String field, ArtifactFiles files) {
        if (files != null) {
            if (files.hgrm() != null) {
                named.putIfAbsent(files.hgrm(), field + "." + HGRM);
            }
            if (files.hlog() != null) {
                named.putIfAbsent(files.hlog(), field + "." + HLOG);
            }
        }
    }

    /** Throws naming {@code field} and the value unless {@code path} is a safe path under steps/ ending {@code .<extension>}. */
    public static void requirePath(String field, String path, String extension) {
        if (path.length() > MAX_PATH || !PATH.matcher(path).matches() || !path.endsWith("." + extension)) {
            throw new ResultFormatException(field + " = '" + abbreviate(path) + "' is not a path under "
                    + RunLayout.STEPS_DIR + "/ of [A-Za-z0-9._-] segments (no '.' or '..') ending ." + extension);
        }
    }

    /** Throws, naming the path and the first thing wrong, unless {@code content} is a valid file of the kind its name says. */
    public static void check(String path, byte[] content) {
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ResultFormatException(path + " is not UTF-8 text");
        }
        try {
            if (path.endsWith("." + HGRM)) {
                HgrmTable.parse(text);
            } else if (path.endsWith("." + HLOG)) {
                checkIntervalLog(text);
            } else {
                throw new ResultFormatException("is neither ." + HGRM + " nor ." + HLOG);
            }
        } catch (ResultFormatException e) {
            throw new ResultFormatException(path + ": " + e.getMessage(), e);
        }
    }

    private static void checkIntervalLog(String text) {
        int lineNo = 0;
        for (String line : text.split("\\R")) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#") || line.startsWith(LEGEND)) {
                continue;
            }
            Matcher m = INTERVAL.matcher(line);
            if (!m.matches()) {
                throw new ResultFormatException(
                        "line " + lineNo + " of .hlog is not an interval: '" + abbreviate(line) + "'");
            }
            try {
                Histograms.fromBase64(m.group(1));
            } catch (ResultFormatException e) {
                throw new ResultFormatException("line " + lineNo + " of .hlog: " + e.getMessage(), e);
            }
        }
    }

    private static String abbreviate(String value) {
        String printable = CharBuffer.wrap(value)
                .chars()
                .mapToObj(c -> Character.isISOControl(c) ? "?" : Character.toString(c))
                .reduce(new StringBuilder(), StringBuilder::append, StringBuilder::append)
                .toString();
        return printable.length() <= 80 ? printable : printable.substring(0, 77) + "…";
    }
}
