package io.isobench.result;

/**
 * All repetitions of a step merged losslessly: histograms added, never percentiles averaged.
 *
 * @param latency   percentiles of the merged histogram
 * @param histogram the merged histogram, HdrHistogram compressed encoding, base64
 * @param files     the merged percentile table ({@code hgrm}); {@code hlog} is null
 */
public record MergedResult(LatencySummary latency, String histogram, ArtifactFiles files) {}
