import type { PercentileRow } from '../src/hdr/percentile-rows';

// A reader of the runner's .hgrm tables for the tests alone: they check that the table a user downloads agrees with
// result.json. The site draws its percentile charts from the encoded histograms in result.json (src/hdr/decode.ts).

/** A parsed .hgrm percentile table. The file is in microseconds; rows here are in nanoseconds. */
export interface HgrmTable {
  rows: PercentileRow[];
  mean: number;
  stdDev: number;
  max: number;
  totalCount: number;
}

export class HgrmParseError extends Error {}

const ROW = /^\s*([0-9.]+)\s+([0-9.]+)\s+(\d+)(?:\s+([0-9.]+|Infinity|inf))?\s*$/;
const MEAN = /#\[Mean\s*=\s*([0-9.]+),\s*StdDeviation\s*=\s*([0-9.]+)]/;
const MAX = /#\[Max\s*=\s*([0-9.]+),\s*Total count\s*=\s*(\d+)]/;
const NANOS_PER_MICRO = 1000;

/** Reads what HdrHistogram's outputPercentileDistribution writes (and the plotter reads). */
export function parseHgrm(text: string, unitNanos = NANOS_PER_MICRO): HgrmTable {
  const rows: PercentileRow[] = [];
  let mean = NaN;
  let stdDev = NaN;
  let max = NaN;
  let totalCount = -1;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('Value')) return;
    let m: RegExpMatchArray | null;
    if ((m = ROW.exec(line))) {
      const inverse = m[4] === undefined || m[4] === 'inf' || m[4] === 'Infinity' ? Infinity : Number(m[4]);
      rows.push({ value: Math.round(Number(m[1]) * unitNanos), percentile: Number(m[2]), totalCount: Number(m[3]), inverse });
    } else if ((m = MEAN.exec(line))) {
      mean = Number(m[1]) * unitNanos;
      stdDev = Number(m[2]) * unitNanos;
    } else if ((m = MAX.exec(line))) {
      max = Number(m[1]) * unitNanos;
      totalCount = Number(m[2]);
    } else if (!trimmed.startsWith('#')) {
      throw new HgrmParseError(`line ${i + 1} is not a percentile row: '${trimmed.slice(0, 80)}'`);
    }
  });
  if (totalCount < 0) {
    throw new HgrmParseError("no '#[Max = …, Total count = …]' footer: not an .hgrm file");
  }
  // HdrHistogram writes no rows for an empty histogram (a repetition that FAILed before its window recorded nothing)
  if (rows.length === 0 && totalCount !== 0) {
    throw new HgrmParseError(`no percentile rows but a total count of ${totalCount}: not an .hgrm file`);
  }
  return { rows, mean, stdDev, max, totalCount };
}

/** The value (ns) at a percentile (0..100), as the table's step function gives it; NaN for a table of no samples. */
export function hgrmValueAt(table: HgrmTable, percentile: number): number {
  if (table.rows.length === 0) return NaN;
  const fraction = percentile / 100;
  for (const row of table.rows) {
    if (row.percentile >= fraction) return row.value;
  }
  return table.rows[table.rows.length - 1].value;
}
