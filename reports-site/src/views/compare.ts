import { percentileChart, type Line } from '../charts';
import type { References } from '../data/contract';
import { fetchVersionedJson } from '../data/load-json';
import { el, errorBox, section, table } from '../dom';
import { latency, rate, ratio } from '../format';
import { comparableSteps, differences, runFacts, unmatchedSteps } from '../stats/comparability';
import { ALPHA, CONFIDENCE, decide, DEFAULT_THRESHOLD, type PercentileVerdict } from '../stats/decision';
import { COMPARED_PERCENTILES, percentileSamples } from '../stats/samples';
import { distributionLine, loadRun, type LoadedRun } from './run';

export async function renderCompare(app: HTMLElement, keys: string[]): Promise<void> {
  app.replaceChildren(el('h1', null, 'Compare'), el('p', null, el('a', { href: '#/' }, '← all runs')));
  const runs: LoadedRun[] = [];
  for (const key of keys) {
    try {
      runs.push(await loadRun(key));
    } catch (e) {
      app.append(errorBox(`run ${key} left out`, e));
    }
  }
  if (runs.length < 2) {
    app.append(el('p', { class: 'muted' }, 'pick two or more runs that can be read'));
    return;
  }
  const [a, ...others] = runs;
  app.append(el('p', null, 'A = ', el('a', { href: `#/run/${encodeURIComponent(a.key)}` }, a.key), ...others.map((b, i) =>
    el('span', null, ` · ${String.fromCharCode(66 + i)} = `, el('a', { href: `#/run/${encodeURIComponent(b.key)}` }, b.key)))));

  for (const b of others) {
    const diffs = differences(runFacts(a.result, a.summary), runFacts(b.result, b.summary));
    const unmatched = unmatchedSteps(runFacts(a.result, a.summary), runFacts(b.result, b.summary));
    if (diffs.length) {
      app.append(el('div', { class: 'warning', role: 'note' }, el('strong', null, `Not comparable as is: ${a.summary.name} and ${b.summary.name} differ in`),
        table(['factor', 'A', 'B'], diffs.map((d) => [d.factor, d.a, d.b]))));
    }
    if (unmatched.onlyA.length || unmatched.onlyB.length) {
      app.append(el('p', { class: 'muted' }, `steps not compared: only in A ${unmatched.onlyA.join(', ') || '–'}; only in B ${unmatched.onlyB.join(', ') || '–'}`));
    }
    const { compared: steps, inconclusive, unmeasured } = comparableSteps(a.result, b.result);
    if (inconclusive.length) {
      app.append(el('p', { class: 'warning', role: 'note' }, 'steps not compared, INCONCLUSIVE in A or B (host noise voided the '
        + `measurement; its figures say nothing about the code): ${inconclusive.join(', ')}`));
    }
    if (unmeasured.length) {
      app.append(el('p', { class: 'warning', role: 'note' }, 'steps not compared, no samples in A or B (the step FAILed before its '
        + `measured window; its verdict says why): ${unmeasured.join(', ')}`));
    }
    let verdicts: PercentileVerdict[] = [];
    try {
      verdicts = decide(percentileSamples(a.result, b.result, steps));
    } catch (e) {
      app.append(errorBox('repetitions', e));
    }
    const rows = verdicts.map((v) => {
      const sa = a.result.steps.find((s) => s.id === v.step)!;
      const sb = b.result.steps.find((s) => s.id === v.step)!;
      const key = COMPARED_PERCENTILES.find(([name]) => name === v.percentile)![1];
      return [stepName(sa), v.percentile, latency(sa.merged.latency[key]), latency(sb.merged.latency[key]),
        v.ratio === undefined ? '–' : ratio(v.ratio),
        v.low === undefined ? `${v.repetitionsA} and ${v.repetitionsB} repetitions: no interval` : `${ratio(v.low)} – ${ratio(v.high!)}`,
        v.pHolm === undefined ? '–' : v.pHolm.toPrecision(2),
        el('span', { class: v.change === 'faster' ? 'ok' : v.change === 'slower' ? 'fail' : 'muted' }, v.change)];
    });
    app.append(section(`B = ${b.summary.name} against A = ${a.summary.name}: B/A over repetitions`,
      el('p', { class: 'muted' }, `Each repetition's percentile is one observation: Welch's t-test on their logarithms, `
        + `${Math.round(CONFIDENCE * 100)}% interval of this comparison alone, p adjusted by Holm over the ${rows.length} comparisons `
        + `(any false alarm ≤ ${ALPHA * 100}%), changes under ${DEFAULT_THRESHOLD * 100}% are no change (docs/compare.md).`),
      rows.length ? table(['step', 'percentile', 'A', 'B', 'B/A', `${Math.round(CONFIDENCE * 100)}% interval`, 'p (Holm)', 'B is'], rows,
        'grid num ratios')
        : el('p', { class: 'muted' }, 'no step both runs measured: nothing to compare')));
  }

  const common = runs.reduce((ids, r) => ids.filter((id) => r.result.steps.some((s) => s.id === id && s.verdict !== 'INCONCLUSIVE'
    && s.merged.latency.count > 0)), a.result.steps.map((s) => s.id));
  if (common.length) {
    const pick = el('select', { 'aria-label': 'step to overlay' }, ...common.map((id) => el('option', { value: id }, id)));
    const holder = el('div', { class: 'chart' });
    const draw = () => {
      holder.replaceChildren();
      const lines = runs.map((r, i) => distributionLine(`${String.fromCharCode(65 + i)} ${r.summary.name}`, r.result.steps.find((s) => s.id === pick.value)?.merged.histogram))
        .filter((l): l is Line => l !== null);
      if (lines.length) percentileChart(holder, `${pick.value}: overlaid distributions`, lines);
    };
    pick.addEventListener('change', draw);
    app.append(section('Distributions', pick, holder));
    draw();
  }

  try {
    const refs = await fetchVersionedJson<References>('data/references.json');
    const mine = refs.references.filter((r) => r.target === a.result.target);
    if (mine.length) {
      app.append(section('Published elsewhere (not measured here)', table(['reference', 'measure', 'p50', 'p99', 'max', 'mean', 'rate'],
        mine.map((r) => [r.label, r.measure ?? '–', latency(r.latency?.p50), latency(r.latency?.p99), latency(r.latency?.max), latency(r.latency?.mean),
          r.achievedRate ? rate(r.achievedRate) : r.load?.targetRate ? rate(r.load.targetRate) : r.streams ? `${r.streams} streams / ${r.vcpus} vCPU` : '–']), 'grid num reference')));
    }
  } catch (e) {
    app.append(errorBox('references', e));
  }
}

/** Steps of different variants share labels ("2k msg/s" for every queue): name the variant too. */
function stepName(s: { label: string; variant?: string | null }): string {
  return s.variant ? `${s.variant} · ${s.label}` : s.label;
}
