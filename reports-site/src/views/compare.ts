import type { Line } from '../charts';
import type { References } from '../data/contract';
import { fetchVersionedJson } from '../data/load-json';
import { el, errorBox, section, table } from '../dom';
import { latency, rate, ratio } from '../format';
import { comparable, differences, isolationText, stepLabel, stepPlan, type Difference } from '../stats/comparability';
import { ALPHA, CONFIDENCE, decide, DEFAULT_THRESHOLD, type PercentileVerdict } from '../stats/decision';
import { COMPARED_PERCENTILES, percentileSamples } from '../stats/samples';
import { percentilePanel } from './percentile-panel';
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
  app.append(
    el(
      'p',
      null,
      'A = ',
      el('a', { href: `#/run/${encodeURIComponent(a.key)}` }, a.key),
      ...others.map((b, i) =>
        el('span', null, ` · ${String.fromCharCode(66 + i)} = `, el('a', { href: `#/run/${encodeURIComponent(b.key)}` }, b.key)),
      ),
    ),
  );

  for (const b of others) {
    const diffs = differences(a.result, b.result);
    // the operator's isolation verdict is in summary.json only: the site checks it beside the shared rules
    const isolation = [a, b].map((r) => isolationText(r.summary?.isolation?.isolated ?? null));
    if (isolation[0] !== isolation[1]) diffs.push({ field: 'isolation (operator)', a: isolation[0], b: isolation[1], decides: true });
    const holder = el('div', { class: 'comparison' });
    app.append(holder);
    const render = (anyway: boolean) => holder.replaceChildren(...comparison(a, b, diffs, anyway, () => render(true)));
    render(false);
  }

  const common = runs.reduce(
    (ids, r) => ids.filter((id) => r.result.steps.some((s) => s.id === id && s.verdict === 'OK' && s.merged.latency.count > 0)),
    a.result.steps.map((s) => s.id),
  );
  if (common.length) {
    const pick = el('select', { 'aria-label': 'step to overlay' }, ...common.map((id) => el('option', { value: id }, id)));
    const holder = el('div');
    const draw = () => {
      holder.replaceChildren();
      const lines = runs
        .map((r, i) =>
          distributionLine(
            `${String.fromCharCode(65 + i)} ${r.summary.name}`,
            r.result.steps.find((s) => s.id === pick.value)?.merged.histogram,
          ),
        )
        .filter((l): l is Line => l !== null);
      if (lines.length) percentilePanel(holder, `${pick.value}: overlaid distributions`, lines);
    };
    pick.addEventListener('change', draw);
    app.append(section('Distributions', pick, holder));
    draw();
  }

  try {
    const refs = await fetchVersionedJson<References>('data/references.json');
    const mine = refs.references.filter((r) => r.target === a.result.target);
    if (mine.length) {
      app.append(
        section(
          'Published elsewhere (not measured here)',
          table(
            ['reference', 'measure', 'p50', 'p99', 'max', 'mean', 'rate'],
            mine.map((r) => [
              r.label,
              r.measure ?? '–',
              latency(r.latency?.p50),
              latency(r.latency?.p99),
              latency(r.latency?.max),
              latency(r.latency?.mean),
              r.achievedRate
                ? rate(r.achievedRate)
                : r.load?.targetRate
                  ? rate(r.load.targetRate)
                  : r.streams
                    ? `${r.streams} streams / ${r.vcpus} vCPU`
                    : '–',
            ]),
            'grid num reference',
          ),
        ),
      );
    }
  } catch (e) {
    app.append(errorBox('references', e));
  }
}

/**
 * B against A: the differences, the steps left out and why, and per compared step and percentile the verdict. Runs that
 * differ on a deciding field are not compared until the user asks for it anyway (`compareAnyway`).
 */
function comparison(a: LoadedRun, b: LoadedRun, diffs: Difference[], anyway: boolean, compareAnyway: () => void): HTMLElement[] {
  const out: HTMLElement[] = [];
  const title = `B = ${b.summary.name} against A = ${a.summary.name}`;
  const diffTable = table(
    ['field', 'A', 'B', 'decides'],
    diffs.map((d) => [d.field, d.a, d.b, d.decides ? 'yes' : 'no']),
    'grid differences',
  );
  if (!comparable(diffs) && !anyway) {
    const button = el('button', { type: 'button' }, 'compare anyway');
    button.addEventListener('click', compareAnyway);
    out.push(
      section(
        title,
        el(
          'div',
          { class: 'warning', role: 'note' },
          el(
            'strong',
            null,
            `Not comparable: ${a.summary.name} and ${b.summary.name} differ where it decides what is measured, field by field:`,
          ),
          diffTable,
          el('p', null, 'No verdict is given across these differences. ', button),
        ),
      ),
    );
    return out;
  }
  if (diffs.length) {
    out.push(
      el(
        'div',
        { class: anyway ? 'warning' : 'muted', role: 'note' },
        el(
          'strong',
          null,
          anyway ? 'Compared anyway, across differences that decide what is measured:' : 'Differences that do not decide:',
        ),
        diffTable,
      ),
    );
  }
  const plan = stepPlan(a.result, b.result);
  if (plan.leftOut.length) {
    out.push(
      el(
        'div',
        { class: 'warning', role: 'note' },
        el('strong', null, 'Steps not compared (a FAIL or INCONCLUSIVE step is shown, never compared):'),
        el('ul', null, ...plan.leftOut.map((l) => el('li', null, `${l.label}: ${l.why}`))),
      ),
    );
  }
  let verdicts: PercentileVerdict[] = [];
  try {
    verdicts = decide(percentileSamples(a.result, b.result, plan.compared));
  } catch (e) {
    out.push(errorBox('repetitions', e));
  }
  const rows = verdicts.map((v) => {
    const sa = a.result.steps.find((s) => s.id === v.step)!;
    const sb = b.result.steps.find((s) => s.id === v.step)!;
    const key = COMPARED_PERCENTILES.find(([name]) => name === v.percentile)![1];
    return [
      stepLabel(sa),
      v.percentile,
      latency(sa.merged.latency[key]),
      latency(sb.merged.latency[key]),
      v.ratio === undefined ? '–' : ratio(v.ratio),
      v.low === undefined ? `${v.repetitionsA} and ${v.repetitionsB} repetitions: no interval` : `${ratio(v.low)} – ${ratio(v.high!)}`,
      v.pHolm === undefined ? '–' : v.pHolm.toPrecision(2),
      el('span', { class: v.change === 'faster' ? 'ok' : v.change === 'slower' ? 'fail' : 'muted' }, v.change),
    ];
  });
  out.push(
    section(
      `${title}: B/A over repetitions`,
      el(
        'p',
        { class: 'muted' },
        `Each repetition's percentile is one observation: Welch's t-test on their logarithms, ` +
          `${Math.round(CONFIDENCE * 100)}% interval of this comparison alone, p adjusted by Holm over the ${rows.length} comparisons ` +
          `(any false alarm ≤ ${ALPHA * 100}%), changes under ${DEFAULT_THRESHOLD * 100}% are no change (docs/compare.md).`,
      ),
      rows.length
        ? table(
            ['step', 'percentile', 'A', 'B', 'B/A', `${Math.round(CONFIDENCE * 100)}% interval`, 'p (Holm)', 'B is'],
            rows,
            'grid num ratios',
          )
        : el('p', { class: 'muted' }, 'no step both runs measured OK: nothing to compare'),
    ),
  );
  return out;
}
