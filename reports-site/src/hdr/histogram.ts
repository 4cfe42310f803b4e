// A latency histogram as the site uses it: only the non-empty HdrHistogram buckets, ascending.
// Histograms of one shape (same lowest value and significant digits, as every isobench histogram)
// share bucket boundaries, so merging is adding counts per bucket: lossless, never an average.

export interface Histogram {
  /** lowest equivalent value of each non-empty bucket (ns), ascending */
  readonly lows: Float64Array;
  /** highest equivalent value of each bucket: what HdrHistogram reports for a percentile */
  readonly highs: Float64Array;
  readonly counts: Float64Array;
  readonly total: number;
}

export function histogramOf(buckets: Array<[low: number, high: number, count: number]>): Histogram {
  const sorted = [...buckets].filter((b) => b[2] > 0).sort((a, b) => a[0] - b[0]);
  const lows = new Float64Array(sorted.length);
  const highs = new Float64Array(sorted.length);
  const counts = new Float64Array(sorted.length);
  let total = 0;
  sorted.forEach(([low, high, count], i) => {
    lows[i] = low;
    highs[i] = high;
    counts[i] = count;
    total += count;
  });
  return { lows, highs, counts, total };
}

/** Adds histograms bucket by bucket (k-way merge on the bucket's lowest value). */
export function mergeHistograms(histograms: readonly Histogram[]): Histogram {
  if (histograms.length === 1) return histograms[0];
  const byLow = new Map<number, [number, number, number]>();
  for (const h of histograms) {
    for (let i = 0; i < h.lows.length; i++) {
      const bucket = byLow.get(h.lows[i]);
      if (bucket) bucket[2] += h.counts[i];
      else byLow.set(h.lows[i], [h.lows[i], h.highs[i], h.counts[i]]);
    }
  }
  return histogramOf([...byLow.values()]);
}

/** The largest double below x (Java's Math.nextAfter(x, -∞)) for finite positive x; 0 stays 0. */
export function nextDown(x: number): number {
  if (x <= 0 || !Number.isFinite(x)) return x;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

/** The rank HdrHistogram 2.2 walks to for a percentile (0..100): ceil of a one-ulp-lowered fraction. */
export function countAtPercentile(percentile: number, total: number): number {
  const requested = Math.min(Math.max(nextDown(percentile), 0), 100);
  return Math.max(Math.ceil((requested / 100) * total), 1);
}

/** HdrHistogram's getValueAtPercentile: the highest equivalent value of the bucket reaching the rank. */
export function valueAtPercentile(h: Histogram, percentile: number): number {
  if (h.total === 0) return 0;
  const rank = countAtPercentile(percentile, h.total);
  let cumulative = 0;
  for (let i = 0; i < h.counts.length; i++) {
    cumulative += h.counts[i];
    if (cumulative >= rank) return percentile === 0 ? h.lows[i] : h.highs[i];
  }
  return h.highs[h.highs.length - 1];
}

export function maxOf(h: Histogram): number {
  return h.total === 0 ? 0 : h.highs[h.highs.length - 1];
}
