import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { latency } from './format';

// Okabe and Ito's colours, told apart with the common colour blindnesses (their yellow left out: unreadable on white)
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#8c564b', '#7f7f7f', '#bcbd22'];

/** Dash patterns (canvas and SVG) with the CSS border style a legend marker can show for each: lines apart in grey too. */
const DASHES: ReadonlyArray<{ dash: number[] | undefined; border: string }> = [
  { dash: undefined, border: 'solid' },
  { dash: [8, 4], border: 'dashed' },
  { dash: [2, 3], border: 'dotted' },
  { dash: [12, 3, 3, 3], border: 'double' },
];

export interface LineStyle {
  stroke: string;
  dash: number[] | undefined;
}

/** The i-th line's colour (one of ten) and dash (one of four): neighbouring lines differ in both, so in grey too. */
export function lineStyle(i: number): LineStyle {
  return { stroke: PALETTE[i % PALETTE.length], dash: DASHES[i % DASHES.length].dash };
}

export interface Line {
  label: string;
  x: number[];
  y: number[];
  /** true: the one dash of a knee chart's p99; a pattern: given by lineStyle */
  dash?: boolean | number[];
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
  const dashOf = (l: Line) => (Array.isArray(l.dash) ? l.dash : l.dash ? [6, 4] : undefined);
  // a marker is a CSS border: the style of the pattern the line is drawn with (any other pattern shows as dashed)
  const border = (l: Line | undefined) => {
    const dash = l && dashOf(l);
    return dash ? (DASHES.find((d) => String(d.dash) === String(dash))?.border ?? 'dashed') : 'solid';
  };
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
          stroke: lineStyle(i).stroke,
          width: 1.5,
          dash: dashOf(l),
          spanGaps: true,
          points: l.pointsOnly ? { show: true, size: 7, stroke: lineStyle(i).stroke, fill: '#fff' } : undefined,
          paths: l.pointsOnly ? () => null : undefined,
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : latency(v)),
        })),
      ],
      // the legend's marker shows each line's dash as well as its colour
      legend: { live: true, markers: { width: 3, dash: (_u: uPlot, i: number) => border(lines[i - 1]) } },
      ...extra,
    },
    align(lines),
    target,
  );
}

/** A tick of the plotter's x axis: 1/(1−p) written as the percentile (10 → 90%, 1000 → 99.9%). */
export function percentileLabel(inverse: number): string {
  const p = 100 - 100 / inverse;
  const nines = Math.round(Math.log10(inverse));
  return `${p.toFixed(Math.max(0, nines - 2))}%`;
}

export const PERCENTILE_AXIS = 'percentile (log 1/(1−p))';

/**
 * The HdrHistogram plotter's view: latency against percentile on a log 1/(1−p) axis. Lines are styled by lineStyle
 * (colour and dash each), so several variants on one chart stay apart in the legend, in grey and for colour-blind readers.
 */
export function percentileChart(target: HTMLElement, title: string, lines: Line[]): uPlot {
  const styled = lines.map((l, i) => ({ ...l, dash: lineStyle(i).dash ?? false }));
  return chart(
    target,
    title,
    styled,
    { label: PERCENTILE_AXIS, values: (_u, vals) => vals.map((v) => (v == null ? '' : percentileLabel(v))) },
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
