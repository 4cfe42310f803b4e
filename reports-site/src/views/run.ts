import { kneeChart, timelineChart, type Line } from '../charts';
import { stepsByLoad } from './step-groups';
import type { RunResult, RunSummary, StepResult } from '../data/contract';
import { fetchText, fetchVersionedJson } from '../data/load-json';
import { runFileUrl } from '../data/paths';
import { el, errorBox, section, table } from '../dom';
import { count, dateTime, rate, sampledLatency } from '../format';
import { decodeHistogram } from '../hdr/decode';
import { parseHlog } from '../hdr/hlog';
import { valueAtPercentile, maxOf } from '../hdr/histogram';
import { percentileCurve, percentileRows } from '../hdr/percentile-rows';
import { verdictClass } from '../verdict';
import { isolation } from './list';
import { loadPartRows } from './load-parts';
import { variantRows } from './variants';
import { percentilePanel } from './percentile-panel';
import { repetitionRows } from './repetitions';
import { isStreamsStep, streamsRows } from './streams';

export interface LoadedRun {
  key: string;
  summary: RunSummary;
  result: RunResult;
}

export async function loadRun(key: string): Promise<LoadedRun> {
  const summary = await fetchVersionedJson<RunSummary>(runFileUrl(key, 'summary.json'));
  const result = await fetchVersionedJson<RunResult>(runFileUrl(key, summary.result || 'result.json'));
  if (!Array.isArray(result.steps)) throw new Error(`${key}: result.json has no steps`);
  return { key, summary, result };
}

export function variants(result: RunResult): string[] {
  return [...new Set(result.steps.map((s) => s.variant ?? result.target))];
}

export function stepsOf(result: RunResult, variant: string): StepResult[] {
  return result.steps.filter((s) => (s.variant ?? result.target) === variant);
}

function loadCell(s: StepResult): string {
  // a streams step's rate counts streams opened, not messages: its label says so ("20 streams opened at 20/s")
  if (isStreamsStep(s)) return s.label;
  return s.load.mode === 'open-loop' ? rate(s.load.targetRate) : `${s.load.concurrency} clients`;
}

export function achieved(s: StepResult): number {
  const reps = s.repetitions ?? [];
  return reps.length ? reps.reduce((a, r) => a + r.achievedRate, 0) / reps.length : 0;
}

/** The published write-ups' tables: a rate sweep (p50…max, samples) or an HTTP-style client sweep (50…99.99 %, mean, req/s). */
export function stepTable(steps: StepResult[]): HTMLTableElement {
  const closed = steps.every((s) => s.load.mode === 'closed-loop');
  if (closed) {
    return table(
      ['clients', '50%', '66%', '75%', '80%', '90%', '95%', '98%', '99%', '99.9%', '99.99%', 'max', 'mean', 'req/s', 'samples', 'verdict'],
      steps.map((s) => {
        const l = s.merged.latency;
        const figures = [l.p50, l.p66, l.p75, l.p80, l.p90, l.p95, l.p98, l.p99, l.p99_9, l.p99_99, l.max, l.mean];
        return [loadCell(s), ...figures.map((v) => sampledLatency(v, l.count)), rate(achieved(s)), count(l.count), verdict(s)];
      }),
      'grid num',
    );
  }
  return table(
    ['rate', 'p50', 'p90', 'p99', 'p99.9', 'p99.99', 'p99.999', 'max', 'sample count', 'achieved', 'verdict'],
    steps.map((s) => {
      const l = s.merged.latency;
      const figures = [l.p50, l.p90, l.p99, l.p99_9, l.p99_99, l.p99_999, l.max];
      return [loadCell(s), ...figures.map((v) => sampledLatency(v, l.count)), count(l.count), rate(achieved(s)), verdict(s)];
    }),
    'grid num',
  );
}

function verdict(s: StepResult): HTMLElement {
  const reason = s.reason && s.reason.length > 90 ? `${s.reason.slice(0, 90)}…` : s.reason;
  return el('span', { class: verdictClass(s.verdict), title: s.reason ?? '' }, s.verdict + (reason ? ` — ${reason}` : ''));
}

