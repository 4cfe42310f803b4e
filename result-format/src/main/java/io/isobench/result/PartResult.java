package io.isobench.result;

/**
 * What one load part measured in one repetition of a parallel run, as that part's runner judged it against its share of
 * the load. The repetition that holds it is the parts added together: histograms merged, counts and rates summed.
 *
 * @param part       0-based index of the load part ({@link LoadPart})
 * @param repetition its own figures, files (under {@code steps/<step>/part-<k>/}), pinning, probes and verdict
 */
public record PartResult(int part, RepetitionResult repetition) {}
