package io.isobench.publisher;

import io.isobench.result.HistogramFiles;
import io.isobench.result.ReadLimits;
import io.isobench.result.ResultFormatException;
import io.isobench.result.RunResult;
import io.isobench.store.ObjectTooLargeException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Collects what of a run the site may show: each {@code .hgrm}/{@code .hlog} file its plausible result.json names
 * ({@link HistogramFiles}) is read once within the caps, checked to be what its name says, and those checked bytes are
 * handed on; nothing else the run holds is read. The operator keeps them under the run's own prefix (outside the
 * attempt prefix runners upload to) and publishes from it; the local publisher publishes them directly.
 */
public final class RunFiles {

    /** Reads a file of the run (path relative to the run) of at most {@code maxBytes}; empty when the run holds none. */
    public interface Source {
        Optional<byte[]> read(String path, long maxBytes) throws IOException;
    }

    /** Receives a checked file. */
    public interface Sink {
        void accept(String path, byte[] content) throws IOException;
    }

    /**
     * @param kept     files checked and handed on
     * @param bytes    their size together
     * @param missing  named files the run does not hold (a symbolic link counts as none), as {@code field = 'path'}
     * @param rejected named files that are not what their name says: path → why
     */
    public record Outcome(int kept, long bytes, List<String> missing, Map<String, String> rejected) {}

    private RunFiles() {}

    /**
     * @throws ObjectTooLargeException a file over {@link ReadLimits#histogramFile()}, or all of them over
     *                                 {@link ReadLimits#runFiles()}; the message names the field, the size and the cap
     */
    public static Outcome collect(RunResult result, Source source, ReadLimits limits, Sink sink) throws IOException {
        int kept = 0;
        long bytes = 0;
        var missing = new ArrayList<String>();
        var rejected = new LinkedHashMap<String, String>();
        for (var named : HistogramFiles.named(result).entrySet()) {
            String path = named.getKey();
            String field = named.getValue() + " = '" + path + "'";
            Optional<byte[]> content;
            try {
                content = source.read(path, limits.histogramFile());
            } catch (ObjectTooLargeException e) {
                throw e.about(field);
            }
            if (content.isEmpty()) {
                missing.add(field);
                continue;
            }
            bytes += content.get().length;
            if (bytes > limits.runFiles()) {
                throw new ObjectTooLargeException(
                        field + ": the histogram files result.json names hold " + bytes
                                + " bytes up to this one, over the cap of " + limits.runFiles() + " bytes for a run",
                        bytes,
                        limits.runFiles());
            }
            try {
                HistogramFiles.check(path, content.get());
            } catch (ResultFormatException e) {
                rejected.put(path, e.getMessage());
                bytes -= content.get().length;
                continue;
            }
            sink.accept(path, content.get());
            kept++;
        }
        return new Outcome(kept, bytes, List.copyOf(missing), Map.copyOf(rejected));
    }
}
