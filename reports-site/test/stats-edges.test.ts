import { describe, expect, it } from 'vitest';
import type { RunResult, StepResult } from '../src/data/contract';
import { histogramOf } from '../src/hdr/histogram';
import {
  bootstrapPercentiles, bootstrapRatio, drawWeights, percentileInterval, repetitionSet, weightedPercentile,
} from '../src/stats/bootstrap';
import { comparableSteps, differences, isolationText, jvmMajor, runFacts, stepCoMode, stepLoad, unmatchedSteps } from '../src/stats/comparability';
import { seedOf, seededRandom } from '../src/stats/random';

// The statistics behind "faster / slower / not significant" and "comparable", each rule at its edge: these are the
// tests Stryker holds the site's statistics to (make mutation; the gate in make test).

const a = histogramOf([[100, 101, 2], [200, 201, 3]]);
const b = histogramOf([[200, 201, 1], [300, 303, 4]]);

describe('repetitions on one bucket axis', () => {
  it('puts every repetition\'s buckets on the union of the axes, with cumulative counts and totals', () => {
    const set = repetitionSet([a, b]);
    expect([...set.lows]).toEqual([100, 200, 300]);
    expect([...set.highs]).toEqual([101, 201, 303]);
    expect(set.cumulative.map((c) => [...c])).toEqual([[2, 5, 5], [0, 1, 5]]);
    expect(set.totals).toEqual([5, 5]);
  });

  it('takes the percentile of the repetitions added with their weights, HdrHistogram\'s way', () => {
    const set = repetitionSet([a, b]);
    // both once: 10 samples; rank 5 is reached at 200 (2 + 3 from a, 0 + 0 … 1 from b: 2 + 1 + 3 = 6 ≥ 5 at bucket 200)
    expect(weightedPercentile(set, [1, 1], 50)).toBe(201);
    expect(weightedPercentile(set, [1, 1], 20)).toBe(101);  // rank 2: exactly the first bucket's cumulative count
    expect(weightedPercentile(set, [1, 1], 100)).toBe(303);
    expect(weightedPercentile(set, [1, 1], 0)).toBe(100);  // the lowest value, not the bucket's highest
    expect(weightedPercentile(set, [1, 0], 100)).toBe(201);  // b drawn no time
    expect(weightedPercentile(set, [0, 2], 20)).toBe(201);  // rank 2 of 10: b's sample at 200, drawn twice, reaches it exactly
    expect(weightedPercentile(set, [0, 2], 30)).toBe(303);  // rank 3: past it
    expect(weightedPercentile(set, [2, 1], 40)).toBe(201);  // 15 samples, rank 6: 4 at 100, then 6 + 1 at 200
    expect(weightedPercentile(set, [0, 0], 50)).toBeNaN();
    // the binary search ends on the last of several buckets, and on the first
    const five = repetitionSet([histogramOf([[100, 101, 2], [200, 201, 2], [300, 303, 2], [400, 403, 2], [500, 503, 2]])]);
    expect(weightedPercentile(five, [1], 100)).toBe(503);
    expect(weightedPercentile(five, [1], 90)).toBe(503);
    expect(weightedPercentile(five, [1], 80)).toBe(403);
    expect(weightedPercentile(five, [1], 10)).toBe(101);
  });

  it('draws as many repetitions as there are, with replacement', () => {
    const weights = drawWeights(5, seededRandom(7), new Float64Array(5).fill(9));
    expect(weights.reduce((x, y) => x + y, 0)).toBe(5);
    expect([...drawWeights(3, () => 0.99, new Float64Array(3))]).toEqual([0, 0, 3]);
    expect([...drawWeights(3, () => 0, new Float64Array(3))]).toEqual([3, 0, 0]);
  });
});

describe('the confidence interval', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('is the central 95% of the sample: 2.5% cut off each side', () => {
    expect(percentileInterval(oneToHundred)).toEqual({ low: 3, high: 98 });
    expect(percentileInterval(oneToHundred, 0.5)).toEqual({ low: 26, high: 75 });
  });

  it('leaves out what is not a number and sorts what it is given', () => {
    expect(percentileInterval([NaN, ...oneToHundred.slice().reverse(), Infinity])).toEqual({ low: 3, high: 98 });
  });

  it('of a percentile is deterministic for a seed and drawn from the given number of resamples', () => {
    const reps = [a, b, histogramOf([[100, 101, 1], [300, 303, 1]])];
    const [p50] = bootstrapPercentiles(reps, [50], 3, 40);
    expect(p50.value).toBe(201);
    expect(p50.interval).toEqual({ low: 101, high: 303 });
    expect(bootstrapPercentiles([a], [50, 99], 3)).toEqual([
      { percentile: 50, value: 201, interval: null }, { percentile: 99, value: 201, interval: null }]);
  });
});

describe('B against A', () => {
  const scaled = (factor: number) => histogramOf([[100 * factor, 101 * factor, 5], [200 * factor, 201 * factor, 5]]);

  it('is the ratio of B\'s percentile over A\'s', () => {
    expect(bootstrapRatio([scaled(1), scaled(1)], [scaled(2), scaled(2)], 50, 1, 50).ratio).toBeCloseTo(2, 1);
    expect(bootstrapRatio([scaled(2), scaled(2)], [scaled(1), scaled(1)], 50, 1, 50).ratio).toBeCloseTo(0.5, 1);
  });

  it('is not significant when its whole interval is exactly 1: neither side of it', () => {
    const same = bootstrapRatio([scaled(1), scaled(1)], [scaled(1), scaled(1)], 50, 1, 50);
    expect(same).toEqual({ percentile: 50, ratio: 1, interval: { low: 1, high: 1 }, verdict: 'not significant', note: null });
  });

  it('says which run has a single repetition, and gives no interval then', () => {
    // A's p50 is 101; B's two repetitions added reach rank 10 of 20 in the bucket at 200, whose highest value is 202
    expect(bootstrapRatio([scaled(1)], [scaled(1), scaled(2)], 50, 1)).toEqual({ percentile: 50, ratio: 202 / 101,
      interval: null, verdict: 'not significant', note: 'run A has 1 repetition: no interval' });
    expect(bootstrapRatio([scaled(1), scaled(2)], [scaled(1)], 99, 1).note).toBe('run B has 1 repetition: no interval');
  });

  it('is deterministic for a seed, and the resamples it is told', () => {
    const reps = [scaled(1), scaled(1.2), scaled(0.9)];
    const other = [scaled(1.1), scaled(1.3), scaled(1)];
    expect(bootstrapRatio(reps, other, 50, 11, 60)).toEqual(bootstrapRatio(reps, other, 50, 11, 60));
    // pinned: one resample more or less, or another seed, moves the interval
    expect(bootstrapRatio(reps, other, 50, 11, 60).interval).toEqual({ low: 0.9166666666666669, high: 1.3 });
  });
});

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

describe('the seeded generator', () => {
  it('derives the same seed from the same text, and another from another', () => {
    expect(seedOf('')).toBe(0x811c9dc5);
    expect(seedOf('a')).toBe(0xe40c292c);  // FNV-1a's published value for "a"
    expect(seedOf('foobar')).toBe(0xbf9cf968);
  });

  it('gives mulberry32\'s sequence: the same for a seed, uniform in [0, 1)', () => {
    const first = seededRandom(1);
    const values = [first(), first(), first()];
    expect(values).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    const draws = Array.from({ length: 2000 }, seededRandom(42));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });
});
