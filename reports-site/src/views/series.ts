// One series (docs/site-data.md § Series): the nightly runs of one benchmark on one kind of machine, each step's p50,
// p99 and p99.9 over time, every run a point that opens its run page, and the change points the publisher found (rule:
// docs/compare.md § Change points), each marked with the runs either side and the size of the shift. Everything a run
// author could have written (identity values such as the CPU model, step labels) reaches the page as text only.
import type uPlot from 'uplot';
import { timeChart, type Line } from '../charts';
import type { Verdict } from '../data/contract';
import { fetchVersionedJson, requireFields } from '../data/load-json';
import { isValidRunKey, seriesUrl } from '../data/paths';
import { el, errorBox, section, table } from '../dom';
import { dateTime, latency } from '../format';
import { verdictClass } from '../verdict';

export const PERCENTILES = ['p50', 'p99', 'p99.9'] as const;

export interface Shift {
  step: string;
  percentile: string;
  change: 'slower' | 'faster';
  ratio: number;
  low: number;
  high: number;
  pHolm: number;
  runsBefore: number;
  runsAfter: number;
}

export interface ChangePoint {
  before: string;
  after: string;
  shifts: Shift[];
}

export interface SeriesRun {
  key: string;
  startedAt: string;
  verdict: Verdict;
  used: boolean;
  notUsed?: string;
  values: Record<string, Record<string, number>>;
  changePoint?: ChangePoint;
}

export interface Series {
  formatVersion: number;
  key: string;
  identity: Record<string, string>;
  rule: { window: number; alphaPerBoundary: number; statedRuns: number; threshold: number };
  steps: { id: string; label: string }[];
  runs: SeriesRun[];
}

/** A change point with the run whose publication found it (where it is stored). */
export interface Found {
  closedBy: SeriesRun;
  changePoint: ChangePoint;
}

export function changePoints(series: Series): Found[] {
  return series.runs.filter((r) => r.changePoint).map((r) => ({ closedBy: r, changePoint: r.changePoint! }));
}

/** A ratio as a change in per cent: 1.12 → "+12.0", 0.9 → "−10.0". */
export function percentChange(ratio: number, digits = 1): string {
  return `${ratio >= 1 ? '+' : '−'}${Math.abs(100 * (ratio - 1)).toFixed(digits)}`;
}

/** "+12.0 % (95 %: +8.1 … +16.0 %)": after over before, as a change in per cent. */
export function shiftSize(s: Shift): string {
  return `${percentChange(s.ratio)} % (95 %: ${percentChange(s.low)} … ${percentChange(s.high)} %)`;
}

/**
 * Each run's x: seconds since the epoch, runs started in the same second kept a millisecond apart so that every run is
 * a point of its own (and a hovered point names one run).
 */
export function times(runs: SeriesRun[]): number[] {
  const xs: number[] = [];
  for (const r of runs) {
    const t = Date.parse(r.startedAt) / 1000;
    const prev = xs.length ? xs[xs.length - 1] : -Infinity;
    xs.push(Number.isFinite(t) && t > prev ? t : prev + 0.001);
  }
  return xs;
}

/** A link to a run page; a key that is not a run key (the publisher writes none) is shown as text. */
function runLink(key: string, text: string = key): HTMLElement {
  return isValidRunKey(key) ? el('a', { href: `#/run/${encodeURIComponent(key)}`, class: 'run-link' }, text) : el('span', null, text);
}

