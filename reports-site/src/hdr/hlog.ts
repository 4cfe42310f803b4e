import { decodeHistogram } from './decode';
import type { Histogram } from './histogram';

/** One interval of an .hlog (HistogramLogWriter) file. */
export interface HlogInterval {
  /** seconds since the log's start time */
  startSec: number;
  lengthSec: number;
  /** the writer's own max column (its unit is the writer's max-value ratio: ms for ns values) */
  maxColumn: number;
  tag: string | null;
  histogram: Histogram;
}

export interface Hlog {
  /** seconds since the epoch, when the log says */
  startTimeSec: number | null;
  intervals: HlogInterval[];
}

export class HlogParseError extends Error {}

const START_TIME = /^#\[StartTime:\s*([0-9.eE+-]+)/;
const BASE_TIME = /^#\[BaseTime:\s*([0-9.eE+-]+)/;
const NUMBER = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * Reads a Java HistogramLogWriter log: comment and legend lines, then one
 * `[Tag=…,]start,length,max,HISTF…` line per interval. A bad line fails the whole file with its number:
 * a partly readable log would draw a misleading timeline.
 */
export function parseHlog(text: string): Hlog {
  let startTimeSec: number | null = null;
  let baseTimeSec: number | null = null;
  const intervals: HlogInterval[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    let m: RegExpMatchArray | null;
    if ((m = START_TIME.exec(line))) {
      startTimeSec = Number(m[1]);
      continue;
    }
    if ((m = BASE_TIME.exec(line))) {
      baseTimeSec = Number(m[1]);
      continue;
    }
    if (line.startsWith('#') || line.startsWith('"StartTimestamp"') || line.startsWith('StartTimestamp')) continue;
    intervals.push(parseIntervalLine(line, i + 1));
  }
  if (intervals.length === 0) {
    throw new HlogParseError('no interval lines: not an .hlog file, or an empty one');
  }
  const origin = timestampOrigin(intervals[0].startSec, startTimeSec, baseTimeSec);
  for (const interval of intervals) interval.startSec = interval.startSec + (baseTimeSec ?? 0) - origin;
  return { startTimeSec, intervals };
}

/**
 * Timestamps are relative to a BaseTime when the log names one, else absolute (epoch seconds) or already
 * relative to the start, as HistogramLogReader reads them. The timeline wants seconds since the start.
 */
function timestampOrigin(firstTimestamp: number, startTimeSec: number | null, baseTimeSec: number | null): number {
  if (baseTimeSec !== null) return startTimeSec ?? baseTimeSec;
  const absolute = firstTimestamp > 1e8;
  return absolute ? (startTimeSec ?? firstTimestamp) : 0;
}

function parseIntervalLine(line: string, lineNo: number): HlogInterval {
  const fields = line.split(',');
  let tag: string | null = null;
  if (fields[0].startsWith('Tag=')) {
    tag = fields.shift()!.slice(4);
  }
  if (fields.length !== 4 || !NUMBER.test(fields[0]) || !NUMBER.test(fields[1]) || !NUMBER.test(fields[2])) {
    throw new HlogParseError(`line ${lineNo} is not an interval line (start,length,max,histogram): '${line.slice(0, 60)}'`);
  }
  let histogram: Histogram;
  try {
    histogram = decodeHistogram(fields[3]);
  } catch (e) {
    throw new HlogParseError(`line ${lineNo}: ${(e as Error).message}`);
  }
  return {
    startSec: Number(fields[0]),
    lengthSec: Number(fields[1]),
    maxColumn: Number(fields[2]),
    tag,
    histogram,
  };
}
