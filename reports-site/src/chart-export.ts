import { lineStyle, percentileLabel, PERCENTILE_AXIS, type Line } from './charts';
import { latency } from './format';

// A percentile chart as a file to keep: an SVG drawn from the lines themselves (not a copy of the canvas), whole in
// itself — its styles, axes and legend inside, nothing it links to — and a PNG rendered from that SVG. Labels are
// text nodes (a dropped file's name is the reader's own, a variant's name the run author's): nothing becomes markup.

const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 960;
const PLOT = { left: 80, top: 40, width: 860, height: 320 };
const LEGEND_ROW = 18;
const STYLE =
  'text{font:12px system-ui,sans-serif;fill:#1b1f24}.title{font-size:14px;font-weight:600}' +
  '.grid{stroke:#e3e6ea;stroke-width:1}.frame{fill:none;stroke:#9aa3ad}.line{fill:none;stroke-width:1.5}';

function node<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const n = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  return n;
}

/** A log10 scale from [min, max] onto [from, to] pixels (a one-value domain is widened a decade so it still draws). */
function logScale(min: number, max: number, from: number, to: number): (v: number) => number {
  const lo = Math.log10(min);
  const hi = max > min ? Math.log10(max) : lo + 1;
  return (v) => from + ((Math.log10(v) - lo) / (hi - lo)) * (to - from);
}

/** Ticks at 1, 2 and 5 of each decade in [min, max] (only the decades when that is too many). */
function logTicks(min: number, max: number, steps: readonly number[]): number[] {
  const ticks: number[] = [];
  for (let decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10) {
    for (const s of steps) if (s * decade >= min && s * decade <= max) ticks.push(s * decade);
  }
  return ticks;
}

/**
 * The percentile chart as an SVG: latency (log) against 1/(1−p) (log), the lines in the order and styles
 * (lineStyle) the page draws them, the legend below the plot.
 */
export function percentileSvg(title: string, lines: readonly Line[]): SVGSVGElement {
  const drawn = lines.filter((l) => l.x.length > 0);
  const xs = drawn.flatMap((l) => l.x);
  const ys = drawn.flatMap((l) => l.y).map((y) => Math.max(1, y));
  const [xMin, xMax] = [Math.min(1, ...xs), Math.max(10, ...xs)];
  const [yMin, yMax] = [Math.min(...ys, 1000), Math.max(...ys, 1000)];
  const x = logScale(xMin, xMax, PLOT.left, PLOT.left + PLOT.width);
  const y = logScale(yMin, yMax, PLOT.top + PLOT.height, PLOT.top);
  const bottom = PLOT.top + PLOT.height;
  const height = bottom + 50 + lines.length * LEGEND_ROW + 10;
  // the serializer writes the namespace declaration itself
  const svg = node('svg', { width: WIDTH, height, viewBox: `0 0 ${WIDTH} ${height}` });
  svg.append(node('style', {}, STYLE), node('rect', { width: WIDTH, height, fill: '#ffffff' }));
  svg.append(node('text', { class: 'title', x: WIDTH / 2, y: 22, 'text-anchor': 'middle' }, title));

  const axes = node('g', { class: 'axes' });
  for (const t of logTicks(xMin, xMax, [1])) {
    axes.append(node('line', { class: 'grid', x1: x(t), x2: x(t), y1: PLOT.top, y2: bottom }));
    axes.append(node('text', { x: x(t), y: bottom + 16, 'text-anchor': 'middle' }, percentileLabel(t)));
  }
  const yTicks = logTicks(yMin, yMax, [1, 2, 5]);
  for (const t of yTicks.length > 8 ? logTicks(yMin, yMax, [1]) : yTicks) {
    axes.append(node('line', { class: 'grid', x1: PLOT.left, x2: PLOT.left + PLOT.width, y1: y(t), y2: y(t) }));
    axes.append(node('text', { x: PLOT.left - 6, y: y(t) + 4, 'text-anchor': 'end' }, latency(t)));
  }
  axes.append(node('rect', { class: 'frame', x: PLOT.left, y: PLOT.top, width: PLOT.width, height: PLOT.height }));
  axes.append(node('text', { x: PLOT.left + PLOT.width / 2, y: bottom + 36, 'text-anchor': 'middle' }, PERCENTILE_AXIS));
  svg.append(axes);

  const plot = node('g', { class: 'lines' });
  const legend = node('g', { class: 'legend' });
  lines.forEach((l, i) => {
    const style = lineStyle(i);
    const dash: Record<string, string> = style.dash ? { 'stroke-dasharray': style.dash.join(' ') } : {};
    const d = l.x.map((v, j) => `${j ? 'L' : 'M'}${x(v).toFixed(1)} ${y(Math.max(1, l.y[j])).toFixed(1)}`).join(' ');
    if (d) plot.append(node('path', { class: 'line', d, stroke: style.stroke, fill: 'none', 'stroke-width': 1.5, ...dash }));
    const row = bottom + 56 + i * LEGEND_ROW;
    legend.append(
      node('line', { x1: PLOT.left, x2: PLOT.left + 36, y1: row - 4, y2: row - 4, stroke: style.stroke, 'stroke-width': 2, ...dash }),
    );
    legend.append(node('text', { x: PLOT.left + 44, y: row }, l.label));
  });
  svg.append(plot, legend);
  return svg;
}

/** The SVG as a file's text (an XML declaration, then the element; the serializer escapes every text node). */
export function svgText(svg: SVGSVGElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(svg)}\n`;
}

/** A PNG of the SVG, at twice its size (sharp on high-density screens and in documents). */
export async function pngOf(svg: SVGSVGElement, scale = 2): Promise<Blob> {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('the browser could not encode the PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file name from a chart's title: lower-case letters, digits and dashes only (the title holds a run author's label). */
export function fileNameOf(title: string, extension: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'chart'}.${extension}`;
}

/** Hands a file to the browser's download (a link clicked for the reader: the data never leaves the page). */
export function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has taken its copy once the click's task is done
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
