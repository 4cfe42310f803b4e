import type uPlot from 'uplot';
import { fileNameOf, percentileSvg, pngOf, save, svgText } from '../chart-export';
import { percentileChart, type Line } from '../charts';
import { el } from '../dom';
import { parseHgrm } from '../hdr/hgrm';
import { percentileCurve } from '../hdr/percentile-rows';

/** An isobench .hgrm is a few KiB; a file this size is not one, and reading it would only stall the page. */
export const MAX_OWN_FILE_BYTES = 4 * 1024 * 1024;

/** A reader's own .hgrm file as a line to overlay; bad input names the file (and the line, from the parser). */
export async function ownLine(file: File): Promise<Line> {
  if (file.size > MAX_OWN_FILE_BYTES) {
    throw new Error(`${file.name}: ${file.size} bytes, more than the ${MAX_OWN_FILE_BYTES} an .hgrm percentile table can hold here`);
  }
  const table = parseHgrm(await file.text(), file.name);
  if (table.rows.length === 0) throw new Error(`${file.name}: a table of no samples, nothing to draw`);
  const curve = percentileCurve(table.rows);
  return { label: `${file.name} (your file)`, x: curve.x, y: curve.y };
}

/**
 * A percentile chart the reader can add to and keep, as the HdrHistogram plotter does: .hgrm files picked or dropped
 * onto it are overlaid (read in the page, never sent anywhere), and it downloads as SVG or PNG with every line shown.
 */
export function percentilePanel(parent: HTMLElement, title: string, lines: readonly Line[]): HTMLElement {
  const own: Line[] = [];
  const plot = el('div', { class: 'plot' });
  const problems = el('div', { class: 'chart-problems' });
  const input = el('input', { type: 'file', accept: '.hgrm,text/plain', multiple: '', 'aria-label': 'overlay .hgrm files' });
  const svgButton = el('button', { type: 'button', title: 'the chart as an SVG file, legend included' }, 'SVG');
  const pngButton = el('button', { type: 'button', title: 'the chart as a PNG image, legend included' }, 'PNG');
  const holder = el(
    'div',
    { class: 'chart percentile' },
    plot,
    el(
      'div',
      { class: 'chart-tools muted' },
      el('label', null, 'overlay your own .hgrm files (µs, as HdrHistogram writes them) ', input),
      ' or drop them on the chart · download ',
      svgButton,
      ' ',
      pngButton,
    ),
    problems,
  );
  parent.append(holder);

  let chart: uPlot | null = null;
  const all = () => [...lines, ...own];
  const draw = () => {
    chart?.destroy();
    chart = percentileChart(plot, title, all());
  };
  const add = async (files: readonly File[]) => {
    problems.replaceChildren();
    for (const file of files) {
      try {
        own.push(await ownLine(file));
      } catch (e) {
        // the message quotes the reader's file: a text node, as everything else from a file
        problems.append(el('div', { class: 'error', role: 'alert' }, (e as Error).message));
      }
    }
    draw();
  };

  input.addEventListener('change', () => {
    void add([...(input.files ?? [])]).then(() => (input.value = ''));
  });
  // a drop needs dragover's default prevented, or the browser opens the file instead
  holder.addEventListener('dragover', (e) => {
    e.preventDefault();
    holder.classList.add('dropping');
  });
  holder.addEventListener('dragleave', () => holder.classList.remove('dropping'));
  holder.addEventListener('drop', (e) => {
    e.preventDefault();
    holder.classList.remove('dropping');
    void add([...(e.dataTransfer?.files ?? [])]);
  });
  svgButton.addEventListener('click', () => {
    save(new Blob([svgText(percentileSvg(title, all()))], { type: 'image/svg+xml' }), fileNameOf(title, 'svg'));
  });
  pngButton.addEventListener('click', () => {
    pngOf(percentileSvg(title, all()))
      .then((png) => save(png, fileNameOf(title, 'png')))
      .catch((e: unknown) => problems.replaceChildren(el('div', { class: 'error', role: 'alert' }, `PNG: ${(e as Error).message}`)));
  });
  draw();
  return holder;
}
