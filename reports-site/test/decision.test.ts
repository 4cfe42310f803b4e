import { describe, expect, it } from 'vitest';
import type { RunResult, StepResult } from '../src/data/contract';
import { change, decide, holm, welchLogTest } from '../src/stats/decision';
import { percentileSamples, repetitionValues } from '../src/stats/samples';

// The decision rule at its edges (docs/compare.md); its figures on realistic inputs are held to the golden cases
// (decision-golden.test.ts), its error rate to real repetitions (calibration.test.ts).

const BASE = [1000, 1012, 991, 1005, 997];

describe('the verdict of one comparison', () => {
  it('reports a change from exactly the threshold and exactly alpha', () => {
    const below = (x: number) => x - Number.EPSILON * x;
    const above = (x: number) => x + Number.EPSILON * x;
    expect(change(1.05, 0.05, 0.05)).toBe('slower');
    expect(change(below(1.05), 0.05, 0.05)).toBe('no change');
    expect(change(1 / 1.05, 0.05, 0.05)).toBe('faster');
    expect(change(above(1 / 1.05), 0.05, 0.05)).toBe('no change');
    expect(change(2, above(0.05), 0.05)).toBe('no change');
    expect(change(0.5, above(0.05), 0.05)).toBe('no change');
  });

  it('needs a threshold that is a fraction of at least 0', () => {
    const one = [{ step: 's', percentile: 'p50', a: BASE, b: BASE }];
    expect(() => decide(one, -0.01)).toThrow('threshold -0.01 is not a fraction of at least 0');
    expect(() => decide(one, Number.NaN)).toThrow('threshold NaN is not a fraction of at least 0');
    expect(() => decide(one, Infinity)).toThrow('threshold Infinity is not a fraction of at least 0');
    expect(decide(one, 0)).toHaveLength(1);
    expect(decide(one)[0].change).toBe('no change');
  });

  it('says "too few repetitions to tell" below three in either run, and tests nothing', () => {
    expect(decide([{ step: 's', percentile: 'p50', a: [1000, 2000], b: BASE }])[0].change).toBe('too few repetitions to tell');
    expect(decide([{ step: 's', percentile: 'p50', a: BASE, b: [1000, 2000] }])[0].change).toBe('too few repetitions to tell');
    expect(decide([{ step: 's', percentile: 'p50', a: [1000, 2000, 1500], b: [1000, 2000, 1500] }])[0].p).toBe(1);
    const few = decide([{ step: 's', percentile: 'p99', a: [100], b: [400] }])[0];
    expect(few).toEqual({
      step: 's',
      percentile: 'p99',
      repetitionsA: 1,
      repetitionsB: 1,
      ratio: few.ratio,
      change: 'too few repetitions to tell',
    });
    expect(few.ratio).toBeCloseTo(4, 12);
    expect(decide([{ step: 's', percentile: 'p50', a: [], b: BASE }])[0].ratio).toBeUndefined();
    expect(decide([{ step: 's', percentile: 'p50', a: BASE, b: [] }])[0].ratio).toBeUndefined();
  });

  it('decides nothing for no comparison', () => {
    expect(decide([])).toEqual([]);
  });
});

describe('Holm', () => {
  it('multiplies the smallest p by the family size and never lets a larger p fall below a smaller one', () => {
    expect(holm([0.01, 0.04, 0.03])).toEqual([0.03, 0.06, 0.06]);
    expect(holm([0.2, 0.001])).toEqual([0.2, 0.002]);
    expect(holm([0.6, 0.7])).toEqual([1, 1]);
    expect(holm([0.04])).toEqual([0.04]);
    expect(holm([])).toEqual([]);
  });
});

describe("Welch's test on logarithms", () => {
  it('refuses a latency that is no positive number, naming run, repetition and value', () => {
    const ok = [1, 2, 3];
    expect(() => welchLogTest([1, 0, 3], ok)).toThrow('run A repetition 2: value 0 is not a positive latency');
    expect(() => welchLogTest(ok, [1, 2, Number.NaN])).toThrow('run B repetition 3: value NaN is not a positive latency');
    expect(() => welchLogTest(ok, [Infinity, 2])).toThrow('run B repetition 1: value Infinity is not a positive latency');
    expect(() => welchLogTest(ok, [-4, 2])).toThrow('value -4 is not');
    expect(() => welchLogTest([5], ok)).toThrow('run A has 1 repetition(s): the test needs at least 2');
    expect(() => welchLogTest(ok, [])).toThrow('run B has 0 repetition(s): the test needs at least 2');
  });

  it('widens its interval with its confidence, around the ratio', () => {
    const b = [1101, 1109, 1093, 1112, 1097];
    const r95 = welchLogTest(BASE, b);
    const r99 = welchLogTest(BASE, b, 0.99);
    expect(r99.low).toBeLessThan(r95.low);
    expect(r99.high).toBeGreaterThan(r95.high);
    expect(r95.low).toBeLessThan(r95.ratio);
    expect(r95.high).toBeGreaterThan(r95.ratio);
    expect(r99.ratio).toBe(r95.ratio);
  });
});

/** A step whose repetitions had these p50s (p99 twice, p99.9 three times that); a repetition of 0 samples measured nothing. */
function step(id: string, p50s: number[], counts = p50s.map(() => 100)): StepResult {
  return {
    id,
    repetitions: p50s.map((p50, i) => ({ latency: { count: counts[i], p50, p99: 2 * p50, p99_9: 3 * p50 } })),
  } as unknown as StepResult;
}

describe("the repetitions' values", () => {
  it('are one per repetition that measured something', () => {
    expect(repetitionValues(step('s', [10, 20, 30], [5, 0, 1]), 'p50')).toEqual([10, 30]);
    expect(repetitionValues(step('s', [10, 20]), 'p99_9')).toEqual([30, 60]);
  });

  it('make one sample per step and percentile, A against B, in the order of the steps given', () => {
    const a = { steps: [step('s', [1, 2, 3]), step('t', [4, 5, 6])] } as unknown as RunResult;
    const b = { steps: [step('t', [7, 8, 9]), step('s', [10, 11, 12])] } as unknown as RunResult;
    expect(percentileSamples(a, b, ['t', 's'])).toEqual([
      { step: 't', percentile: 'p50', a: [4, 5, 6], b: [7, 8, 9] },
      { step: 't', percentile: 'p99', a: [8, 10, 12], b: [14, 16, 18] },
      { step: 't', percentile: 'p99.9', a: [12, 15, 18], b: [21, 24, 27] },
      { step: 's', percentile: 'p50', a: [1, 2, 3], b: [10, 11, 12] },
      { step: 's', percentile: 'p99', a: [2, 4, 6], b: [20, 22, 24] },
      { step: 's', percentile: 'p99.9', a: [3, 6, 9], b: [30, 33, 36] },
    ]);
  });
});
