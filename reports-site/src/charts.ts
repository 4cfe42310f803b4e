import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { latency } from './format';

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

export interface Line {
  label: string;
  x: number[];
  y: number[];
  dash?: boolean;
  /** points without a line between them (runs shown but not part of the trend) */
  pointsOnly?: boolean;
}

/** Puts lines with their own x values on one shared x axis (uPlot's aligned data), gaps where a line has no point. */
function align(lines: Line[]): uPlot.AlignedData {
  const xs = [...new Set(lines.flatMap((l) => l.x))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const ys = lines.map((l) => {
    const col = new Array<number | null>(xs.length).fill(null);
    l.x.forEach((x, i) => (col[index.get(x)!] = l.y[i]));
    return col;
  });
  return [xs, ...ys] as uPlot.AlignedData;
}

function chart(
  target: HTMLElement,
  title: string,
  lines: Line[],
  xAxis: uPlot.Axis,
  xScale: uPlot.Scale,
  yLog: boolean,
  extra: Partial<uPlot.Options> = {},
): uPlot {
  const width = Math.max(320, Math.min(960, target.clientWidth || 900));
  return new uPlot(
    {
      title,
      width,
      height: 320,
      scales: { x: xScale, y: yLog ? { distr: 3 } : {} },
      axes: [xAxis, { values: (_u, vals) => vals.map((v) => (v == null ? '' : latency(v))), size: 70 }],
      series: [
        {},
        ...lines.map((l, i) => ({
          label: l.label,
          stroke: PALETTE[i % PALETTE.length],
          width: 1.5,
          dash: l.dash ? [6, 4] : undefined,
          spanGaps: true,
          points: l.pointsOnly ? { show: true, size: 7, stroke: PALETTE[i % PALETTE.length], fill: '#fff' } : undefined,
          paths: l.pointsOnly ? () => null : undefined,
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : latency(v)),
        })),
      ],
      legend: { live: true },
      ...extra,
    },
    align(lines),
    target,
  );
}

/** The HdrHistogram plotter's view: latency against percentile on a log 1/(1−p) axis. */
export function percentileChart(target: HTMLElement, title: string, lines: Line[]): uPlot {
  const label = (inverse: number) => {
    const p = 100 - 100 / inverse;
    const nines = Math.round(Math.log10(inverse));
    return `${p.toFixed(Math.max(0, nines - 2))}%`;
  };
  return chart(
    target,
    title,
    lines,
    { label: 'percentile (log 1/(1−p))', values: (_u, vals) => vals.map((v) => (v == null ? '' : label(v))) },
    { time: false, distr: 3 },
    true,
  );
}

/** Latency against the achieved rate: where the knee is. */
export function kneeChart(target: HTMLElement, title: string, lines: Line[]): uPlot {
  return chart(target, title, lines, { label: 'achieved rate (msg/s)' }, { time: false, distr: 3 }, true);
}

/** Per interval of the measured window: p50, p99, max (jitter, GC, host pauses). */
export function timelineChart(target: HTMLElement, title: string, lines: Line[]): uPlot {
  return chart(target, title, lines, { label: 'seconds into the window' }, { time: false }, true);
}

/** Latency over time (x: seconds since the epoch): a series of runs; hooks and plugins as the caller needs (points as links). */
export function timeChart(target: HTMLElement, title: string, lines: Line[], extra: Partial<uPlot.Options>): uPlot {
  return chart(target, title, lines, { label: 'run started (UTC)' }, { time: true }, true, extra);
}