/** A variant's name in a chart's legend, with its verdict unless OK: a FAIL or INCONCLUSIVE line is drawn, never taken for a result. */
export function variantLabel(s: StepResult, target: string): string {
  const name = s.variant ?? target;
  return s.verdict === 'OK' ? name : `${name} — ${s.verdict}`;
}

export function distributionLine(label: string, base64: string | undefined): Line | null {
  if (!base64) return null;
  const curve = percentileCurve(percentileRows(decodeHistogram(base64)));
  return { label, x: curve.x, y: curve.y };
}

export async function renderRun(app: HTMLElement, key: string): Promise<void> {
  app.replaceChildren(el('p', { class: 'muted' }, `loading ${key}…`));
  let run: LoadedRun;
  try {
    run = await loadRun(key);
  } catch (e) {
    app.replaceChildren(el('h1', null, key), errorBox('this run cannot be shown', e), el('p', null, el('a', { href: '#/' }, '← all runs')));
    return;
  }
  const { summary, result } = run;
  const header = el(
    'div',
    { class: 'run-header' },
    el('h1', null, `${summary.namespace}/${summary.name}`),
    el(
      'p',
      null,
      el('span', { class: verdictClass(result.verdict) }, `${summary.phase} · ${result.verdict}`),
      ' · ',
      isolation(summary.isolation?.isolated),
      ' · ',
      result.target,
      ' · ',
      dateTime(result.startedAt),
      ' → ',
      dateTime(result.finishedAt),
    ),
    summary.message ? el('p', { class: 'message' }, summary.message) : null,
    // why a run is not isolated is part of what it measured (the reason quotes what the pods reported: text only)
    summary.isolation?.isolated === false && summary.isolation.reason
      ? el('p', { class: 'isolation-reason' }, `not isolated: ${summary.isolation.reason}`)
      : null,
    el('p', { class: 'labels' }, ...Object.entries(summary.labels ?? {}).map(([k, v]) => el('span', { class: 'label' }, `${k}=${v}`))),
    el(
      'p',
      null,
      el('a', { href: '#/' }, '← all runs'),
      summary.series
        ? el('a', { href: `#/series/${encodeURIComponent(summary.series)}`, class: 'series-link' }, ' this benchmark over time')
        : null,
      summary.baseline
        ? el(
            'a',
            { href: `#/compare/${encodeURIComponent(summary.baseline)},${encodeURIComponent(key)}`, class: 'baseline' },
            ' compare with baseline',
          )
        : null,
    ),
  );
  app.replaceChildren(header);

  for (const v of variants(result)) {
    const steps = stepsOf(result, v);
    const measure = steps[0]?.measure ?? 'latency';
    app.append(
      section(
        `${v} · ${steps[0]?.load.mode ?? ''}, ${measure} · ${steps[0]?.repetitions?.length ?? 0} repetition(s) merged`,
        stepTable(steps),
      ),
    );
  }

  const comparisons = result.variantComparisons ?? [];
  if (comparisons.length) {
    const rows = variantRows(result);
    app.append(
      section(
        `Variants against ${comparisons[0].baseline}`,
        el(
          'p',
          { class: 'muted' },
          'each variant measured in JVMs of its own, rounds in a random order, then compared with the first by the decision rule of compare (ratio of geometric means over repetitions, 95 % interval, Holm over loads and percentiles, a change only beyond the threshold)',
        ),
        ...comparisons.map((c) => el('p', { class: 'variant-summary' }, `${c.variant}: ${c.outcome} — ${c.summary}`)),
        table(
          ['variant', 'load', 'percentile', 'repetitions', 'ratio', '95% interval', 'Holm p', 'change'],
          rows.map((r) => [
            r.variant,
            r.load,
            r.percentile,
            r.repetitions,
            r.ratio,
            r.interval,
            r.p,
            el('span', { class: r.change === 'faster' ? 'ok' : r.change === 'slower' ? 'fail' : 'muted' }, r.change),
          ]),
          'grid num variants',
        ),
        ...comparisons.flatMap((c) => c.leftOut.map((l) => el('p', { class: 'muted' }, `${c.variant}, ${l.load} not compared: ${l.why}`))),
      ),
    );
  }

  const parts = loadPartRows(result);
  if (parts.length) {
    app.append(
      section(
        `Load parts: ${result.loadParts!.length} pods made each step's load together`,
        el(
          'p',
          { class: 'muted' },
          "each row is one pod's share of a step over its repetitions; the tables above are their histograms added together",
        ),
        table(
          ['step', 'part', 'pod / host', 'CPUs', 'share', 'achieved', 'p50', 'p99', 'samples', 'verdict'],
          parts.map((p) => [
            p.step,
            String(p.part),
            p.where,
            p.cpus,
            p.share,
            p.achieved,
            p.p50,
            p.p99,
            p.samples,
            el('span', { class: verdictClass(p.verdict), title: p.reason }, p.verdict + (p.reason ? ` — ${p.reason}` : '')),
          ]),
          'grid num load-parts',
        ),
      ),
    );
  }

  const reps = repetitionRows(result);
  if (reps.length) {
    app.append(
      section(
        'Repetitions and the machine around them',
        el(
          'p',
          { class: 'muted' },
          "probes before → after each repetition; host counters over its window; the load generator's own lag (p50 / p99)",
        ),
        table(
          [
            'step',
            'rep',
            'part',
            'verdict',
            'p50',
            'p99',
            'core-to-core p50',
            'longest stall',
            'throttled',
            'steal',
            'interrupts',
            'involuntary switches (time waited for the CPU)',
            'sender lag',
            'reply-read delay',
            'reruns',
            'notes',
          ],
          reps.map((r) => [
            r.step,
            String(r.repetition),
            r.part,
            el('span', { class: verdictClass(r.verdict) }, r.verdict),
            r.p50,
            r.p99,
            r.coreToCore,
            r.longestStall,
            r.throttled,
            r.steal,
            r.interrupts,
            r.switches,
            r.senderLag,
            r.replyReadDelay,
            r.reruns,
            r.notes,
          ]),
          'grid num repetitions',
        ),
      ),
    );
  }

  const streams = streamsRows(result);
  if (streams.length) {
    app.append(
      section(
        'Streams and tipping point',
        table(
          [
            'step',
            'repetition',
            'streams opened',
            'messages due',
            'delivered',
            'lost',
            'tipping point',
            'peak server CPU',
            'peak client allocation',
          ],
          streams.map((r) => [
            r.step,
            String(r.repetition),
            `${count(r.opened)} of ${count(r.target)}`,
            count(r.due),
            count(r.delivered),
            count(r.lost),
            r.tipping,
            r.peakServerCpu,
            r.peakAllocation,
          ]),
          'grid',
        ),
      ),
    );
  }

  // one chart per load with every variant overlaid: a run with several variants exists to compare them at the same load
  const charts = el('div', { class: 'charts' });
  app.append(section('Percentile distribution', charts));
  for (const [label, steps] of stepsByLoad(result)) {
    try {
      // a step that measured nothing (FAILed before its window) has no distribution to draw
      const lines = steps
        .filter((s) => s.merged.latency.count > 0)
        .map((s) => distributionLine(variantLabel(s, result.target), s.merged.histogram))
        .filter((l): l is Line => l !== null);
      if (lines.length) percentilePanel(charts, `${label}: latency by percentile (one line per variant)`, lines);
      else charts.append(el('p', { class: 'muted' }, `${label}: no samples — nothing was measured (the verdict says why)`));
    } catch (e) {
      charts.append(errorBox(`distribution at ${label}`, e));
    }
  }

  const knee = el('div', { class: 'chart' });
  app.append(section('Latency vs achieved rate', knee));
  const kneeLines: Line[] = [];
  for (const v of variants(result)) {
    const steps = stepsOf(result, v)
      .filter((s) => achieved(s) > 0)
      .sort((a, b) => achieved(a) - achieved(b));
    kneeLines.push({ label: `${v} p50`, x: steps.map(achieved), y: steps.map((s) => Math.max(1, s.merged.latency.p50)) });
    kneeLines.push({ label: `${v} p99`, x: steps.map(achieved), y: steps.map((s) => Math.max(1, s.merged.latency.p99)), dash: true });
  }
  if (kneeLines.some((l) => l.x.length)) kneeChart(knee, 'p50 and p99 against the rate really achieved', kneeLines);

  app.append(section('Interval timeline', timeline(run)));
  app.append(section('Provenance', provenance(run)));
  app.append(section('Downloads', downloads(run)));
  if (summary.rerunYaml) app.append(section('Re-run this', el('pre', { class: 'yaml' }, summary.rerunYaml)));
}

