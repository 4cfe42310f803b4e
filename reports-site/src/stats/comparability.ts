import type { RunResult, RunSummary, StepResult } from '../data/contract';

// Two runs are comparable only when what decides their latency is the same (docs/site-data.md):
// target, step load, CO mode (load mode + measure), CPU model, isolation and JVM (vendor + major).

/** What a comparison looks at, for one run. */
export interface RunFacts {
  target: string;
  cpuModel: string;
  /** true / false from the operator; null when not verified (local runs) */
  isolated: boolean | null;
  jvmVendor: string;
  jvmMajor: string;
  steps: Map<string, StepFacts>;
}

export interface StepFacts {
  load: string;
  coMode: string;
}

export interface Difference {
  factor: string;
  a: string;
  b: string;
}

/** "25.0.3+9-LTS" → "25", "1.8.0_392" → "8", "17" → "17". */
export function jvmMajor(version: string | undefined): string {
  if (!version) return 'unknown';
  const parts = version.split(/[.+_-]/);
  return parts[0] === '1' && parts.length > 1 ? parts[1] : parts[0];
}

export function stepLoad(step: StepResult): string {
  const l = step.load;
  return l.mode === 'open-loop' ? `${l.targetRate ?? '?'} msg/s` : `${l.concurrency ?? '?'} in flight`;
}

export function stepCoMode(step: StepResult): string {
  return `${step.load.mode}, ${step.measure ?? 'unknown measure'}`;
}

export function runFacts(result: RunResult, summary: RunSummary | null): RunFacts {
  const env = result.environment ?? {};
  return {
    target: result.target,
    cpuModel: env.cpuModel ?? 'unknown',
    isolated: summary?.isolation?.isolated ?? null,
    jvmVendor: env.jvm?.vendor ?? 'unknown',
    jvmMajor: jvmMajor(env.jvm?.version),
    steps: new Map(result.steps.map((s) => [s.id, { load: stepLoad(s), coMode: stepCoMode(s) }])),
  };
}

export function isolationText(isolated: boolean | null): string {
  return isolated === true ? 'isolated (verified)' : isolated === false ? 'not isolated' : 'not verified';
}

/** Every factor on which B differs from A at run level or at a step both ran; empty means comparable. */
export function differences(a: RunFacts, b: RunFacts): Difference[] {
  const out: Difference[] = [];
  const add = (factor: string, va: string, vb: string) => {
    if (va !== vb) out.push({ factor, a: va, b: vb });
  };
  add('target', a.target, b.target);
  add('CPU model', a.cpuModel, b.cpuModel);
  add('isolation', isolationText(a.isolated), isolationText(b.isolated));
  add('JVM', `${a.jvmVendor} ${a.jvmMajor}`, `${b.jvmVendor} ${b.jvmMajor}`);
  for (const [id, sa] of a.steps) {
    const sb = b.steps.get(id);
    if (!sb) continue;
    add(`step ${id}: load`, sa.load, sb.load);
    add(`step ${id}: CO mode`, sa.coMode, sb.coMode);
  }
  return out;
}

/** Steps only one of the runs ran: not compared, and said so. */
export function unmatchedSteps(a: RunFacts, b: RunFacts): { onlyA: string[]; onlyB: string[] } {
  return {
    onlyA: [...a.steps.keys()].filter((id) => !b.steps.has(id)),
    onlyB: [...b.steps.keys()].filter((id) => !a.steps.has(id)),
  };
}

/**
 * The common steps split into those compared and those left out: INCONCLUSIVE in either run (host noise voided it, so
 * its figures are not a result about the code and a ratio against them would mean nothing), or unmeasured in either
 * (no samples: the step FAILed before its window, there is nothing to compare).
 */
export function comparableSteps(a: RunResult, b: RunResult): { compared: string[]; inconclusive: string[]; unmeasured: string[] } {
  const inB = new Map(b.steps.map((s) => [s.id, s]));
  const split = { compared: [] as string[], inconclusive: [] as string[], unmeasured: [] as string[] };
  for (const sa of a.steps) {
    const sb = inB.get(sa.id);
    if (!sb) continue;
    if (sa.verdict === 'INCONCLUSIVE' || sb.verdict === 'INCONCLUSIVE') split.inconclusive.push(sa.id);
    else if (sa.merged.latency.count === 0 || sb.merged.latency.count === 0) split.unmeasured.push(sa.id);
    else split.compared.push(sa.id);
  }
  return split;
}
