import { countAtPercentile, type Histogram } from '../hdr/histogram';
import { seededRandom } from './random';

// Bootstrap over repetitions (docs/site-data.md): resample a step's repetitions with replacement, add
// their histograms, take the percentile. Adding is done on cumulative counts over the union of the
// repetitions' buckets, so each resample costs a binary search, not a histogram merge.

export const RESAMPLES = 2000;
export const CONFIDENCE = 0.95;

export interface Interval {
  low: number;
  high: number;
}

/** The repetitions of one step, on a common bucket axis. */
export interface RepetitionSet {
  readonly lows: Float64Array;
  readonly highs: Float64Array;
  /** per repetition, cumulative count up to and including each bucket */
  readonly cumulative: Float64Array[];
  readonly totals: number[];
}

export function repetitionSet(histograms: readonly Histogram[]): RepetitionSet {
  const byLow = new Map<number, number>();
  for (const h of histograms) for (let i = 0; i < h.lows.length; i++) byLow.set(h.lows[i], h.highs[i]);
  const lowsSorted = [...byLow.keys()].sort((a, b) => a - b);
  const lows = Float64Array.from(lowsSorted);
  const highs = Float64Array.from(lowsSorted, (l) => byLow.get(l)!);
  const position = new Map(lowsSorted.map((l, i) => [l, i]));
  const cumulative = histograms.map((h) => {
    const c = new Float64Array(lows.length);
    h.lows.forEach((low, i) => {
      c[position.get(low)!] = h.counts[i];
    });
    let running = 0;
    c.forEach((count, j) => {
      running += count;
      c[j] = running;
    });
    return c;
  });
  return { lows, highs, cumulative, totals: histograms.map((h) => h.total) };
}

/** The percentile of the weighted sum of repetitions (weight = times drawn), HdrHistogram's way. */
export function weightedPercentile(set: RepetitionSet, weights: ArrayLike<number>, percentile: number): number {
  let total = 0;
  for (let r = 0; r < weights.length; r++) total += weights[r] * set.totals[r];
  if (total === 0) return NaN;
  const rank = countAtPercentile(percentile, total);
  let lo = 0;
  let hi = set.lows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    let cumulative = 0;
    for (let r = 0; r < weights.length; r++) if (weights[r] !== 0) cumulative += weights[r] * set.cumulative[r][mid];
    if (cumulative >= rank) hi = mid;
    else lo = mid + 1;
  }
  return percentile === 0 ? set.lows[lo] : set.highs[lo];
}

/** One bootstrap resample: how many times each of `repetitions` is drawn, `repetitions` draws with replacement. */
export function drawWeights(repetitions: number, random: () => number, into: Float64Array): Float64Array {
  into.fill(0);
  for (let i = 0; i < repetitions; i++) into[Math.floor(random() * repetitions)]++;
  return into;
}

/** The central CONFIDENCE interval of a sample (percentile method); values that are not finite are left out. */
export function percentileInterval(sample: ArrayLike<number>, confidence = CONFIDENCE): Interval {
  const sorted = Array.from(sample).filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  return { low: sorted[Math.floor(tail * sorted.length)], high: sorted[Math.ceil((1 - tail) * sorted.length) - 1] };
}

export interface PercentileEstimate {
  percentile: number;
  /** the percentile of all repetitions added together */
  value: number;
  /** null with fewer than two repetitions */
  interval: Interval | null;
}

/** Bootstrap intervals for several percentiles of one step (the same resamples for all of them). */
export function bootstrapPercentiles(histograms: readonly Histogram[], percentiles: readonly number[], seed: number, resamples = RESAMPLES): PercentileEstimate[] {
  const set = repetitionSet(histograms);
  const all = new Float64Array(histograms.length).fill(1);
  const values = percentiles.map((p) => weightedPercentile(set, all, p));
  if (histograms.length < 2) return percentiles.map((p, i) => ({ percentile: p, value: values[i], interval: null }));
  const random = seededRandom(seed);
  const weights = new Float64Array(histograms.length);
  // one draw of the repetitions serves every percentile
  const draws = Array.from({ length: resamples }, () => {
    drawWeights(histograms.length, random, weights);
    return percentiles.map((p) => weightedPercentile(set, weights, p));
  });
  return percentiles.map((p, i) => ({ percentile: p, value: values[i], interval: percentileInterval(draws.map((d) => d[i])) }));
}

export type Verdict = 'faster' | 'slower' | 'not significant';

export interface RatioEstimate {
  percentile: number;
  /** B's percentile over A's, all repetitions added */
  ratio: number;
  interval: Interval | null;
  verdict: Verdict;
  /** why there is no interval, when there is none */
  note: string | null;
}

/**
 * B against A at one step: resample each run's repetitions independently, take the ratio of the
 * percentile. Faster when the whole interval is below 1, slower when above, else not significant.
 */
export function bootstrapRatio(a: readonly Histogram[], b: readonly Histogram[], percentile: number, seed: number, resamples = RESAMPLES): RatioEstimate {
  const setA = repetitionSet(a);
  const setB = repetitionSet(b);
  const ratio = weightedPercentile(setB, new Float64Array(b.length).fill(1), percentile) / weightedPercentile(setA, new Float64Array(a.length).fill(1), percentile);
  if (a.length < 2 || b.length < 2) {
    const few = a.length < 2 ? 'A' : 'B';
    return { percentile, ratio, interval: null, verdict: 'not significant', note: `run ${few} has 1 repetition: no interval` };
  }
  const random = seededRandom(seed);
  const wa = new Float64Array(a.length);
  const wb = new Float64Array(b.length);
  const ratios = Float64Array.from({ length: resamples }, () => {
    const pa = weightedPercentile(setA, drawWeights(a.length, random, wa), percentile);
    const pb = weightedPercentile(setB, drawWeights(b.length, random, wb), percentile);
    return pb / pa;
  });
  const interval = percentileInterval(ratios);
  const verdict: Verdict = interval.high < 1 ? 'faster' : interval.low > 1 ? 'slower' : 'not significant';
  return { percentile, ratio, interval, verdict, note: null };
}
