import tCdf from '@stdlib/stats-base-dists-t-cdf';
import tQuantile from '@stdlib/stats-base-dists-t-quantile';

// The decision rule (docs/compare.md), the site's implementation of it; the other is compare/'s DecisionRule (Java:
// isobench-runner compare, the operator). Both are held to compare/src/test/resources/io/isobench/compare/golden-cases.json.
//  1. Below MIN_REPETITIONS repetitions in A or B: too few repetitions to tell.
//  2. Else Welch's t-test on the logs of the repetitions' values: a ratio, its interval, a p-value.
//  3. Holm over every comparison made between the two runs (each percentile of each step): adjusted p.
//  4. Slower when the adjusted p is at most ALPHA and the ratio at least 1 + threshold; faster when at most 1 / (1 + threshold).

/** The chance of any false alarm over all comparisons of two runs of the same build. */
export const ALPHA = 0.05;
/** Of each comparison's interval. */
export const CONFIDENCE = 0.95;
/** Fewer repetitions than this in either run: too few to tell. */
export const MIN_REPETITIONS = 3;
/** Smaller changes than this are no change: 5 %. */
export const DEFAULT_THRESHOLD = 0.05;

export type Change = 'slower' | 'faster' | 'no change' | 'too few repetitions to tell';

/** One percentile of one step in both runs: each repetition's value (ns). Repetitions are the unit. */
export interface PercentileSample {
  step: string;
  percentile: string;
  a: readonly number[];
  b: readonly number[];
}

export interface PercentileVerdict {
  step: string;
  percentile: string;
  repetitionsA: number;
  repetitionsB: number;
  /** B's geometric mean over A's; absent when a run has no repetition */
  ratio?: number;
  /** the ratio's CONFIDENCE interval, this comparison alone; absent with too few repetitions */
  low?: number;
  high?: number;
  /** two-sided p-value of this comparison alone */
  p?: number;
  /** p adjusted by Holm over every comparison of the two runs */
  pHolm?: number;
  change: Change;
}

export interface WelchResult {
  ratio: number;
  low: number;
  high: number;
  p: number;
}

function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

/** The sample variance of the mean: s² / n. */
function varianceOfMean(values: readonly number[]): number {
  const m = mean(values);
  return (
    values.reduce((s, v) => {
      const d = v - m;
      return s + d * d;
    }, 0) /
    (values.length - 1) /
    values.length
  );
}

function logs(values: readonly number[], run: string): number[] {
  if (values.length < 2) throw new Error(`run ${run} has ${values.length} repetition(s): the test needs at least 2`);
  return values.map((v, i) => {
    if (!(v > 0) || v === Infinity) throw new Error(`run ${run} repetition ${i + 1}: value ${v} is not a positive latency`);
    return Math.log(v);
  });
}

/** Welch's t-test on the logs of B's and A's values: B's geometric mean over A's, its interval, the two-sided p. */
export function welchLogTest(a: readonly number[], b: readonly number[], confidence = CONFIDENCE): WelchResult {
  const la = logs(a, 'A');
  const lb = logs(b, 'B');
  const difference = mean(lb) - mean(la);
  const va = varianceOfMean(la);
  const vb = varianceOfMean(lb);
  const standardError = Math.sqrt(va + vb);
  if (standardError === 0) {
    // every repetition of both runs gave the same value (histogram buckets are discrete): the difference is exact
    const exact = Math.exp(difference);
    return { ratio: exact, low: exact, high: exact, p: difference === 0 ? 1 : 0 };
  }
  const df = (va + vb) ** 2 / (va ** 2 / (la.length - 1) + vb ** 2 / (lb.length - 1));
  const p = 2 * tCdf(-Math.abs(difference / standardError), df);
  const half = tQuantile(1 - (1 - confidence) / 2, df) * standardError;
  return { ratio: Math.exp(difference), low: Math.exp(difference - half), high: Math.exp(difference + half), p };
}

/** Holm's adjusted p-values, in the order given. */
export function holm(p: readonly number[]): number[] {
  const order = p.map((_, i) => i).sort((x, y) => p[x] - p[y]);
  const adjusted: number[] = [];
  let running = 0;
  order.forEach((i, rank) => {
    running = Math.max(running, Math.min(1, (p.length - rank) * p[i]));
    adjusted[i] = running;
  });
  return adjusted;
}

export function change(ratio: number, pHolm: number, threshold: number): Change {
  if (pHolm > ALPHA) return 'no change';
  // symmetric on the log scale: 5 % slower is ×1.05, 5 % faster is ÷1.05
  if (ratio >= 1 + threshold) return 'slower';
  return ratio <= 1 / (1 + threshold) ? 'faster' : 'no change';
}

/** Every sample's verdict, in the order given; the samples together are one family for Holm. */
export function decide(samples: readonly PercentileSample[], threshold = DEFAULT_THRESHOLD): PercentileVerdict[] {
  if (!(threshold >= 0) || threshold === Infinity) throw new Error(`threshold ${threshold} is not a fraction of at least 0`);
  const tests = samples.map((s) => (s.a.length >= MIN_REPETITIONS && s.b.length >= MIN_REPETITIONS ? welchLogTest(s.a, s.b) : null));
  const adjusted = holm(tests.filter((t): t is WelchResult => t !== null).map((t) => t.p));
  let next = 0;
  return samples.map((s, i) => {
    const base = { step: s.step, percentile: s.percentile, repetitionsA: s.a.length, repetitionsB: s.b.length };
    const t = tests[i];
    if (t === null) {
      const few: PercentileVerdict = { ...base, change: 'too few repetitions to tell' };
      // with too few repetitions for a test the ratio is still shown, without an interval
      if (s.a.length && s.b.length) few.ratio = Math.exp(mean(s.b.map(Math.log)) - mean(s.a.map(Math.log)));
      return few;
    }
    const pHolm = adjusted[next++];
    return { ...base, ratio: t.ratio, low: t.low, high: t.high, p: t.p, pHolm, change: change(t.ratio, pHolm, threshold) };
  });
}