function timeline(run: LoadedRun): HTMLElement {
  const box = el('div');
  // an interval log of a repetition that measured nothing has nothing to draw
  const logged = (r: StepResult['repetitions'][number]) => !!r.files?.hlog && r.latency?.count !== 0;
  const steps = run.result.steps.filter((s) => s.repetitions?.some(logged));
  if (!steps.length) return el('p', { class: 'muted' }, 'no interval logs with samples');
  const pick = el('select', { 'aria-label': 'step' }, ...steps.map((s) => el('option', { value: s.id }, s.label)));
  const holder = el('div', { class: 'chart' });
  const draw = async () => {
    holder.replaceChildren();
    const step = steps.find((s) => s.id === pick.value)!;
    const rep = step.repetitions.find(logged)!;
    try {
      const log = parseHlog(await fetchText(runFileUrl(run.key, rep.files!.hlog!)));
      const x = log.intervals.map((i) => i.startSec);
      const y = (f: (h: (typeof log.intervals)[number]['histogram']) => number) => log.intervals.map((i) => Math.max(1, f(i.histogram)));
      timelineChart(holder, `${step.label}, repetition ${rep.index}`, [
        { label: 'p50', x, y: y((h) => valueAtPercentile(h, 50)) },
        { label: 'p99', x, y: y((h) => valueAtPercentile(h, 99)) },
        { label: 'max', x, y: y((h) => maxOf(h)) },
      ]);
    } catch (e) {
      holder.append(errorBox(`interval log ${rep.files!.hlog}`, e));
    }
  };
  pick.addEventListener('change', () => void draw());
  void draw();
  box.append(pick, holder);
  return box;
}

