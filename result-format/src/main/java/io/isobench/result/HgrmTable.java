package io.isobench.result;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.AbstractHistogram;

/**
 * A percentile table ({@code .hgrm}) as HdrHistogram's {@code outputPercentileDistribution} writes it and
 * its plotter reads it: values in microseconds, like the seeds' files.
 *
 * @param rows     the distribution: value (µs), percentile (0..1), cumulative count, 1/(1-percentile) (infinite on the last row, which HdrHistogram writes without it)
 * @param mean     mean in µs
 * @param stdDev   standard deviation in µs
 * @param max      maximum in µs
 * @param totalCount number of recorded values
 */
public record HgrmTable(List<Row> rows, double mean, double stdDev, double max, long totalCount) {

    /** Nanoseconds recorded, microseconds written. */
    public static final double NANOS_PER_MICRO = 1000.0;

    public static final int TICKS_PER_HALF_DISTANCE = 5;

    public record Row(double value, double percentile, long totalCount, double inverse) {}

    private static final Pattern ROW =
            Pattern.compile("^\\s*([0-9.]+)\\s+([0-9.]+)\\s+(\\d+)(?:\\s+([0-9.]+|Infinity|inf))?\\s*$");
    private static final Pattern MEAN =
            Pattern.compile("#\\[Mean\\s*=\\s*([0-9.]+),\\s*StdDeviation\\s*=\\s*([0-9.]+)]");
    private static final Pattern MAX = Pattern.compile("#\\[Max\\s*=\\s*([0-9.]+),\\s*Total count\\s*=\\s*(\\d+)]");

    public static String render(AbstractHistogram histogram) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            histogram.outputPercentileDistribution(out, TICKS_PER_HALF_DISTANCE, NANOS_PER_MICRO);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    public static void write(AbstractHistogram histogram, Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, render(histogram), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public static HgrmTable read(Path file) {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public static HgrmTable parse(String text) {
        List<Row> rows = new ArrayList<>();
        double mean = Double.NaN;
        double stdDev = Double.NaN;
        double max = Double.NaN;
        long total = -1;
        int lineNo = 0;
        for (String line : text.split("\\R")) {
            lineNo++;
            if (line.isBlank() || line.trim().startsWith("Value")) {
                continue;
            }
            Matcher m;
            if ((m = ROW.matcher(line)).matches()) {
                String inverse = m.group(4);
                rows.add(new Row(
                        Double.parseDouble(m.group(1)),
                        Double.parseDouble(m.group(2)),
                        Long.parseLong(m.group(3)),
                        inverse == null || inverse.startsWith("inf") || inverse.equals("Infinity")
                                ? Double.POSITIVE_INFINITY
                                : Double.parseDouble(inverse)));
            } else if ((m = MEAN.matcher(line)).find()) {
                mean = Double.parseDouble(m.group(1));
                stdDev = Double.parseDouble(m.group(2));
            } else if ((m = MAX.matcher(line)).find()) {
                max = Double.parseDouble(m.group(1));
                total = Long.parseLong(m.group(2));
            } else if (!line.startsWith("#")) {
                throw new ResultFormatException(
                        "line " + lineNo + " of .hgrm is not a percentile row: '" + line.strip() + "'");
            }
        }
        if (total < 0) {
            throw new ResultFormatException(".hgrm has no '#[Max = …, Total count = …]' footer");
        }
        // HdrHistogram writes no rows for an empty histogram (a repetition that FAILed before its window recorded
        // nothing)
        if (rows.isEmpty() && total != 0) {
            throw new ResultFormatException(".hgrm has no percentile rows but a total count of " + total);
        }
        return new HgrmTable(List.copyOf(rows), mean, stdDev, max, total);
    }

    /** The value (µs) at a percentile (0..100), as the table's step function gives it; NaN for a table of no samples. */
    public double valueAt(double percentile) {
        if (rows.isEmpty()) {
            return Double.NaN;
        }
        double fraction = percentile / 100.0;
        for (Row row : rows) {
            if (row.percentile() >= fraction) {
                return row.value();
            }
        }
        return rows.getLast().value();
    }
}
