import type { Environment, RunResult, StepResult } from '../data/contract';

// Whether two runs measured the same thing on the same kind of machine (docs/compare.md § Comparable), the site's
// implementation; the other is compare/'s Comparability and StepPlan (Java). Both are held to
// compare/src/test/resources/io/isobench/compare/comparability-cases.json.

/** One field on which two runs differ; `decides`: it makes them incomparable (else it is only listed). */
export interface Difference {
  field: string;
  a: string;
  b: string;
  decides: boolean;
}

/** Config fields that do not change what a step measures: the sweep, how many repetitions, how probes and verdicts were set. */
const NOT_DECIDING = new Set([
  'rates',
  'clients',
  'queues',
  'repetitions',
  'precision',
  'maxRepetitions',
  'probeDuration',
  'interval',
  'drainTimeout',
  'rateTolerance',
  'generatorLimit',
  'noiseBudget',
  'maxReruns',
]);

/** "25.0.3+9-LTS" → "25", "1.8.0_392" → "8", "17" → "17". */
export function jvmMajor(version: string | undefined): string {
  if (!version) return 'unknown';
  const parts = version.split(/[.+_-]/);
  return parts[0] === '1' && parts.length > 1 ? parts[1] : parts[0];
}

/** The operator's isolation verdict in words (summary.json; null for runs outside Kubernetes). */
export function isolationText(isolated: boolean | null): string {
  return isolated === true ? 'isolated (verified)' : isolated === false ? 'not isolated' : 'not verified';
}

function none(value: string | undefined): string {
  return value === undefined || value.trim() === '' ? 'none' : value;
}

/** The environment facts that decide latency, as text, in a fixed order (load average and hostname vary on one machine). */
const ENVIRONMENT: Array<[string, (e: Environment) => string | undefined]> = [
  ['cpuModel', (e) => e.cpuModel],
  ['arch', (e) => e.arch],
  ['kernel', (e) => e.kernel],
  ['jvm', (e) => (e.jvm ? `${e.jvm.vendor} ${jvmMajor(e.jvm.version)}` : undefined)],
  ['gc', (e) => e.jvm?.gc?.join(', ')],
  ['cpusetSize', (e) => (e.cpuset?.cpus ? `${e.cpuset.cpus.length} CPUs` : undefined)],
  // SMT on when a granted CPU has a sibling thread ("0:0,4")
  [
    'smt',
    (e) =>
      e.isolation?.smtSiblings
        ? e.isolation.smtSiblings.some((s) => /[,-]/.test(s))
          ? 'siblings present'
          : 'one thread per core'
        : undefined,
  ],
  [
    'isolation',
    (e) =>
      e.isolation
        ? `isolcpus ${none(e.isolation.isolatedCpus)}, nohz_full ${none(e.isolation.nohzFull)}, ` +
          `governor ${none(e.isolation.governor)}, clocksource ${none(e.isolation.clocksource)}, THP ${none(e.isolation.transparentHugePages)}`
        : undefined,
  ],
];

/** Nested config as dotted keys, lists as "[a, b]" (Java's List.toString), sorted by key. */
export function flatten(config: Record<string, unknown> | undefined, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(config ?? {})) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      flatten(value as Record<string, unknown>, `${prefix}${key}.`, out);
    else out.set(`${prefix}${key}`, Array.isArray(value) ? `[${value.join(', ')}]` : String(value));
  }
  return out;
}

/** Every difference: the target, then config fields (sorted), then the environment. */
export function differences(a: RunResult, b: RunResult): Difference[] {
  const out: Difference[] = [];
  const add = (field: string, va: string, vb: string, decides: boolean) => {
    if (va !== vb) out.push({ field, a: va, b: vb, decides });
  };
  add('target', a.target, b.target, true);
  const ca = flatten(a.config);
  const cb = flatten(b.config);
  const keys = [...new Set([...ca.keys(), ...cb.keys()])].filter((k) => k !== 'target').sort();
  for (const key of keys) add(`config.${key}`, ca.get(key) ?? 'absent', cb.get(key) ?? 'absent', !NOT_DECIDING.has(key.split('.')[0]));
  for (const [name, fact] of ENVIRONMENT) {
    add(
      `environment.${name}`,
      (a.environment && fact(a.environment)) ?? 'unknown',
      (b.environment && fact(b.environment)) ?? 'unknown',
      true,
    );
  }
  return out;
}

/** Whether no difference decides. */
export function comparable(diffs: readonly Difference[]): boolean {
  return !diffs.some((d) => d.decides);
}

export interface LeftOut {
  step: string;
  label: string;
  why: string;
}

/** Steps of different variants share labels ("2k msg/s" for every queue): the variant is named too. */
export function stepLabel(s: { label: string; variant?: string | null }): string {
  return s.variant ? `${s.variant} · ${s.label}` : s.label;
}

/** Why a run's step says nothing to compare, or null when it was measured OK. */
function notMeasured(step: StepResult, run: string): string | null {
  if (step.verdict !== 'OK') return `${step.verdict} in ${run}${step.reason?.trim() ? `: ${step.reason}` : ''}`;
  return step.merged.latency.count === 0 ? `no samples in ${run}` : null;
}

/**
 * The steps compared (both runs measured them OK, in A's order) and every other step of either run with why: a FAIL or
 * INCONCLUSIVE step is shown, never compared (its figures are not a result about the code).
 */
export function stepPlan(a: RunResult, b: RunResult): { compared: string[]; leftOut: LeftOut[] } {
  const inB = new Map(b.steps.map((s) => [s.id, s]));
  const plan = { compared: [] as string[], leftOut: [] as LeftOut[] };
  for (const sa of a.steps) {
    const sb = inB.get(sa.id);
    const why = sb ? (notMeasured(sa, 'A') ?? notMeasured(sb, 'B')) : 'only in A';
    if (why === null) plan.compared.push(sa.id);
    else plan.leftOut.push({ step: sa.id, label: stepLabel(sa), why });
  }
  const inA = new Set(a.steps.map((s) => s.id));
  for (const sb of b.steps) if (!inA.has(sb.id)) plan.leftOut.push({ step: sb.id, label: stepLabel(sb), why: 'only in B' });
  return plan;
}
