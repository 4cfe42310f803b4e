import type { Histogram } from './histogram';

/** One row of a percentile distribution, as an .hgrm file holds it (value in ns here). */
export interface PercentileRow {
  value: number;
  /** 0..1 */
  percentile: number;
  totalCount: number;
  /** 1/(1−percentile): the plotter's x axis; Infinity on the last (100%) row */
  inverse: number;
}

/** HdrHistogram's .hgrm resolution: the plotter's files use 5 ticks per half distance. */
export const TICKS_PER_HALF_DISTANCE = 5;

function nextLevel(level: number, ticksPerHalfDistance: number): number {
  const halvings = Math.trunc(Math.log(100 / (100 - level)) / Math.log(2));
  return level + 100 / (ticksPerHalfDistance * Math.pow(2, halvings + 1));
}

/**
 * The rows Java's outputPercentileDistribution writes (its PercentileIterator): percentile levels that
 * get denser towards 100%, each reported at the first bucket reaching it, and a final 100% row.
 */
export function percentileRows(h: Histogram, ticksPerHalfDistance = TICKS_PER_HALF_DISTANCE): PercentileRow[] {
  const rows: PercentileRow[] = [];
  if (h.total === 0) return rows;
  const row = (value: number, level: number, totalCount: number): PercentileRow => ({
    value,
    percentile: level / 100,
    totalCount,
    inverse: level === 100 ? Infinity : 1 / (1 - level / 100),
  });
  let level = 0;
  let cumulative = 0;
  for (let i = 0; i < h.counts.length; i++) {
    cumulative += h.counts[i];
    const reached = (100 * cumulative) / h.total;
    const last = cumulative >= h.total;
    while (reached >= level) {
      rows.push(row(h.highs[i], level, cumulative));
      level = nextLevel(level, ticksPerHalfDistance);
      if (last) break;
    }
    if (last) {
      rows.push(row(h.highs[i], 100, cumulative));
      break;
    }
  }
  return rows;
}

/**
 * Points for the log 1/(1−p) chart. The plotter drops the 100% row (its x is infinite); the site keeps
 * the max visible by placing it at 1/(1−(N−½)/N) = 2N, just past the last finite row.
 */
export function percentileCurve(rows: readonly PercentileRow[]): { x: number[]; y: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  for (const r of rows) {
    const inverse = Number.isFinite(r.inverse) ? r.inverse : Math.max(2 * r.totalCount, x.length ? x[x.length - 1] * 2 : 2);
    if (x.length && inverse <= x[x.length - 1]) {
      y[y.length - 1] = Math.max(y[y.length - 1], r.value);
      continue;
    }
    x.push(inverse);
    y.push(r.value);
  }
  return { x, y };
}
