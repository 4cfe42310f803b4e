import { describe, expect, it } from 'vitest';
import type { RunResult, StepResult } from '../src/data/contract';
import { comparableSteps, differences, isolationText, jvmMajor, runFacts, stepCoMode, stepLoad, unmatchedSteps } from '../src/stats/comparability';

// What makes two runs comparable, each rule at its edge: with decision.test.ts, the tests Stryker holds the site's
// statistics to (make mutation; the gate in make test).

/** A step of `mode` with these facts; the rest as a runner writes it. */
function step(id: string, facts: Partial<StepResult> = {}): StepResult {
  return {
    id, label: id, variant: 'isobench', verdict: 'OK', measure: 'one-way', repetitions: [],
    load: { mode: 'open-loop', targetRate: 1000, warmupMillis: 0, durationMillis: 1000 },
    merged: { latency: { count: 10 } }, ...facts,
  } as unknown as StepResult;
}

function run(steps: StepResult[], env: Record<string, unknown> = { cpuModel: 'EPYC', jvm: { vendor: 'Adoptium', version: '25.0.3' } }): RunResult {
  return { target: 'dispatch', environment: env, steps } as unknown as RunResult;
}

describe('what makes two runs comparable', () => {
  it('reads a JVM\'s major version, the old 1.x numbering too', () => {
    expect(jvmMajor('25.0.3+9-LTS')).toBe('25');
    expect(jvmMajor('1.8.0_392')).toBe('8');
    expect(jvmMajor('1')).toBe('1');
    expect(jvmMajor('17')).toBe('17');
    expect(jvmMajor(undefined)).toBe('unknown');
    expect(jvmMajor('')).toBe('unknown');
  });

  it('names a step\'s load and coordinated-omission mode, a "?" for what a result lacks', () => {
    expect(stepLoad(step('s'))).toBe('1000 msg/s');
    expect(stepLoad(step('s', { load: { mode: 'open-loop' } as never }))).toBe('? msg/s');
    expect(stepLoad(step('s', { load: { mode: 'closed-loop', concurrency: 4 } as never }))).toBe('4 in flight');
    expect(stepLoad(step('s', { load: { mode: 'closed-loop' } as never }))).toBe('? in flight');
    expect(stepCoMode(step('s'))).toBe('open-loop, one-way');
    expect(stepCoMode(step('s', { measure: undefined }))).toBe('open-loop, unknown measure');
  });

  it('reads a run\'s facts, unknown where its result is silent', () => {
    const facts = runFacts(run([step('s')]), { isolation: { isolated: true } } as never);
    expect(facts).toEqual({ target: 'dispatch', cpuModel: 'EPYC', isolated: true, jvmVendor: 'Adoptium', jvmMajor: '25',
      steps: new Map([['s', { load: '1000 msg/s', coMode: 'open-loop, one-way' }]]) });
    const silent = runFacts(run([], {}), { } as never);
    expect(silent).toEqual({ target: 'dispatch', cpuModel: 'unknown', isolated: null, jvmVendor: 'unknown', jvmMajor: 'unknown',
      steps: new Map() });
    expect(runFacts({ target: 't', steps: [] } as unknown as RunResult, null).isolated).toBeNull();
    expect(runFacts({ target: 't', steps: [] } as unknown as RunResult, null).cpuModel).toBe('unknown');
  });

  it('says isolation in words', () => {
    expect(isolationText(true)).toBe('isolated (verified)');
    expect(isolationText(false)).toBe('not isolated');
    expect(isolationText(null)).toBe('not verified');
  });

  it('lists every fact that differs, steps both ran included, and nothing for a run against itself', () => {
    const mine = runFacts(run([step('s'), step('t')]), null);
    expect(differences(mine, mine)).toEqual([]);
    const theirs = runFacts({ ...run([step('s', { load: { mode: 'closed-loop', concurrency: 2 } as never }), step('u')],
      { cpuModel: 'Xeon', jvm: { vendor: 'Adoptium', version: '21.0.2' } }), target: 'udp-echo' } as RunResult,
    { isolation: { isolated: false } } as never);
    expect(differences(mine, theirs)).toEqual([
      { factor: 'target', a: 'dispatch', b: 'udp-echo' },
      { factor: 'CPU model', a: 'EPYC', b: 'Xeon' },
      { factor: 'isolation', a: 'not verified', b: 'not isolated' },
      { factor: 'JVM', a: 'Adoptium 25', b: 'Adoptium 21' },
      { factor: 'step s: load', a: '1000 msg/s', b: '2 in flight' },
      { factor: 'step s: CO mode', a: 'open-loop, one-way', b: 'closed-loop, one-way' },
    ]);
  });

  it('names the steps only one run ran', () => {
    const mine = runFacts(run([step('s'), step('t')]), null);
    const theirs = runFacts(run([step('t'), step('u')]), null);
    expect(unmatchedSteps(mine, theirs)).toEqual({ onlyA: ['s'], onlyB: ['u'] });
  });

  it('compares the steps both ran, in A\'s order, leaving out the noisy and the unmeasured', () => {
    const mine = run([step('s'), step('t'), step('only-a'), step('n', { verdict: 'INCONCLUSIVE' }), step('e')]);
    const theirs = run([step('e', { merged: { latency: { count: 0 } } as never }), step('t'), step('n'), step('s'), step('only-b')]);
    expect(comparableSteps(mine, theirs)).toEqual({ compared: ['s', 't'], inconclusive: ['n'], unmeasured: ['e'] });
  });
});
