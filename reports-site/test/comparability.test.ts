import { describe, expect, it } from 'vitest';
import type { RunResult, StepResult } from '../src/data/contract';
import { comparable, differences, flatten, isolationText, jvmMajor, stepLabel, stepPlan } from '../src/stats/comparability';

// What makes two runs comparable, each rule at its edge (the shared cases in comparability-golden.test.ts hold the whole);
// with the decision tests, what Stryker holds the site's statistics to (make mutation; the gate in make test).

function run(facts: Partial<RunResult>): RunResult {
  return { target: 'dispatch', config: {}, environment: {}, steps: [], ...facts } as unknown as RunResult;
}

function step(id: string, facts: Partial<StepResult> = {}): StepResult {
  return { id, label: id, verdict: 'OK', merged: { latency: { count: 10 } }, ...facts } as unknown as StepResult;
}

describe('what makes two runs comparable', () => {
  it("reads a JVM's major version, the old 1.x numbering too", () => {
    expect(jvmMajor('25.0.3+9-LTS')).toBe('25');
    expect(jvmMajor('1.8.0_392')).toBe('8');
    expect(jvmMajor('1')).toBe('1');
    expect(jvmMajor('17')).toBe('17');
    expect(jvmMajor('21-ea')).toBe('21');
    expect(jvmMajor(undefined)).toBe('unknown');
    expect(jvmMajor('')).toBe('unknown');
  });

  it('flattens nested config to dotted keys, lists as Java prints them', () => {
    expect([...flatten({ a: 1, b: { c: 'x', d: { e: true } }, l: [1, 2], n: null })]).toEqual([
      ['a', '1'],
      ['b.c', 'x'],
      ['b.d.e', 'true'],
      ['l', '[1, 2]'],
      ['n', 'null'],
    ]);
    expect(flatten(undefined).size).toBe(0);
  });

  it('is comparable only when no difference decides', () => {
    expect(comparable([])).toBe(true);
    expect(comparable([{ field: 'config.repetitions', a: '3', b: '5', decides: false }])).toBe(true);
    expect(
      comparable([
        { field: 'x', a: '1', b: '2', decides: false },
        { field: 'y', a: '1', b: '2', decides: true },
      ]),
    ).toBe(false);
  });

  it('says what a run without environment or config does not say', () => {
    expect(differences(run({ environment: undefined as never }), run({}))).toEqual([]);
    expect(differences(run({ config: undefined }), run({ config: { repetitions: 3 } }))).toEqual([
      { field: 'config.repetitions', a: 'absent', b: '3', decides: false },
    ]);
    expect(differences(run({ config: { batch: 8 } }), run({}))).toEqual([{ field: 'config.batch', a: '8', b: 'absent', decides: true }]);
    expect(differences(run({ environment: { isolation: { isolatedCpus: ' ' } } }), run({ environment: { isolation: {} } }))).toEqual([]);
    expect(
      differences(
        run({ environment: { isolation: { smtSiblings: ['0:0-1'] } } }),
        run({ environment: { isolation: { smtSiblings: ['0:0'] } } }),
      ),
    ).toEqual([expect.objectContaining({ field: 'environment.smt', a: 'siblings present', b: 'one thread per core' })]);
  });

  it("says the operator's isolation verdict in words", () => {
    expect(isolationText(true)).toBe('isolated (verified)');
    expect(isolationText(false)).toBe('not isolated');
    expect(isolationText(null)).toBe('not verified');
  });

  it('lists, never decides on, the sweep, the repetitions and how probes and verdicts were set', () => {
    const keys = [
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
    ];
    const a = run({ config: Object.fromEntries(keys.map((k) => [k, 1])) });
    const b = run({ config: Object.fromEntries(keys.map((k) => [k, 2])) });
    expect(differences(a, b)).toEqual([...keys].sort().map((k) => ({ field: `config.${k}`, a: '1', b: '2', decides: false })));
    expect(differences(run({ config: { server: { mode: 1 } } }), run({ config: { server: { mode: 2 } } }))[0].decides).toBe(true);
  });

  it('reads SMT from any granted CPU with a sibling, and a JVM without a GC list', () => {
    expect(
      differences(
        run({ environment: { isolation: { smtSiblings: ['0:0', '1:1,5'] } } }),
        run({ environment: { isolation: { smtSiblings: ['0:0', '1:1'] } } }),
      ).map((d) => d.a),
    ).toEqual(['siblings present']);
    const jvm = { jvm: { vendor: 'Adoptium', version: '25' } };
    expect(differences(run({ environment: jvm }), run({ environment: jvm }))).toEqual([]);
    expect(differences(run({ environment: jvm }), run({ environment: { jvm: { ...jvm.jvm, gc: ['ZGC'] } } }))).toEqual([
      { field: 'environment.gc', a: 'unknown', b: 'ZGC', decides: true },
    ]);
  });

  it('names a step with its variant', () => {
    expect(stepLabel({ label: '1k msg/s', variant: 'agrona' })).toBe('agrona · 1k msg/s');
    expect(stepLabel({ label: '1k msg/s' })).toBe('1k msg/s');
    expect(stepLabel({ label: '1k msg/s', variant: null })).toBe('1k msg/s');
  });

  it("leaves a step out with the runner's reason, or only its verdict when the reason is empty", () => {
    const a = run({ steps: [step('s', { verdict: 'FAIL', reason: 'refused' }), step('t', { verdict: 'FAIL', reason: '  ' }), step('u')] });
    const b = run({ steps: [step('s'), step('t'), step('u', { verdict: 'INCONCLUSIVE' })] });
    expect(stepPlan(a, b).leftOut.map((l) => l.why)).toEqual(['FAIL in A: refused', 'FAIL in A', 'INCONCLUSIVE in B']);
  });
});
