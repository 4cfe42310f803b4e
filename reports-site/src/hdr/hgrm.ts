import type { PercentileRow } from './percentile-rows';

// HdrHistogram's percentile table (.hgrm), as its outputPercentileDistribution writes it and its plotter reads it: the
// files a reader drops onto a chart (parsed in the browser, never sent anywhere), and the tests' check that the table
// a user downloads agrees with result.json. The site's own charts come from the encoded histograms in result.json.

/** A parsed .hgrm percentile table; rows in nanoseconds. */
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
const QUOTED = 60;

/** A line of the file as a message quotes it: short, since the file may hold anything. */
function quote(line: string): string {
  return line.length > QUOTED ? `${line.slice(0, QUOTED)}…` : line;
}

/**
 * Reads an .hgrm file named `file` (the name goes into every error, with the line). Values are in `unitNanos`
 * nanoseconds each (µs: what isobench writes). Rows must go up in percentile and count, and the footer's total must be
 * the last row's count: a file cut off or pasted together would draw a plausible but wrong line.
 */
export function parseHgrm(text: string, file: string, unitNanos = NANOS_PER_MICRO): HgrmTable {
  const rows: PercentileRow[] = [];
  let mean = NaN;
  let stdDev = NaN;
  let max = NaN;
  let totalCount = -1;
  let footerLine = 0;
  const lines = text.split(/\r?\n/);
  const fail = (lineNo: number, why: string) => new HgrmParseError(`${file}, line ${lineNo}: ${why}`);
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('Value')) return;
    let m: RegExpMatchArray | null;
    if ((m = ROW.exec(line))) {
      const percentile = Number(m[2]);
      const count = Number(m[3]);
      if (!(percentile <= 1)) throw fail(i + 1, `percentile ${m[2]} is outside 0..1`);
      const previous = rows.at(-1);
      if (previous && percentile < previous.percentile) {
        throw fail(i + 1, `percentile ${m[2]} after ${previous.percentile.toFixed(12)}: rows must not go down`);
      }
      if (previous && count < previous.totalCount) {
        throw fail(i + 1, `total count ${count} after ${previous.totalCount}: rows must not go down`);
      }
      // the file's 1/(1−p) column is rounded to 2 decimals; the 12-decimal percentile gives the chart's x exactly
      const inverse = percentile === 1 ? Infinity : 1 / (1 - percentile);
      rows.push({ value: Math.round(Number(m[1]) * unitNanos), percentile, totalCount: count, inverse });
    } else if ((m = MEAN.exec(line))) {
      mean = Number(m[1]) * unitNanos;
      stdDev = Number(m[2]) * unitNanos;
    } else if ((m = MAX.exec(line))) {
      max = Number(m[1]) * unitNanos;
      totalCount = Number(m[2]);
      footerLine = i + 1;
    } else if (!trimmed.startsWith('#')) {
      throw fail(i + 1, `not a percentile row (value percentile count 1/(1-p)): '${quote(trimmed)}'`);
    }
  });
  if (totalCount < 0) {
    const last = text.trimEnd() === '' ? 0 : text.trimEnd().split(/\r?\n/).length;
    throw new HgrmParseError(`${file}: no '#[Max = …, Total count = …]' footer after line ${last}: not an .hgrm file, or a cut-off one`);
  }
  // HdrHistogram writes no rows for an empty histogram (a repetition that FAILed before its window recorded nothing)
  if (rows.length === 0 && totalCount !== 0) {
    throw fail(footerLine, `no percentile rows but a total count of ${totalCount}: not an .hgrm file`);
  }
  const counted = rows.at(-1)?.totalCount ?? 0;
  if (counted !== totalCount) throw fail(footerLine, `total count ${totalCount} but the last row counts ${counted}`);
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