export async function renderSeries(app: HTMLElement, key: string): Promise<void> {
  app.replaceChildren(el('p', { class: 'muted' }, `loading series ${key}…`));
  let series: Series;
  try {
    const url = seriesUrl(key);
    series = await fetchVersionedJson<Series>(url);
    requireFields(url, series, ['identity', 'rule', 'steps', 'runs']);
  } catch (e) {
    app.replaceChildren(
      el('h1', null, `series ${key}`),
      errorBox('this series cannot be shown', e),
      el('p', null, el('a', { href: '#/' }, '← all runs')),
    );
    return;
  }
  const found = changePoints(series);
  const used = series.runs.filter((r) => r.used).length;
  const { window, alphaPerBoundary, statedRuns, threshold } = series.rule;
  app.replaceChildren(
    el('h1', null, `Series · ${series.identity.target ?? ''}`),
    el(
      'p',
      null,
      `${series.runs.length} runs · ${used} used for change points · `,
      el('span', { class: found.length ? 'fail' : 'ok' }, `${found.length} change point(s)`),
      ' · ',
      el('a', { href: '#/' }, '← all runs'),
    ),
    el(
      'p',
      { class: 'muted' },
      `Change points: the newest run closes two windows of ${window} runs; Welch on the logs of the runs' values, Holm over ` +
        `steps and percentiles, α = ${alphaPerBoundary} per boundary (at most ${(100 * alphaPerBoundary * statedRuns).toFixed(0)} % of ` +
        `${statedRuns}-run series with no change show one), shifts under ${(100 * threshold).toFixed(0)} % ignored; a verdict is never revised ` +
        '(docs/compare.md § Change points).',
    ),
    section(
      'What the runs share',
      table(
        ['field', 'value'],
        Object.entries(series.identity).map(([k, v]) => [k, String(v)]),
        'grid facts',
      ),
    ),
  );
  if (found.length) {
    app.append(
      section(
        'Change points',
        table(
          ['before', 'after', 'found when published', 'shift (after ÷ before)'],
          found.map((f) => [
            runLink(f.changePoint.before),
            runLink(f.changePoint.after),
            el('span', null, runLink(f.closedBy.key), ` · ${dateTime(f.closedBy.startedAt)}`),
            el(
              'div',
              null,
              ...f.changePoint.shifts.map((s) =>
                el(
                  'div',
                  { class: s.change === 'slower' ? 'fail' : 'ok' },
                  `${stepLabel(series, s.step)} ${s.percentile}: ${s.change} ${shiftSize(s)}`,
                ),
              ),
            ),
          ]),
          'grid change-points',
        ),
      ),
    );
  }
  const notUsed = series.runs.filter((r) => !r.used);
  if (notUsed.length) {
    const reasons = new Map<string, number>();
    notUsed.forEach((r) => reasons.set(r.notUsed ?? 'not used', (reasons.get(r.notUsed ?? 'not used') ?? 0) + 1));
    app.append(
      el(
        'p',
        { class: 'muted not-used' },
        `Shown, not used for change points: ` + [...reasons].map(([why, n]) => `${n} run(s): ${why}`).join('; '),
      ),
    );
  }
  const picked = el('p', { class: 'picked' }, 'point at a run to see it; click to open it');
  app.append(picked);
  const charts = el('div', { class: 'charts' });
  app.append(section('Each step over time', charts));
  const xs = times(series.runs);
  const byX = new Map(xs.map((x, i) => [x, series.runs[i]]));
  for (const step of series.steps) {
    const holder = el('div', { class: 'chart series-chart', 'data-step': step.id });
    charts.append(holder);
    stepChart(
      holder,
      series,
      step,
      xs,
      byX,
      found.filter((f) => f.changePoint.shifts.some((s) => s.step === step.id)),
      picked,
    );
  }
}

function stepLabel(series: Series, id: string): string {
  const s = series.steps.find((x) => x.id === id);
  return s ? `${s.label} (${s.id})` : id;
}

function stepChart(
  holder: HTMLElement,
  series: Series,
  step: { id: string; label: string },
  xs: number[],
  byX: Map<number, SeriesRun>,
  found: Found[],
  picked: HTMLElement,
): void {
  const lines: Line[] = PERCENTILES.map((p) => ({ label: p, x: [] as number[], y: [] as number[] }));
  const unused: Line = { label: 'not used (FAIL, INCONCLUSIVE, late): p50', x: [], y: [], pointsOnly: true };
  series.runs.forEach((r, i) => {
    const v = r.values?.[step.id];
    if (!v) return;
    if (r.used) {
      PERCENTILES.forEach((p, j) => {
        lines[j].x.push(xs[i]);
        lines[j].y.push(v[p]);
      });
    } else if (v.p50 !== undefined) {
      unused.x.push(xs[i]);
      unused.y.push(v.p50);
    }
  });
  const xOf = new Map(series.runs.map((r, i) => [r.key, xs[i]]));
  let hovered: SeriesRun | undefined;
  const markers = found.map((f) => {
    const moved = f.changePoint.shifts.filter((s) => s.step === step.id);
    const marker = el(
      'a',
      {
        class: 'change-marker',
        href: `#/run/${encodeURIComponent(f.changePoint.after)}`,
        title:
          `change between ${f.changePoint.before} and ${f.changePoint.after}: ` +
          moved.map((s) => `${s.percentile} ${s.change} ${shiftSize(s)}`).join(', '),
      },
      moved.map((s) => `${s.percentile} ${percentChange(s.ratio, 0)} %`).join(' · '),
    );
    // the marker stands between the last run before and the first run after
    return { marker, x: ((xOf.get(f.changePoint.before) ?? 0) + (xOf.get(f.changePoint.after) ?? 0)) / 2 };
  });
  const place = (u: uPlot) =>
    markers.forEach(({ marker, x }) => {
      if (!marker.isConnected) u.over.append(marker);
      marker.style.left = `${u.valToPos(x, 'x')}px`;
    });
  const chart = timeChart(holder, `${step.label} (${step.id})`, unused.x.length ? [...lines, unused] : lines, {
    hooks: {
      draw: [place],
      setCursor: [
        (u: uPlot) => {
          const idx = u.cursor.idx;
          hovered = idx == null ? undefined : byX.get(u.data[0][idx]);
          if (hovered) {
            const v = hovered.values?.[step.id];
            picked.replaceChildren(
              runLink(hovered.key),
              ` · ${dateTime(hovered.startedAt)} · `,
              el('span', { class: verdictClass(hovered.verdict) }, hovered.verdict),
              ` · ${step.label}: `,
              PERCENTILES.map((p) => `${p} ${latency(v?.[p])}`).join(', '),
              hovered.used ? '' : ` · not used: ${hovered.notUsed ?? ''}`,
            );
          }
        },
      ],
    },
  });
  // every point is a link: a click opens the run under the cursor (the hovered run is named, as a link, above the charts)
  chart.over.addEventListener('click', (ev) => {
    if ((ev.target as HTMLElement).closest('a')) return;
    if (hovered && isValidRunKey(hovered.key)) location.hash = `#/run/${encodeURIComponent(hovered.key)}`;
  });
}