function flat(prefix: string, value: unknown, out: Array<[string, string]>): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
    value.forEach((v, i) => flat(`${prefix}[${i}]`, v, out));
  } else if (typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flat(prefix ? `${prefix}.${k}` : k, v, out);
  } else if (Array.isArray(value)) {
    out.push([prefix, value.join(' ')]);
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    // parsed JSON: nothing else is left, so nothing is dropped
    out.push([prefix, String(value)]);
  }
}

function provenance(run: LoadedRun): HTMLElement {
  const rows: Array<[string, string]> = [];
  flat('isolation', run.summary.isolation, rows);
  if (run.summary.image) rows.push(['image', run.summary.image]);
  rows.push(['nodes', (run.summary.nodes ?? []).join(', ') || '–']);
  flat('environment', run.result.environment, rows);
  // a parallel run's other load parts ran elsewhere: their machines are facts of the run too
  (run.result.loadParts ?? []).filter((p) => p.part > 0).forEach((p) => flat(`load part ${p.part}`, p.environment, rows));
  const probe = run.result.steps[0]?.repetitions?.[0]?.probe;
  flat(`machine probe (${run.result.steps[0]?.label ?? ''}, repetition 1)`, probe, rows);
  return table(
    ['fact', 'value'],
    rows.map(([k, v]) => [k, v]),
    'grid facts',
  );
}

function downloads(run: LoadedRun): HTMLElement {
  const link = (file: string) => el('a', { href: runFileUrl(run.key, file), download: '' }, file);
  const items: HTMLElement[] = [el('li', null, link(run.summary.result || 'result.json'))];
  for (const s of run.result.steps) {
    if (s.merged.files?.hgrm) items.push(el('li', null, link(s.merged.files.hgrm)));
    for (const r of s.repetitions ?? []) {
      for (const own of [r, ...(r.parts ?? []).map((p) => p.repetition)]) {
        if (own.files?.hgrm) items.push(el('li', null, link(own.files.hgrm)));
        if (own.files?.hlog) items.push(el('li', null, link(own.files.hlog)));
      }
    }
  }
  return el(
    'details',
    null,
    el(
      'summary',
      null,
      `${items.length} files: result.json, .hgrm percentile tables (µs, for the HdrHistogram plotter), .hlog interval logs`,
    ),
    el('ul', { class: 'downloads' }, ...items),
  );
}
